import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
 * Renders an admin screen for a test as `session` signed in, with a query client that does not
 * retry, at `route` in a memory router (opened at `path`, the route itself unless given).
 */
export function renderAdminScreen(
  screen: ReactNode,
  session: AdminSession,
  { route, path = route }: { route: string; path?: string },
) {
  const router = createMemoryRouter(
    [{ path: route, element: <AdminSessionContext value={session}>{screen}</AdminSessionContext> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
