import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { sitePagesQuery } from './site-pages-query';

/**
 * "Edit page blocks": a link to the block page at `route`, for Webpage Edit's card of that route
 * (nothing when no block page is there).
 */
export function BlockPageLink({ route, name }: { route: string; name: string }) {
  const pages = useQuery(sitePagesQuery());
  const page = pages.data?.find((candidate) => candidate.route === route);
  if (!page) return null;
  return (
    <Link to={`/admin/site-pages/${page.id}`} aria-label={`Edit page blocks of ${name}`}>
      Edit page blocks
    </Link>
  );
}
