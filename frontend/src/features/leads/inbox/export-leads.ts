import { useMutation } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';
import { inboxCsv } from './lead-csv';
import { notesByLead } from '@/features/leads/pipeline/lead-notes-query';
import type { InboxItem } from '@/features/leads/model/lead-types';

export interface LeadsExport {
  items: readonly InboxItem[];
  /** The filters the exported rows were selected with. */
  filters: Record<string, string>;
}

/**
 * The CSV of the leads with their notes, once the export is recorded in the activity log (the
 * file is handed over only then).
 */
export async function exportLeads({ items, filters }: LeadsExport): Promise<string> {
  const notes = await notesByLead();
  const count = items.length;
  await dataOrThrow(
    adminClient().rpc('log_admin_activity', {
      action: 'export',
      entity: 'leads',
      summary: `${count} lead${count === 1 ? '' : 's'} exported`,
      details: { filters },
    }),
  );
  return inboxCsv(items, notes);
}

export function useExportLeads() {
  return useMutation({ mutationFn: exportLeads });
}
