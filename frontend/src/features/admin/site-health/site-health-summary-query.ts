import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { siteHealthKeys } from '@/data/site-health/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { toHealthSummary, type HealthSummary } from './site-health';

/** When the background link checker last ran, how many links it has checked and how many wait. */
export const siteHealthSummaryQuery = () =>
  queryOptions({
    queryKey: siteHealthKeys.summary,
    queryFn: async (): Promise<HealthSummary> =>
      toHealthSummary(await dataOrThrow(adminClient().rpc('site_health_summary'))),
    staleTime: 0,
  });
