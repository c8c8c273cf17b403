import { useMutation } from '@tanstack/react-query';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SearchCount {
  q: string;
  /** How many results it found (0 counts it among the searches with no result). */
  results: number;
}

/**
 * Counts a search for the admin's analytics (record_search): the database keeps the query
 * normalised (emails and long numbers masked) and the day, nothing about who searched.
 */
export async function recordSearch({ q, results }: SearchCount): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  await dataOrThrow(supabase.rpc('record_search', { q, results }));
}

/** recordSearch as a mutation. A count that fails costs the visitor nothing, so nothing is shown. */
export function useRecordSearch() {
  return useMutation({ mutationFn: recordSearch, retry: false });
}
