import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteSearchCard } from './site-search-card';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteSearchCard range={{ from: '2026-11-06', to: '2026-12-05' }} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetFake();
});

describe('the Site search card', () => {
  it('asks for the chosen range and lists top searches and searches with no results', async () => {
    fake.rpc.mockResolvedValue({
      data: {
        top: [{ query: 'prior authorization', searches: 1042, no_result_searches: 0 }],
        no_results: [{ query: 'k0823 modifier', searches: 6 }],
      },
      error: null,
    });
    renderCard();
    const card = within(screen.getByRole('region', { name: 'Site search' }));
    expect(await card.findByText('prior authorization')).toBeTruthy();
    expect(card.getByText('1,042')).toBeTruthy();
    const noResult = card.getByRole('link', { name: /^k0823 modifier/ });
    expect(noResult.getAttribute('href')).toBe('/search?q=k0823%20modifier');
    expect(fake.rpc).toHaveBeenCalledWith('search_stats', { from_day: '2026-11-06', to_day: '2026-12-05' });
  });

  it('says when nobody searched', async () => {
    fake.rpc.mockResolvedValue({ data: { top: [], no_results: [] }, error: null });
    renderCard();
    expect(await screen.findByText('No searches in this range.')).toBeTruthy();
    expect(screen.getByText('Every search in this range found something.')).toBeTruthy();
  });
});
