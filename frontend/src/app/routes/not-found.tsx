import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useNotFoundPage } from '@/lib/not-found-page';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  useNotFoundPage();

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
    </section>
  );
}
