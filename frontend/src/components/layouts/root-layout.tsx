import { Outlet } from 'react-router';
import { Toaster } from '../ui/toast';
import { CookieBanner } from '../../features/cookie-consent/components/cookie-banner';
import { ScrollManager } from './scroll-manager';

/**
 * Wraps every screen (public and admin): the global widgets (notifications and the
 * cookie banner) and the scroll behaviour on navigation.
 */
export function RootLayout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
      <CookieBanner />
      <Toaster />
    </>
  );
}
