import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toast';
import { RouteErrorBoundary } from '@/components/layouts/route-error';
import { ScrollManager } from '@/components/layouts/scroll-manager';
import { LoadingFallback } from './loading-fallback';

/**
 * Wraps every screen (public and admin): notifications, the scroll behaviour on navigation, and
 * the error screen.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollManager />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <Toaster />
    </>
  );
}
