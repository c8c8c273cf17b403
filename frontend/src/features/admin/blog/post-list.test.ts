import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POST_FILTERS,
  filtersFromSearch,
  pageCount,
  pageRange,
  quotedPattern,
  searchFromFilters,
  shownRange,
} from './post-list';

describe('the post list’s filters in the address', () => {
  it('round-trip, and the default list has a clean address', () => {
    const filters = {
      search: 'oxygen, cap',
      status: 'scheduled',
      category: 'Billing',
      author: 'user-1',
      page: 3,
    } as const;
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(searchFromFilters(DEFAULT_POST_FILTERS).toString()).toBe('');
  });

  it('fall back to the defaults for anything unknown or malformed', () => {
    const filters = filtersFromSearch(new URLSearchParams('status=deleted&page=-2&q=' + 'x'.repeat(300)));
    expect(filters.status).toBe('all');
    expect(filters.page).toBe(1);
    expect(filters.search).toHaveLength(200);
    expect(filtersFromSearch(new URLSearchParams('page=2.5abc')).page).toBe(2);
    expect(filtersFromSearch(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('quotedPattern', () => {
  it('keeps PostgREST’s list syntax out of the search text', () => {
    expect(quotedPattern(' CMN, (DWO).  ')).toBe('"*CMN, (DWO).*"');
    expect(quotedPattern('say "hi" \\ there')).toBe('"*say \\"hi\\" \\\\ there*"');
    // A typed wildcard would match every post.
    expect(quotedPattern('*')).toBe('"**"');
  });
});

describe('paging', () => {
  it('asks for twenty rows a page and counts the pages', () => {
    expect(pageRange(1)).toEqual([0, 19]);
    expect(pageRange(3)).toEqual([40, 59]);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(1000)).toBe(50);
  });

  it('says which posts are shown', () => {
    expect(shownRange(1, 0, 0)).toBe('No posts');
    expect(shownRange(2, 20, 1000)).toBe('21–40 of 1,000');
    expect(shownRange(50, 20, 1000)).toBe('981–1,000 of 1,000');
  });
});
