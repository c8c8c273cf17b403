import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The address (location pathname) whose page showed a not-found view, last seen. */
let notFoundPathname: string | null = null;

/**
 * Marks the page on screen as a not-found view (an unknown path, a missing blog post), so page
 * analytics records the view as not found and the admin's analytics counts it apart.
 */
export function useNotFoundPage(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    notFoundPathname = pathname;
  }, [pathname]);
}

/** Whether the page at `pathname` (a location pathname) showed a not-found view. */
export const showedNotFound = (pathname: string): boolean => notFoundPathname === pathname;
