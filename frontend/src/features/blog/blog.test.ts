import { describe, expect, it } from 'vitest';
import { applyHead, DYNAMIC_ATTR } from '@/lib/head';
import type { BlogPost } from '@/data/blog/types';
import { formatPostDate, formatReadTime } from '@/components/blog/post-dates';
import { buildBlogPostHead } from './post-head';
import { sanitizeHtml } from '@/lib/sanitize-html';

const post: BlogPost = {
  id: '1',
  title: 'Oxygen Billing and the 36-Month Cap',
  slug: 'oxygen-billing-36-month-rental-cap',
  description: 'How the cap works.',
  content: '<p>Body</p>',
  category: 'Billing & Coding',
  read_time: '5',
  created_at: '2025-03-04T15:00:00+00:00',
  updated_at: '2025-04-01T15:00:00+00:00',
  published: true,
  publish_at: null,
  meta_title: 'Oxygen 36-Month Rental Cap',
  focus_keyword: null,
  featured_image_url: '/blog-images/oxygen.svg',
  featured_image_alt: null,
  excerpt: 'The short version.',
  og_title: null,
  og_description: null,
  og_image: null,
  twitter_card_type: 'summary_large_image',
  canonical_url: null,
  author_id: null,
  author_name: 'Maria Delgado',
  tags: ['oxygen', 'rental cap', ' '],
  schema_type: 'TechArticle',
  noindex: false,
  nofollow: false,
};

const context = { companyName: 'ClaimBridge', siteUrl: 'https://www.claimbridge.com' };

const metaMap = (head: ReturnType<typeof buildBlogPostHead>) =>
  head.metas.map((meta) => [meta.value, meta.content] as const);

describe('blog post head', () => {
  it('title is "{meta_title or title} | {company}"', () => {
    expect(buildBlogPostHead(post, context).title).toBe('Oxygen 36-Month Rental Cap | ClaimBridge');
    expect(buildBlogPostHead({ ...post, meta_title: null }, context).title).toBe(
      'Oxygen Billing and the 36-Month Cap | ClaimBridge',
    );
  });

  it('builds description, keywords, canonical, Open Graph, article and Twitter tags', () => {
    const head = buildBlogPostHead(post, context);
    const url = 'https://www.claimbridge.com/blog/oxygen-billing-36-month-rental-cap';
    expect(head.canonical).toBe(url);
    expect(metaMap(head)).toEqual([
      ['description', 'The short version.'],
      ['keywords', 'oxygen, rental cap'],
      ['og:type', 'article'],
      ['og:title', 'Oxygen 36-Month Rental Cap'],
      ['og:description', 'The short version.'],
      ['og:image', 'https://www.claimbridge.com/blog-images/oxygen.svg'],
      ['og:url', url],
      ['og:site_name', 'ClaimBridge'],
      ['article:published_time', post.created_at],
      ['article:modified_time', post.updated_at],
      ['article:author', 'Maria Delgado'],
      ['article:tag', 'oxygen'],
      ['article:tag', 'rental cap'],
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', 'Oxygen 36-Month Rental Cap'],
      ['twitter:description', 'The short version.'],
      ['twitter:image', 'https://www.claimbridge.com/blog-images/oxygen.svg'],
    ]);
  });

  it('adds robots only when noindex or nofollow is set; og_image wins over the featured image', () => {
    expect(metaMap(buildBlogPostHead(post, context)).some(([name]) => name === 'robots')).toBe(false);
    const head = buildBlogPostHead(
      { ...post, noindex: true, nofollow: true, og_image: 'https://cdn.example/og.png' },
      context,
    );
    expect(metaMap(head)).toContainEqual(['robots', 'noindex, nofollow']);
    expect(metaMap(head)).toContainEqual(['og:image', 'https://cdn.example/og.png']);
    expect(metaMap(buildBlogPostHead({ ...post, nofollow: true }, context))).toContainEqual(['robots', 'nofollow']);
  });

  it('JSON-LD: schema type, headline, dates, person author, publisher with logo, keywords', () => {
    const head = buildBlogPostHead(post, context);
    expect(head.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TechArticle',
      headline: 'Oxygen 36-Month Rental Cap',
      description: 'The short version.',
      image: 'https://www.claimbridge.com/blog-images/oxygen.svg',
      datePublished: post.created_at,
      dateModified: post.updated_at,
      author: { '@type': 'Person', name: 'Maria Delgado' },
      publisher: {
        '@type': 'Organization',
        name: 'ClaimBridge',
        logo: { '@type': 'ImageObject', url: 'https://www.claimbridge.com/favicon.svg' },
      },
      mainEntityOfPage: {
        '@type': 'WebPage',
        '@id': 'https://www.claimbridge.com/blog/oxygen-billing-36-month-rental-cap',
      },
      keywords: 'oxygen, rental cap',
    });
  });

  it('author falls back to the organization; description to the post description', () => {
    const head = buildBlogPostHead(
      { ...post, author_name: null, excerpt: null, canonical_url: 'https://x.example/p' },
      context,
    );
    expect(head.jsonLd).toMatchObject({ author: { '@type': 'Organization', name: 'ClaimBridge' } });
    expect(metaMap(head)).toContainEqual(['description', 'How the cap works.']);
    expect(head.canonical).toBe('https://x.example/p');
  });

  it('applying a head removes the previous dynamic tags and keeps one canonical and one JSON-LD', () => {
    applyHead(document, buildBlogPostHead(post, context));
    expect(
      Array.from(document.head.querySelectorAll('meta[property="article:tag"]')).map((meta) =>
        meta.getAttribute('content'),
      ),
    ).toEqual(['oxygen', 'rental cap']);
    applyHead(document, buildBlogPostHead({ ...post, tags: ['one'] }, context));
    expect(document.title).toBe('Oxygen 36-Month Rental Cap | ClaimBridge');
    expect(document.head.querySelectorAll('meta[property="article:tag"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
    applyHead(document, { title: 'ClaimBridge', metas: [] });
    expect(document.head.querySelectorAll(`[${DYNAMIC_ATTR}]`)).toHaveLength(0);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('dates and read time', () => {
  it('formats timestamps as en-US long dates', () => {
    expect(formatPostDate('2024-01-10T12:00:00Z')).toBe('January 10, 2024');
    expect(formatPostDate('not a date')).toBe('');
    expect(formatPostDate(null)).toBe('');
  });

  it('shows read time in minutes', () => {
    expect(formatReadTime('7')).toBe('7 min read');
    expect(formatReadTime('')).toBe('5 min read');
    expect(formatReadTime('10 minutes')).toBe('10 minutes');
  });
});

describe('sanitizeHtml', () => {
  it('removes scripts, handlers and javascript: links', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><img src=x onerror="y()">',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('gives every content link rel="noopener", keeping other rel tokens', () => {
    const clean = sanitizeHtml('<a href="https://example.com" target="_blank">a</a><a href="/x" rel="nofollow">b</a>');
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    const links = Array.from(doc.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('rel'))).toEqual(['noopener', 'nofollow noopener']);
    expect(links[0]?.getAttribute('target')).toBe('_blank');
  });

  it('keeps YouTube and Vimeo player frames (titled, lazy) and removes every other frame', () => {
    const clean = sanitizeHtml(
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc123"></iframe>' +
        '<iframe src="https://player.vimeo.com/video/42" title="Intake demo"></iframe>' +
        '<iframe src="https://evil.example/embed/x"></iframe>' +
        '<iframe src="javascript:alert(1)"></iframe>' +
        '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/ok"></iframe>' +
        '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
    );
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    const frames = Array.from(doc.querySelectorAll('iframe'));
    expect(frames.map((frame) => frame.getAttribute('src'))).toEqual([
      'https://www.youtube.com/embed/abc123',
      'https://player.vimeo.com/video/42',
      'https://www.youtube.com/embed/ok',
    ]);
    expect(frames.map((frame) => frame.getAttribute('title'))).toEqual([
      'Embedded video',
      'Intake demo',
      'Embedded video',
    ]);
    expect(frames.every((frame) => frame.getAttribute('loading') === 'lazy')).toBe(true);
    expect(frames[0]?.hasAttribute('allowfullscreen')).toBe(true);
    expect(clean).not.toMatch(/srcdoc|javascript:|evil/);
  });
});
