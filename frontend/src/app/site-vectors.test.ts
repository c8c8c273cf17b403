import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '@/data/blog/types';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { buildBlogPostHead } from '@/features/blog/post-head';
import { buildPageSeoHead } from '@/features/seo/page-seo';
import { DYNAMIC_ATTR, type HeadSpec } from '@/lib/head';
import { PREVIEW_ROUTE_PATH, routes } from './router';
import { ADMIN_PATH, AUTH_PATH } from './routes/admin/admin-routes';
import { archivePages, searchPage } from './routes/data-public-pages';
import vectors from './site-vectors.json';

/** A head as the vectors write it (crates/site compares its heads in the same form). */
function plainHead(head: HeadSpec) {
  return {
    title: head.title,
    metas: head.metas.map((meta) => [meta.key, meta.value, meta.content]),
    canonical: head.canonical ?? null,
    jsonLd: head.jsonLd ?? null,
  };
}

/** What react-router renders for `path` in the app's route table, in the vectors' terms. */
function routeKind(path: string): { kind: string; archive?: string; slug?: string } {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1);
  if (!leaf || leaf.route.path === '*') return { kind: 'unknown' };
  if (matches.some((match) => match.route.path === AUTH_PATH || match.route.path === ADMIN_PATH)) {
    return { kind: 'admin' };
  }
  if (leaf.route.path === PREVIEW_ROUTE_PATH) return { kind: 'preview' };
  if (leaf.route.path === searchPage.path) return { kind: 'search' };
  const archive = Object.entries(archivePages).find(([, route]) => route.path === leaf.route.path);
  if (archive) return { kind: 'archive', archive: archive[0], slug: leaf.params.slug };
  if (leaf.route.path?.includes(':')) return { kind: 'post', slug: leaf.params.slug };
  return { kind: 'page' };
}

describe('the shared site vectors', () => {
  it('name the attribute the client marks its head elements with', () => {
    expect(vectors.dynamicAttribute).toBe(DYNAMIC_ATTR);
  });

  it.each(vectors.routes)('route $path', (vector) => {
    const expected =
      vector.kind === 'post'
        ? { kind: vector.kind, slug: vector.slug }
        : vector.kind === 'archive'
          ? { kind: vector.kind, archive: vector.archive, slug: vector.slug }
          : { kind: vector.kind };
    expect(routeKind(vector.path)).toEqual(expected);
  });

  it.each(vectors.pageHeads)('page head: $case', (vector) => {
    const { companyName, siteUrl } = vectors.context;
    const head = buildPageSeoHead(vector.record as PageSeoRecord | null, {
      companyName,
      siteUrl,
      pageUrl: `${siteUrl}${vector.route === '/' ? '/' : vector.route}`,
    });
    expect(plainHead(head)).toEqual(vector.head);
  });

  it.each(vectors.postHeads)('post head: $case', (vector) => {
    const head = buildBlogPostHead(vector.post as unknown as BlogPost, vectors.context);
    expect(plainHead(head)).toEqual(vector.head);
  });
});
