import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import specLists from '@/testing/spec-lists.json';
import { ContactDialogProvider } from '@/features/leads/capture/contact-dialog-provider';
import { PRIMARY_NAV_ID, SiteHeader } from '@/components/layouts/site-header';

function renderHeader() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ContactDialogProvider>
            <SiteHeader />
          </ContactDialogProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    toggle: screen.getByRole('button', { name: 'Menu' }),
    nav: screen.getByRole('navigation', { name: 'Primary' }),
  };
}

function isOpen(toggle: HTMLElement, nav: HTMLElement) {
  const expanded = toggle.getAttribute('aria-expanded') === 'true';
  expect(nav.classList.contains('site-nav--open')).toBe(expanded);
  return expanded;
}

describe('SiteHeader mobile menu', () => {
  it('lists the primary navigation links and the Get Started button', () => {
    const { nav } = renderHeader();
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(specLists.primaryNavigation);
    const getStarted = screen.getByRole('button', { name: 'Get Started' });
    expect(nav.contains(getStarted)).toBe(true);
    expect(getStarted.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('Get Started closes the menu and opens the contact dialog', async () => {
    const { toggle, nav } = renderHeader();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(isOpen(toggle, nav)).toBe(false);
    expect(await screen.findByRole('dialog', { name: 'Connect with us' })).toBeTruthy();
  });

  it('toggle controls the navigation and reflects its state', () => {
    const { toggle, nav } = renderHeader();
    expect(toggle.getAttribute('aria-controls')).toBe(PRIMARY_NAV_ID);
    expect(nav.id).toBe(PRIMARY_NAV_ID);
    expect(isOpen(toggle, nav)).toBe(false);

    fireEvent.click(toggle);
    expect(isOpen(toggle, nav)).toBe(true);

    fireEvent.click(toggle);
    expect(isOpen(toggle, nav)).toBe(false);
  });

  it('closes when a link is chosen', async () => {
    const { router, toggle, nav } = renderHeader();
    fireEvent.click(toggle);
    expect(isOpen(toggle, nav)).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'About' }));

    expect(isOpen(toggle, nav)).toBe(false);
    expect(router.state.location.pathname).toBe('/about');
    // Still closed after the navigation settles, and opens again on the new page.
    await screen.findByRole('link', { name: 'About', current: 'page' });
    expect(isOpen(toggle, nav)).toBe(false);
    fireEvent.click(toggle);
    expect(isOpen(toggle, nav)).toBe(true);
  });

  it('closes when the link to the current page is chosen', () => {
    const { toggle, nav } = renderHeader();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(isOpen(toggle, nav)).toBe(false);
  });

  it('closes on Escape and returns focus to the toggle', () => {
    const { toggle, nav } = renderHeader();
    fireEvent.click(toggle);
    const link = screen.getByRole('link', { name: 'Blog' });
    link.focus();

    fireEvent.keyDown(link, { key: 'Escape' });

    expect(isOpen(toggle, nav)).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });
});
