import { describe, expect, it } from 'vitest';
import {
  filterTaxonomies,
  formToRow,
  joinTaxonomies,
  taxonomySearchPreview,
  validateTaxonomySeo,
} from './taxonomy-seo';

const ROWS = [
  { kind: 'author', slug: 'dana-ortiz', name: 'Dana Ortiz', posts: 4, last_modified: '2026-12-01T09:00:00Z' },
  { kind: 'category', slug: 'prior-authorization', name: 'Prior Authorization', posts: 7, last_modified: null },
  { kind: 'tag', slug: 'cms-2026', name: 'CMS 2026', posts: 0, last_modified: null },
  { kind: 'topic', slug: 'x', name: 'X', posts: 1, last_modified: null },
  { kind: 'tag', slug: null, name: '!!!', posts: 1, last_modified: null },
];
const SEO = [
  {
    kind: 'category',
    slug: 'prior-authorization',
    name: 'Prior Authorization',
    meta_title: 'Prior authorization for DME suppliers',
    meta_description: null,
    created_at: '2026-12-01T09:00:00Z',
    updated_at: '2026-12-01T09:00:00Z',
  },
];

describe('the categories, tags and authors', () => {
  it('joins each archive with its SEO texts, its path made from kind and slug', () => {
    const entries = joinTaxonomies(ROWS, SEO);
    expect(entries.map((entry) => entry.archivePath)).toEqual([
      '/blog/author/dana-ortiz',
      '/blog/category/prior-authorization',
      '/blog/tag/cms-2026',
    ]);
    expect(entries[1]).toMatchObject({ metaTitle: 'Prior authorization for DME suppliers', metaDescription: '' });
    expect(entries[2]).toMatchObject({ posts: 0, metaTitle: '', metaDescription: '' });
  });

  it('filters by kind and by a part of the name', () => {
    const entries = joinTaxonomies(ROWS, SEO);
    expect(filterTaxonomies(entries, 'tag', '').map((entry) => entry.name)).toEqual(['CMS 2026']);
    expect(filterTaxonomies(entries, 'all', ' auth ').map((entry) => entry.name)).toEqual(['Prior Authorization']);
    expect(filterTaxonomies(entries, 'author', 'prior')).toEqual([]);
  });
});

describe('an archive’s SEO texts', () => {
  it('allows more than search results show, up to what the database stores', () => {
    expect(validateTaxonomySeo({ meta_title: 'x'.repeat(200), meta_description: 'y'.repeat(500) })).toEqual({});
    expect(validateTaxonomySeo({ meta_title: 'x'.repeat(201), meta_description: 'y'.repeat(501) })).toEqual({
      meta_title: 'Keep the title to 200 characters; search results show about 60.',
      meta_description: 'Keep the description to 500 characters; search results show about 160.',
    });
  });

  it('stores blank texts as the default (null), with the name the address is made from', () => {
    const [entry] = joinTaxonomies(ROWS.slice(1, 2), []);
    if (!entry) throw new Error('no entry');
    expect(formToRow(entry, { meta_title: '  ', meta_description: ' Billing rules, step by step. ' })).toEqual({
      kind: 'category',
      slug: 'prior-authorization',
      name: 'Prior Authorization',
      meta_title: null,
      meta_description: 'Billing rules, step by step.',
    });
  });

  it('previews the search result with what the archive page’s head says: the defaults where a field is blank', () => {
    const [entry] = joinTaxonomies(ROWS.slice(1, 2), []);
    if (!entry) throw new Error('no entry');
    const site = { companyName: 'ClaimBridge', siteUrl: 'https://www.example.test' };
    expect(taxonomySearchPreview(entry, { meta_title: '', meta_description: ' ' }, site)).toEqual({
      url: 'https://www.example.test/blog/category/prior-authorization',
      title: 'Posts in Prior Authorization | ClaimBridge',
      description:
        'ClaimBridge articles on Prior Authorization for HME/DME suppliers: practical guidance from the people who work DME claims every day.',
    });
    expect(
      taxonomySearchPreview(
        entry,
        { meta_title: ' Prior authorization for DME suppliers ', meta_description: 'PA rules by payer.' },
        site,
      ),
    ).toMatchObject({ title: 'Prior authorization for DME suppliers', description: 'PA rules by payer.' });
  });
});
