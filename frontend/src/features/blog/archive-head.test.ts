import { describe, expect, it } from 'vitest';
import type { BlogArchive } from '@/data/blog/types';
import { archivePageCount, archivePagePath, buildArchiveHead } from './archive-head';

const context = { companyName: 'ClaimBridge', siteUrl: 'https://www.example.test' };

const archive = (overrides: Partial<BlogArchive> = {}): BlogArchive => ({
  kind: 'category',
  slug: 'prior-authorization',
  name: 'Prior Authorization',
  meta_title: null,
  meta_description: null,
  total: 30,
  page: 1,
  page_size: 12,
  last_modified: '2026-11-30T10:00:00Z',
  posts: [],
  ...overrides,
});

const metas = (head: ReturnType<typeof buildArchiveHead>) => head.metas.map((meta) => [meta.value, meta.content]);
const links = (head: ReturnType<typeof buildArchiveHead>) =>
  (head.links ?? []).filter((link) => link.rel !== 'alternate').map((link) => [link.rel, link.href]);
const base = 'https://www.example.test/blog/category/prior-authorization';

describe('archive head', () => {
  it('titles a page by its heading and the company, page numbers after the first', () => {
    expect(buildArchiveHead(archive(), context).title).toBe('Posts in Prior Authorization | ClaimBridge');
    expect(buildArchiveHead(archive({ page: 2 }), context).title).toBe(
      'Posts in Prior Authorization, page 2 | ClaimBridge',
    );
    expect(buildArchiveHead(archive({ kind: 'tag', slug: 'oxygen', name: 'oxygen' }), context).title).toBe(
      'Posts tagged oxygen | ClaimBridge',
    );
    expect(buildArchiveHead(archive({ kind: 'author', slug: 'dana-ortiz', name: 'Dana Ortiz' }), context).title).toBe(
      'Posts by Dana Ortiz | ClaimBridge',
    );
  });

  it("uses the staff's SEO title and description as written", () => {
    const head = buildArchiveHead(
      archive({ meta_title: ' Prior authorization guides ', meta_description: 'PA rules by payer.', page: 3 }),
      context,
    );
    expect(head.title).toBe('Prior authorization guides, page 3');
    expect(metas(head)).toContainEqual(['description', 'PA rules by payer.']);
  });

  it('is canonical per page, links the pages either side and the feed, and stays indexable with posts', () => {
    const first = buildArchiveHead(archive(), context);
    expect(first.canonical).toBe(base);
    expect(links(first)).toEqual([['next', `${base}?page=2`]]);
    expect(first.links?.find((link) => link.rel === 'alternate')).toEqual({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: 'ClaimBridge: Posts in Prior Authorization',
      href: `${base}/rss.xml`,
    });
    const description =
      'ClaimBridge articles on Prior Authorization for HME/DME suppliers: practical guidance from the people who work DME claims every day.';
    expect(metas(first)).toEqual([
      ['description', description],
      ['og:type', 'website'],
      ['og:title', 'Posts in Prior Authorization | ClaimBridge'],
      ['og:description', description],
      ['og:url', base],
      ['og:site_name', 'ClaimBridge'],
    ]);

    const middle = buildArchiveHead(archive({ page: 2 }), context);
    expect(middle.canonical).toBe(`${base}?page=2`);
    expect(links(middle)).toEqual([
      ['prev', base],
      ['next', `${base}?page=3`],
    ]);
    expect(links(buildArchiveHead(archive({ page: 3 }), context))).toEqual([['prev', `${base}?page=2`]]);
  });

  it('keeps an empty archive out of search results, and gives authors no feed', () => {
    const empty = buildArchiveHead(archive({ total: 0 }), context);
    expect(metas(empty)).toContainEqual(['robots', 'noindex']);
    expect(links(empty)).toEqual([]);
    const author = buildArchiveHead(archive({ kind: 'author', slug: 'dana-ortiz', name: 'Dana Ortiz' }), context);
    expect(author.links?.some((link) => link.rel === 'alternate')).toBe(false);
  });

  it('counts pages and spells page paths', () => {
    expect(archivePageCount({ total: 0, page_size: 12 })).toBe(1);
    expect(archivePageCount({ total: 12, page_size: 12 })).toBe(1);
    expect(archivePageCount({ total: 13, page_size: 12 })).toBe(2);
    expect(archivePagePath('tag', 'oxygen', 1)).toBe('/blog/tag/oxygen');
    expect(archivePagePath('tag', 'oxygen', 4)).toBe('/blog/tag/oxygen?page=4');
  });
});
