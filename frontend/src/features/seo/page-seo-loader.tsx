import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { withQueryProvider } from '@/lib/query-client';
import { pageSeoQuery } from './page-seo-query';
import { PageSeo } from './page-seo-view';

function LoadedPageSeo({ route }: { route: string }) {
  const { data: record, isSuccess, error } = useQuery(pageSeoQuery(route));

  useEffect(() => {
    if (error) console.error('Page SEO:', error);
  }, [error]);

  // Until the record arrives (or when it fails) the default title shows.
  return <PageSeo route={route} record={isSuccess ? record : null} />;
}

/** A route's SEO record from the backend (pages reached by navigating inside the app). */
export const PageSeoLoader = withQueryProvider(LoadedPageSeo);
