import { describe, expect, it } from 'vitest';
import {
  pageSeoErrors,
  pageSeoWarnings,
  PREVIEW_DESCRIPTION_FALLBACK,
  PREVIEW_TITLE_FALLBACK,
  searchPreview,
  seoScore,
  type SeoScoreInput,
} from './seo-score';

const empty: SeoScoreInput = {
  meta_title: '',
  meta_description: '',
  keywords: [],
  og_title: '',
  og_description: '',
  canonical_url: '',
};
const chars = (n: number) => 'a'.repeat(n);

describe('seoScore', () => {
  it('is 0 for an empty record and 100 for a complete one', () => {
    expect(seoScore(empty)).toBe(0);
    expect(
      seoScore({
        meta_title: chars(45),
        meta_description: chars(150),
        keywords: ['a', 'b', 'c'],
        og_title: 'OG',
        og_description: 'OG description',
        canonical_url: 'https://example.com/',
      }),
    ).toBe(100);
  });

  it.each([
    ['meta_title', 1, 15],
    ['meta_title', 29, 15],
    ['meta_title', 30, 25],
    ['meta_title', 60, 25],
    ['meta_title', 61, 15],
    ['meta_description', 1, 15],
    ['meta_description', 119, 15],
    ['meta_description', 120, 25],
    ['meta_description', 160, 25],
    ['meta_description', 161, 15],
  ] as const)('%s of %i characters scores %i', (field, length, expected) => {
    expect(seoScore({ ...empty, [field]: chars(length) })).toBe(expected);
  });

  it.each([
    [0, 0],
    [1, 10],
    [2, 10],
    [3, 15],
    [5, 15],
  ])('%i keywords score %i', (count, expected) => {
    expect(seoScore({ ...empty, keywords: Array.from({ length: count }, (_, i) => `k${i}`) })).toBe(expected);
  });

  it('gives 10 for OG title, 10 for OG description, 15 for a canonical URL', () => {
    expect(seoScore({ ...empty, og_title: 'x' })).toBe(10);
    expect(seoScore({ ...empty, og_description: 'x' })).toBe(10);
    expect(seoScore({ ...empty, canonical_url: 'https://x.test/' })).toBe(15);
  });

  it('does not count whitespace-only fields as present', () => {
    expect(seoScore({ ...empty, meta_title: '   ', og_title: ' ', canonical_url: ' ' })).toBe(0);
  });
});

describe('pageSeoErrors', () => {
  it('lists both required messages in order', () => {
    expect(pageSeoErrors({ meta_title: '', meta_description: '' })).toEqual([
      'Meta title is required',
      'Meta description is required',
    ]);
    expect(pageSeoErrors({ meta_title: 'T', meta_description: '' })).toEqual(['Meta description is required']);
    expect(pageSeoErrors({ meta_title: 'T', meta_description: 'D' })).toEqual([]);
  });

  it('computes the (undisplayed) warnings', () => {
    expect(pageSeoWarnings({ meta_title: chars(61), meta_description: chars(161), keywords: [] })).toHaveLength(3);
    expect(pageSeoWarnings({ meta_title: chars(60), meta_description: chars(160), keywords: ['a'] })).toEqual([]);
  });
});

describe('searchPreview', () => {
  const base = { canonical_url: '', page_route: '', meta_title: '', meta_description: '' };

  it('falls back to the site address, the placeholder title and description', () => {
    expect(searchPreview(base, 'https://site.test/')).toEqual({
      url: 'https://site.test',
      title: PREVIEW_TITLE_FALLBACK,
      description: PREVIEW_DESCRIPTION_FALLBACK,
    });
    expect(PREVIEW_TITLE_FALLBACK).toBe('Your Page Title');
  });

  it('appends the route to the site address', () => {
    expect(searchPreview({ ...base, page_route: '/services' }, 'https://site.test').url).toBe(
      'https://site.test/services',
    );
  });

  it('prefers the canonical URL, meta title and meta description', () => {
    expect(
      searchPreview(
        { canonical_url: 'https://c.test/x', page_route: '/x', meta_title: 'T', meta_description: 'D' },
        'https://site.test',
      ),
    ).toEqual({ url: 'https://c.test/x', title: 'T', description: 'D' });
  });
});
