import { Suspense, useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLazyLoading } from '@/lib/lazy-component';
import { CookieBanner } from '@/features/cookie-consent/components/cookie-banner';
import { LeadCaptureProvider } from '@/features/leads/capture/lead-capture-provider';
import { SiteFooter } from '@/components/layouts/site-footer';
import { RouteErrorBoundary } from '@/components/layouts/route-error';
import { SiteHeader } from '@/components/layouts/site-header';
import { LoadingFallback } from './loading-fallback';

export const MAIN_CONTENT_ID = 'main-content';

/** Moves keyboard and screen-reader focus to the new page after client-side navigation. */
function useFocusMainOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

export function PublicLayout() {
  const { pathname } = useLocation();
  // A page's code is loading: the previous page stays (navigations are transitions) under a bar.
  const loading = useLazyLoading();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(mainRef);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <LeadCaptureProvider>
      <div className="site">
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
          Skip to content
        </a>
        <SiteHeader />
        <div className={loading ? 'route-progress route-progress--active' : 'route-progress'} aria-hidden="true" />
        <main id={MAIN_CONTENT_ID} ref={mainRef} className="site-main" tabIndex={-1} aria-busy={loading || undefined}>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
      </div>
      {/* The public site's: never over the admin. */}
      <CookieBanner />
    </LeadCaptureProvider>
  );
}
