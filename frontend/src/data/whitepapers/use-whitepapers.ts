import { useQuery } from '@tanstack/react-query';
import { useInitialResource } from '@/lib/render-context';
import type { Whitepaper } from './types';
import { WHITEPAPERS_RESOURCE, whitepapersQuery } from './whitepapers-query';

/** The whitepapers list: the server-rendered page's embedded rows at first, then the query's. */
export function useWhitepapers() {
  const embedded = useInitialResource(WHITEPAPERS_RESOURCE) as Whitepaper[] | undefined;
  return useQuery({ ...whitepapersQuery, initialData: () => embedded });
}
