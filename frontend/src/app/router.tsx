import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { RouteError } from './routes/route-error';

/** Shown while the first page chunk loads: the header bar only, so nothing jumps. */
function BootFallback() {
  return (
    <div className="boot-fallback" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/**
 * Route table. Every page module is lazy (its own chunk); the layout and the error
 * screen stay in the entry chunk so a failed page or chunk load can still be reported.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Errors thrown by the layout itself replace the whole screen...
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      {
        // ...errors thrown by a page render inside the header and footer.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { HomeRoute } = await import('./routes/home');
              return { Component: HomeRoute };
            },
          },
          {
            path: '*',
            lazy: async () => {
              const { NotFoundRoute } = await import('./routes/not-found');
              return { Component: NotFoundRoute };
            },
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
