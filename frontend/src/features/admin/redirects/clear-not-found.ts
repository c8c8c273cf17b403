import { adminClient } from '@/features/admin/shared/admin-client';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { redirectKeys } from '@/data/redirects/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import type { NotFoundFilter } from './not-found-log';

/** What to clear from the 404 log: one path, or every path of a kind ('all': the whole log). */
export type ClearNotFoundInput = { path: string } | { filter: NotFoundFilter };

/** Deletes rows of the 404 log (a path asked for again comes back, counted from one). */
export async function clearNotFound(input: ClearNotFoundInput): Promise<void> {
  const log = adminClient().from('not_found_log').delete();
  const call =
    'path' in input
      ? log.eq('path', input.path)
      : input.filter === 'all'
        ? log.not('path', 'is', null)
        : log.eq('kind', input.filter);
  await dataOrThrow(call);
}

export function useClearNotFound() {
  return useInvalidatingMutation(clearNotFound, [redirectKeys.notFound]);
}
