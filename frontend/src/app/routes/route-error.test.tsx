import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function renderFailingRoute(loader: () => never) {
  const router = createMemoryRouter([
    { path: '/', loader, Component: () => null, HydrateFallback: () => null, errorElement: <RouteError /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('shows status and status text of an error response', async () => {
    renderFailingRoute(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- routers accept thrown Responses
      throw new Response('', { status: 503, statusText: 'Service Unavailable' });
    });

    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
    expect(screen.getByText('503 Service Unavailable')).toBeTruthy();
  });

  it('shows the message and stack of a thrown Error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailingRoute(() => {
      throw new Error('Chunk failed to load');
    });

    expect(await screen.findByText('Chunk failed to load')).toBeTruthy();
    expect(document.querySelector('.status-page__stack')?.textContent).toContain('Chunk failed to load');
  });
});
