import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { siteHealthKeys } from '@/data/site-health/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { toHealthIssue, type HealthIssue } from './site-health';

/** What site_health() finds wrong with the published content now. */
export const siteHealthQuery = () =>
  queryOptions({
    queryKey: siteHealthKeys.issues,
    queryFn: async (): Promise<HealthIssue[]> => {
      const rows = await dataOrThrow(adminClient().rpc('site_health'));
      return rows.flatMap((row) => toHealthIssue(row) ?? []);
    },
    staleTime: 0,
  });
