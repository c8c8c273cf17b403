import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RELATED_POSTS_RESOURCE } from '@/data/blog/related-posts-query';
import type { RelatedPost } from '@/data/blog/types';
import { browserQueryClient } from '@/lib/query-client';
import { renderServedRoutes } from '@/testing/render-served-routes';
import { RelatedPosts } from './related-posts';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

const related = (n: number, category = 'Prior Authorization'): RelatedPost => ({
  id: `related-${n}`,
  title: `Related post ${n}`,
  slug: `related-post-${n}`,
  description: `Why post ${n} matters.`,
  category,
  read_time: '4',
  created_at: '2026-10-01T09:00:00Z',
});

function renderUnder(slug: string, resources?: Record<string, unknown>) {
  return renderServedRoutes(
    [{ path: 'blog/:slug', element: <RelatedPosts slug={slug} /> }],
    `/blog/${slug}`,
    resources,
  );
}

const relatedCalls = () => fake.rpc.mock.calls.filter(([name]) => name === 'related_posts').map(([, args]) => args);

beforeEach(() => {
  resetFake();
  browserQueryClient().clear();
});

describe('RelatedPosts', () => {
  it('shows three of the embedded posts as cards under one heading, badges linked to their category', () => {
    renderUnder('oxygen-billing', {
      [RELATED_POSTS_RESOURCE]: [related(1), related(2, 'HME/DME Billing'), related(3), related(4)],
    });
    const section = screen.getByRole('region', { name: 'Related articles' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Related post 1', 'Related post 2', 'Related post 3']);
    expect(
      within(section)
        .getAllByRole('link', { name: /^Category:/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/blog/category/prior-authorization',
      '/blog/category/hme-dme-billing',
      '/blog/category/prior-authorization',
    ]);
    expect(within(section).getByRole('link', { name: 'Read More: Related post 2' }).getAttribute('href')).toBe(
      '/blog/related-post-2',
    );
    expect(relatedCalls()).toEqual([]);
  });

  it('is hidden when no post is related', () => {
    const { container } = renderUnder('oxygen-billing', { [RELATED_POSTS_RESOURCE]: [] });
    expect(container.querySelector('.related-posts')).toBeNull();
  });

  it('asks related_posts for the post when nothing is embedded', async () => {
    fake.rpc.mockImplementation((name) =>
      Promise.resolve({ data: name === 'related_posts' ? [related(7)] : null, error: null }),
    );
    renderUnder('dme-billing-coding-guide');
    expect(await screen.findByRole('heading', { level: 3, name: 'Related post 7' })).toBeTruthy();
    expect(relatedCalls()).toEqual([{ post_slug: 'dme-billing-coding-guide', max_results: 3 }]);
  });
});
