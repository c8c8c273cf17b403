import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { HERO_HEADLINE } from '@/features/home/components/home-hero';
import { routes } from '@/app/router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('not-found route', () => {
  it('shows the 404 page for an unknown path and logs the attempted path', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    renderAt('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(errorSpy).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no-such-page');
  });

  it('does not log for a known route', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeTruthy();
    expect(errorSpy).not.toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      expect.anything(),
    );
  });

  it('links back to the home page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAt('/services/unknown');

    const link = await screen.findByRole('link', { name: 'Return to Home' });
    expect(link.getAttribute('href')).toBe('/');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: HERO_HEADLINE })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
