import { useMutation } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';

export interface LeadsExport {
  count: number;
  /** The filters the exported rows were selected with. */
  filters: Record<string, string>;
}

/** Records a CSV export of leads in the activity log (before the file is handed over). */
export async function logLeadsExport({ count, filters }: LeadsExport): Promise<void> {
  const { error } = await adminClient().rpc('log_admin_activity', {
    action: 'export',
    entity: 'leads',
    summary: `${count} lead${count === 1 ? '' : 's'} exported`,
    details: { filters },
  });
  if (error) throw error;
}

export function useLogLeadsExport() {
  return useMutation({ mutationFn: logLeadsExport });
}
