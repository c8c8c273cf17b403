import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ClaimingPage, clearHead, dynamicLinks } from '@/testing/claimed-head';
import { applyHead, metaName, type HeadSpec } from './head';
import { RenderProvider, RenderReport } from './render-context';
import { isHeadClaimed, useUnclaimedHead } from './use-head';

const ARCHIVE_HEAD: HeadSpec = {
  title: 'Posts in Prior Authorization | ClaimBridge',
  metas: [metaName('description', 'Prior authorization posts.')],
  canonical: 'https://www.example.test/blog/category/prior-authorization?page=2',
  links: [
    { rel: 'prev', href: 'https://www.example.test/blog/category/prior-authorization' },
    { rel: 'next', href: 'https://www.example.test/blog/category/prior-authorization?page=3' },
  ],
};

beforeEach(clearHead);

describe('applyHead links', () => {
  it('writes each link, marked, with its type and title when given, and removes them with the next head', () => {
    applyHead(document, {
      ...ARCHIVE_HEAD,
      links: [
        ...(ARCHIVE_HEAD.links ?? []),
        { rel: 'alternate', href: '/blog/category/x/rss.xml', type: 'application/rss+xml', title: 'X posts' },
      ],
    });
    const links = Array.from(document.head.querySelectorAll('link:not([rel="canonical"])'));
    expect(links.map((link) => link.outerHTML)).toEqual([
      '<link rel="prev" href="https://www.example.test/blog/category/prior-authorization" data-dynamic-seo="">',
      '<link rel="next" href="https://www.example.test/blog/category/prior-authorization?page=3" data-dynamic-seo="">',
      '<link rel="alternate" href="/blog/category/x/rss.xml" type="application/rss+xml" title="X posts" data-dynamic-seo="">',
    ]);

    applyHead(document, { title: 'Next page', metas: [] });
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('useHead', () => {
  it('reports the head during a server render and touches no document', () => {
    const report = new RenderReport();
    document.title = 'before';
    renderToString(
      <MemoryRouter initialEntries={['/blog/category/prior-authorization']}>
        <RenderProvider pageData={null} report={report}>
          <ClaimingPage spec={ARCHIVE_HEAD} />
        </RenderProvider>
      </MemoryRouter>,
    );
    expect(report.head).toEqual(ARCHIVE_HEAD);
    expect(document.title).toBe('before');
    expect(isHeadClaimed()).toBe(false);
  });

  it('reports no head for a page that claims none', () => {
    const report = new RenderReport();
    renderToString(
      <MemoryRouter>
        <RenderProvider pageData={null} report={report}>
          <ClaimingPage spec={null} />
        </RenderProvider>
      </MemoryRouter>,
    );
    expect(report.head).toBeNull();
  });

  it('applies the head in the browser, again when the spec changes, and claims it while mounted', () => {
    const { rerender, unmount } = render(<ClaimingPage spec={ARCHIVE_HEAD} />);
    expect(document.title).toBe(ARCHIVE_HEAD.title);
    expect(dynamicLinks()).toEqual(ARCHIVE_HEAD.links?.map((link) => [link.rel, link.href]));
    expect(isHeadClaimed()).toBe(true);
    rerender(<ClaimingPage spec={{ ...ARCHIVE_HEAD, title: 'Page 3', links: [] }} />);
    expect(document.title).toBe('Page 3');
    expect(dynamicLinks()).toEqual([]);
    unmount();
    expect(isHeadClaimed()).toBe(false);
  });
});

const RECORD_HEAD: HeadSpec = { title: 'About | ClaimBridge', metas: [metaName('description', 'Who we are.')] };

/** A route's SEO record after its page, as SiteDataLayout places PageSeo. */
function RecordHead() {
  useUnclaimedHead(RECORD_HEAD);
  return null;
}

function serverReport(page: ReactNode): RenderReport {
  const report = new RenderReport();
  renderToString(
    <MemoryRouter>
      <RenderProvider pageData={null} report={report}>
        {page}
        <RecordHead />
      </RenderProvider>
    </MemoryRouter>,
  );
  return report;
}

describe('useUnclaimedHead', () => {
  it("reports the record's head when no page claims one", () => {
    expect(serverReport(<h1>About</h1>).head).toEqual(RECORD_HEAD);
  });

  it('leaves the head to a page that claims it, even before the page knows it', () => {
    expect(serverReport(<ClaimingPage spec={ARCHIVE_HEAD} />).head).toEqual(ARCHIVE_HEAD);
    expect(serverReport(<ClaimingPage spec={null} />).head).toBeNull();
  });

  it("applies the record's head in the browser only while no page claims the head", () => {
    render(<RecordHead />);
    expect(document.title).toBe(RECORD_HEAD.title);
    clearHead();
    render(
      <>
        <ClaimingPage spec={ARCHIVE_HEAD} />
        <RecordHead />
      </>,
    );
    expect(document.title).toBe(ARCHIVE_HEAD.title);
  });
});
