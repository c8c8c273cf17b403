import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { HEAD_RULES, metaName, type HeadSpec } from './head';

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

/**
 * The head of a not-found view (an unknown path, an archive or page of one that does not exist):
 * its title says so (the server answers 404 with it), and no index.
 */
export const notFoundHead = (companyName: string): HeadSpec => ({
  title: `Page not found${HEAD_RULES.titleSeparator}${companyName}`,
  metas: [metaName('robots', 'noindex')],
});
