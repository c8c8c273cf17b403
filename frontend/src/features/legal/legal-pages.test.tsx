import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@/config/runtime-config';

/** The company website this test configures: not the address the page is opened at. */
const WEBSITE_URL = 'https://www.example.test';
/** The host serving the site, as on a developer's machine: the policy does not name it. */
const SITE_URL = 'http://localhost:54321';

let pages: {
  PrivacyPolicyPage: typeof import('./privacy-policy-page').PrivacyPolicyPage;
  CookiePolicyPage: typeof import('./cookie-policy-page').CookiePolicyPage;
};

beforeAll(async () => {
  // The configuration the server injects, in place before the config module reads it: the pages
  // are imported only now, with a fresh config module (this file's import read the empty page).
  const element = document.createElement('script');
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify({
    company: { siteUrl: SITE_URL, websiteUrl: `${WEBSITE_URL}/`, email: 'hello@example.test' },
  });
  document.head.append(element);
  vi.resetModules();
  const [privacy, cookies] = await Promise.all([import('./privacy-policy-page'), import('./cookie-policy-page')]);
  pages = { PrivacyPolicyPage: privacy.PrivacyPolicyPage, CookiePolicyPage: cookies.CookiePolicyPage };
});

describe('privacy policy', () => {
  it("names the configured company website, not the host serving the page nor the page's own address", () => {
    expect(window.location.origin).not.toBe(WEBSITE_URL);
    render(
      <MemoryRouter>
        <pages.PrivacyPolicyPage />
      </MemoryRouter>,
    );
    const contact = screen.getByRole('heading', { name: '11. Contact Us' }).closest('section');
    expect(contact).not.toBeNull();
    const website = within(contact as HTMLElement).getByRole('link', { name: 'www.example.test' });
    expect(website.getAttribute('href')).toBe(WEBSITE_URL);
    expect(document.body.textContent).not.toContain(window.location.host);
    expect(document.body.textContent).not.toContain('localhost');
    expect(within(contact as HTMLElement).getByRole('link', { name: 'hello@example.test' }).innerHTML).toBe(
      'hello@<wbr>example.test',
    );
  });
});

describe('cookie policy', () => {
  it("labels each cell of the storage table with its column's header (a phone shows the labels)", () => {
    render(
      <MemoryRouter>
        <pages.CookiePolicyPage />
      </MemoryRouter>,
    );
    const region = screen.getByRole('region', { name: 'Browser storage this site sets' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Browser storage this site sets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Type', 'Purpose', 'Kept for']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['cookieConsent', 'admin_token', 'Session identifier']);
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const labels = within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label'));
      expect(labels).toEqual(headers.slice(1));
    }
  });
});
