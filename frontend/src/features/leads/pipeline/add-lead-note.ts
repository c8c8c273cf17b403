import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { dataOrThrow } from '@/lib/data-or-throw';
import { leadNoteKeys } from './lead-notes-query';
import type { InboxItem } from '@/features/leads/model/lead-types';

export interface AddLeadNoteInput {
  item: Pick<InboxItem, 'source' | 'id'>;
  body: string;
}

/** Adds a note to a lead's thread; the database writes it in the caller's name, dated now. */
export async function addLeadNote({ item, body }: AddLeadNoteInput): Promise<void> {
  const lead = item.source === 'contact' ? { lead_id: item.id } : { whitepaper_submission_id: item.id };
  await dataOrThrow(
    adminClient()
      .from('lead_notes')
      .insert({ ...lead, body }),
  );
}

export function useAddLeadNote() {
  return useInvalidatingMutation(addLeadNote, [leadNoteKeys.all]);
}
