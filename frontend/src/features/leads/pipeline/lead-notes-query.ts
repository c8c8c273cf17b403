import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { adminKeys } from '@/data/admin/keys';
import type { Tables } from '@/lib/database.types';
import { dataOrThrow } from '@/lib/data-or-throw';
import { itemKey, type InboxItem } from '@/features/leads/model/lead-types';

/** One note of a lead's thread. */
export interface LeadNote {
  id: string;
  /** The inbox key of the lead it is on. */
  leadKey: string;
  /** Who wrote it; "Earlier note" for the note the lead had before notes were a thread. */
  author: string;
  body: string;
  createdAt: string;
}

const NOTE_COLUMNS = 'id, lead_id, whitepaper_submission_id, body, author_name, created_at';
type NoteRow = Pick<
  Tables<'lead_notes'>,
  'id' | 'lead_id' | 'whitepaper_submission_id' | 'body' | 'author_name' | 'created_at'
>;

function toNote(row: NoteRow): LeadNote {
  return {
    id: row.id,
    leadKey: row.lead_id ? itemKey('contact', row.lead_id) : itemKey('whitepaper', row.whitepaper_submission_id ?? ''),
    // A note carried over from the old single note box has no author.
    author: row.author_name ?? 'Earlier note',
    body: row.body,
    createdAt: row.created_at,
  };
}

/** The lead_notes column that points at a lead of that source. */
const noteColumnOf = (source: InboxItem['source']) => (source === 'contact' ? 'lead_id' : 'whitepaper_submission_id');

export const leadNoteKeys = {
  all: [...adminKeys.all, 'lead-notes'] as const,
  of: (item: Pick<InboxItem, 'key'>) => [...adminKeys.all, 'lead-notes', item.key] as const,
};

/** A lead's notes, oldest first (the thread reads down). */
export const leadNotesQuery = (item: Pick<InboxItem, 'key' | 'source' | 'id'>) =>
  queryOptions({
    queryKey: leadNoteKeys.of(item),
    queryFn: async (): Promise<LeadNote[]> => {
      const rows = await dataOrThrow(
        adminClient()
          .from('lead_notes')
          .select(NOTE_COLUMNS)
          .eq(noteColumnOf(item.source), item.id)
          .order('created_at')
          .order('id'),
      );
      return rows.map(toNote);
    },
  });

/** Every lead's notes by inbox key, oldest first (for the export). */
export async function notesByLead(): Promise<Map<string, LeadNote[]>> {
  const rows = await dataOrThrow(adminClient().from('lead_notes').select(NOTE_COLUMNS).order('created_at').order('id'));
  const notes = new Map<string, LeadNote[]>();
  for (const note of rows.map(toNote)) notes.set(note.leadKey, [...(notes.get(note.leadKey) ?? []), note]);
  return notes;
}
