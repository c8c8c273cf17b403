import { useMutation } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface LeadsExport {
  count: number;
  /** The filters the exported rows were selected with. */
  filters: Record<string, string>;
}

/** Records a CSV export of leads in the activity log (before the file is handed over). */
export async function logLeadsExport({ count, filters }: LeadsExport): Promise<void> {
  await dataOrThrow(
    adminClient().rpc('log_admin_activity', {
      action: 'export',
      entity: 'leads',
      summary: `${count} lead${count === 1 ? '' : 's'} exported`,
      details: { filters },
    }),
  );
}

export function useLogLeadsExport() {
  return useMutation({ mutationFn: logLeadsExport });
}
