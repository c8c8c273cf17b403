import { describe, expect, it, vi } from 'vitest';
import { toSearchStats } from './search-stats-query';

// The query module reaches the admin client; these tests never call it.
vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));

describe('toSearchStats', () => {
  it('reads the top queries and those that found nothing', () => {
    expect(
      toSearchStats({
        top: [
          { query: 'prior authorization', searches: 42, no_result_searches: 0 },
          { query: 'k0823', searches: 9, no_result_searches: 9 },
        ],
        no_results: [{ query: 'k0823', searches: 9 }],
      }),
    ).toEqual({
      top: [
        { query: 'prior authorization', searches: 42, noResults: 0 },
        { query: 'k0823', searches: 9, noResults: 9 },
      ],
      noResults: [{ query: 'k0823', searches: 9, noResults: 9 }],
    });
  });

  it('drops what is not a query, and reads anything else as empty', () => {
    expect(toSearchStats({ top: [{ searches: 3 }, 'x', null], no_results: 'none' })).toEqual({
      top: [],
      noResults: [],
    });
    expect(toSearchStats(null)).toEqual({ top: [], noResults: [] });
  });
});
