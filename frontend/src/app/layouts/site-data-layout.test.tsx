import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { company } from '@/config/company';
import { metaName, type HeadSpec } from '@/lib/head';
import { isHeadClaimed } from '@/lib/use-head';
import { ClaimingPage, clearHead, dynamicLinks } from '@/testing/claimed-head';
import { SiteDataLayout } from './site-data-layout';

const ARCHIVE_HEAD: HeadSpec = {
  title: 'Posts in Prior Authorization | ClaimBridge',
  metas: [metaName('description', 'Prior authorization posts.')],
  canonical: 'https://www.example.test/blog/category/prior-authorization?page=2',
  links: [{ rel: 'prev', href: 'https://www.example.test/blog/category/prior-authorization' }],
};

beforeEach(clearHead);

describe('SiteDataLayout and pages that claim the head', () => {
  it("leaves a claimed head to the page and writes the route's SEO head again once it is gone", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <SiteDataLayout />,
          children: [
            { path: 'claimed', element: <ClaimingPage spec={ARCHIVE_HEAD} /> },
            { path: 'loading', element: <ClaimingPage spec={null} /> },
            { path: 'plain', element: <h1>Plain page</h1> },
          ],
        },
      ],
      { initialEntries: ['/claimed'] },
    );
    render(<RouterProvider router={router} />);

    expect(document.title).toBe(ARCHIVE_HEAD.title);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(ARCHIVE_HEAD.canonical);
    expect(dynamicLinks()).toEqual(ARCHIVE_HEAD.links?.map((link) => [link.rel, link.href]));
    expect(isHeadClaimed()).toBe(true);

    // A page without a claim gets its route's SEO head again (no record: the company name).
    await act(() => router.navigate('/plain'));
    expect(isHeadClaimed()).toBe(false);
    expect(document.title).toBe(company.name);
    expect(dynamicLinks()).toEqual([]);

    // A claim without a head yet: nothing is written, and the SEO record writes nothing either.
    document.title = 'previous';
    await act(() => router.navigate('/loading'));
    expect(isHeadClaimed()).toBe(true);
    expect(document.title).toBe('previous');
  });
});
