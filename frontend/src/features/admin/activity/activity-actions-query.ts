import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { activityKeys } from '@/data/activity/keys';

/** The actions present in the log (for the filter), including ones added after this page was written. */
export const activityActionsQuery = () =>
  queryOptions({
    queryKey: activityKeys.actions,
    queryFn: async (): Promise<string[]> => {
      const { data, error } = await adminClient().rpc('admin_activity_actions');
      if (error) throw error;
      return data;
    },
    staleTime: 0,
  });
