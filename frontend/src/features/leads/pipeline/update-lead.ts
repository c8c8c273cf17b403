import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { LeadSource, LeadStatus } from '@/features/leads/model/lead-types';
import { leadKeys } from '@/features/leads/model/lead-keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** The pipeline columns: the only ones the admin token may update (the lead itself stays as received). */
export interface LeadPipelineChanges {
  status?: LeadStatus;
  assignee?: string;
  /** A reason flags the lead as spam; null restores it to the inbox. */
  spam_reason?: string | null;
}

export interface UpdateLeadInput {
  source: LeadSource;
  id: string;
  changes: LeadPipelineChanges;
}

/** UPDATE the pipeline columns of one lead in its table; the database logs the change. */
export async function updateLead({ source, id, changes }: UpdateLeadInput): Promise<void> {
  const client = adminClient();
  const data = await dataOrThrow(
    source === 'contact'
      ? client.from('leads').update(changes).eq('id', id).select('id')
      : client.from('whitepaper_submissions').update(changes).eq('id', id).select('id'),
  );
  // Row-level security answers a write it refuses with no row rather than an error.
  if (data.length === 0) {
    throw new Error('The lead was not changed: it no longer exists, or the admin session has ended.');
  }
}

export function useUpdateLead() {
  return useInvalidatingMutation(updateLead, [leadKeys.relayed, leadKeys.submissions], 'settled');
}
