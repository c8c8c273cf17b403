import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_BANNER_TEXT, CookieBanner } from './cookie-banner';

function renderBanner() {
  const router = createMemoryRouter([{ path: '*', element: <CookieBanner /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

afterEach(() => {
  localStorage.clear();
});

describe('CookieBanner', () => {
  it('shows the exact text, the policy link and the three controls while consent is unset', () => {
    renderBanner();
    expect(banner()).toBeTruthy();
    expect(banner()?.querySelector('p')?.textContent).toBe(`${COOKIE_BANNER_TEXT} Learn more about our Cookie Policy`);
    expect(COOKIE_BANNER_TEXT).toBe(
      'We use cookies to enhance your browsing experience, serve personalized content, and analyze our traffic. By clicking Accept All, you consent to our use of cookies.',
    );
    expect(screen.getByRole('link', { name: 'Learn more about our Cookie Policy' }).getAttribute('href')).toBe(
      '/cookie-policy',
    );
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept All' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close cookie banner' })).toBeTruthy();
  });

  it('Accept All stores accepted and hides the banner', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(localStorage.getItem('cookieConsent')).toBe('accepted');
    expect(banner()).toBeNull();
  });

  it('Decline stores declined and hides the banner', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem('cookieConsent')).toBe('declined');
    expect(banner()).toBeNull();
  });

  it('the close icon stores declined and hides the banner', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Close cookie banner' }));
    expect(localStorage.getItem('cookieConsent')).toBe('declined');
    expect(banner()).toBeNull();
  });

  it.each(['accepted', 'declined'])('stays hidden once consent is %s', (value) => {
    localStorage.setItem('cookieConsent', value);
    renderBanner();
    expect(banner()).toBeNull();
  });

  it('reserves room under the page while shown', () => {
    renderBanner();
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toMatch(/px$/);
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(document.documentElement.style.getPropertyValue('--cookie-banner-height')).toBe('');
  });
});
