import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BlockPage } from '@/components/blocks/block-page';
import { useInitialResource } from '@/lib/render-context';
import { SITE_PAGE_RESOURCE, sitePageQuery, type PublicSitePage } from './site-page-query';

/**
 * The live block page at `route` (stored in lower case, without a trailing slash: the server
 * redirects other spellings), from the page's embedded data or the database; `notFound` when
 * there is none (a deleted or unpublished page, or any unknown path).
 */
export function SitePageView({ route, notFound }: { route: string; notFound: ReactNode }) {
  const embedded = useInitialResource(SITE_PAGE_RESOURCE) as PublicSitePage | null | undefined;
  const { data: page, isPending } = useQuery({ ...sitePageQuery(route), initialData: () => embedded });
  if (isPending) return null;
  if (!page) return notFound;
  return <BlockPage blocks={page.blocks} route={page.route} />;
}
