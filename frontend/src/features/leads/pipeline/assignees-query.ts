import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { staffKeys } from '@/data/staff/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { assigneeNames } from './assignee-options';

/** The staff a lead may be assigned to (the staff list is an owner's, as is the pipeline). */
export const assigneesQuery = () =>
  queryOptions({
    // Under the staff keys: a change on the Staff page reloads it.
    queryKey: [...staffKeys.all, 'assignees'],
    queryFn: async (): Promise<string[]> => assigneeNames(await dataOrThrow(adminClient().rpc('staff_list'))),
  });
