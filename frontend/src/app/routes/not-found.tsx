import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { company } from '@/config/company';
import { notFoundHead, useNotFoundPage } from '@/lib/not-found-page';
import { useHead } from '@/lib/use-head';
import { SearchHelp } from '@/features/search/search-help';

/**
 * The not-found page (spec §2): '404', 'Oops! Page not found' and 'Return to Home'; then a
 * search, the main sections and the most read articles, so a broken link still leads somewhere.
 */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  useNotFoundPage();
  useHead(notFoundHead(company.name));

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <div className="container status-page__inner">
        <h1 id="not-found-title" className="status-page__code">
          404
        </h1>
        <p className="status-page__message">Oops! Page not found</p>
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </div>
      <SearchHelp />
    </section>
  );
}
