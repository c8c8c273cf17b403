import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AdminSessionContext, type AdminSession } from './admin-session';

/** The admin screens' tests' staff: an editor, and an author. */
export const EDITOR_SESSION: AdminSession = {
  kind: 'staff',
  role: 'editor',
  userId: 'u-dana',
  email: 'dana@example.com',
  name: 'Dana',
};
export const AUTHOR_SESSION: AdminSession = { ...EDITOR_SESSION, role: 'author', userId: 'u-ana', name: 'Ana' };

/**
 * Renders `routes` for a test in a memory router opened at `entry`, under `queryClient` (a fresh
 * one with the default options unless given).
 */
export function renderAdminRoutes(routes: RouteObject[], entry: InitialEntry, queryClient = new QueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * Renders an admin screen for a test as `session` signed in, with a query client that does not
 * retry, at `route` in a memory router (opened at `path`, the route itself unless given).
 */
export function renderAdminScreen(
  screen: ReactNode,
  session: AdminSession,
  { route, path = route }: { route: string; path?: string },
) {
  return renderAdminRoutes(
    [{ path: route, element: <AdminSessionContext value={session}>{screen}</AdminSessionContext> }],
    path,
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
}
