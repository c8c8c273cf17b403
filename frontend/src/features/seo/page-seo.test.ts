import { describe, expect, it } from 'vitest';
import { applyHead } from '@/lib/head';
import { ownsHead, seoRoute } from './head-owners';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { robotsContent } from '@/lib/head';
import { buildPageSeoHead } from './page-seo';
import { PAGE_SEO_STALE_TIME_MS, pageSeoQuery } from './page-seo-query';

const record: PageSeoRecord = {
  id: '1',
  page_route: '/services',
  page_name: 'Services',
  meta_title: 'DME Services | ClaimBridge',
  meta_description: 'Billing services.',
  keywords: ['dme billing', ' hme software '],
  canonical_url: 'https://www.claimbridge.com/services',
  featured_image_url: null,
  featured_image_alt: null,
  og_title: 'Services',
  og_description: null,
  og_image: '/og/default.png',
  og_type: 'website',
  twitter_card_type: 'summary',
  twitter_title: null,
  twitter_description: null,
  twitter_image: null,
  noindex: true,
  nofollow: false,
  schema_json: { '@type': 'Service' },
  content: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
};

const context = {
  companyName: 'ClaimBridge',
  siteUrl: 'https://www.claimbridge.com',
  pageUrl: 'https://www.claimbridge.com/services',
};

describe('page SEO head', () => {
  it('defaults to the company name as document title without a record', () => {
    expect(buildPageSeoHead(null, context)).toEqual({ title: 'ClaimBridge', metas: [] });
  });

  it('applies title, meta, canonical, Open Graph, Twitter, robots and JSON-LD', () => {
    const head = buildPageSeoHead(record, context);
    expect(head.title).toBe('DME Services | ClaimBridge');
    expect(head.canonical).toBe('https://www.claimbridge.com/services');
    expect(head.jsonLd).toEqual({ '@type': 'Service' });
    expect(head.metas.map((meta) => [meta.value, meta.content])).toEqual([
      ['description', 'Billing services.'],
      ['keywords', 'dme billing, hme software'],
      ['robots', 'noindex'],
      ['og:type', 'website'],
      ['og:title', 'Services'],
      ['og:description', 'Billing services.'],
      ['og:image', 'https://www.claimbridge.com/og/default.png'],
      ['og:url', 'https://www.claimbridge.com/services'],
      ['og:site_name', 'ClaimBridge'],
      ['twitter:card', 'summary'],
      ['twitter:title', 'Services'],
      ['twitter:description', 'Billing services.'],
      ['twitter:image', 'https://www.claimbridge.com/og/default.png'],
    ]);
  });

  it('robots content only for set flags', () => {
    expect(robotsContent(false, false)).toBe('');
    expect(robotsContent(true, true)).toBe('noindex, nofollow');
    expect(robotsContent(null, true)).toBe('nofollow');
  });

  it('replaces the static description of index.html instead of duplicating it', () => {
    document.head.innerHTML = '<meta name="description" content="static">';
    applyHead(document, buildPageSeoHead(record, context));
    const descriptions = document.head.querySelectorAll('meta[name="description"]');
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]?.getAttribute('content')).toBe('Billing services.');
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toBe('{"@type":"Service"}');
  });

  it('is cached for 5 minutes, keyed by route', () => {
    const options = pageSeoQuery('/about');
    expect(PAGE_SEO_STALE_TIME_MS).toBe(300_000);
    expect(options.staleTime).toBe(300_000);
    expect(options.queryKey).toEqual(['page-seo', '/about']);
  });

  it('normalises routes and leaves generic blog posts to their own head', () => {
    expect(seoRoute('/blog/')).toBe('/blog');
    expect(seoRoute('/')).toBe('/');
    expect(ownsHead('/blog/oxygen-billing-36-month-rental-cap')).toBe(true);
    expect(ownsHead('/blog/dme-billing-coding-guide')).toBe(false);
    expect(ownsHead('/blog')).toBe(false);
    expect(ownsHead('/blog/category/compliance')).toBe(true);
    expect(ownsHead('/blog/tag/oxygen')).toBe(true);
    expect(ownsHead('/blog/author/dana-ortiz')).toBe(true);
    expect(ownsHead('/search')).toBe(true);
    expect(ownsHead('/blog/category/a/b')).toBe(false);
  });
});
