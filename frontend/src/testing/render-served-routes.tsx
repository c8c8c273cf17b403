import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { RenderProvider } from '@/lib/render-context';

/**
 * Renders `routes` in a memory router opened at `url` as a served page hydrates: under a
 * RenderProvider holding the page's embedded `resources` (none when not given, as on a page the
 * browser navigated to).
 */
export function renderServedRoutes(routes: RouteObject[], url: string, resources?: Record<string, unknown>) {
  const path = url.split('?')[0] ?? url;
  const pageData = resources ? { path, renderedOn: '2026-12-06', resources } : null;
  const router = createMemoryRouter(
    [
      {
        element: (
          <RenderProvider pageData={pageData}>
            <Outlet />
          </RenderProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
