import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { activityKeys } from '@/data/activity/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** The actions present in the log (for the filter), including ones added after this page was written. */
export const activityActionsQuery = () =>
  queryOptions({
    queryKey: activityKeys.actions,
    queryFn: (): Promise<string[]> => dataOrThrow(adminClient().rpc('admin_activity_actions')),
    staleTime: 0,
  });
