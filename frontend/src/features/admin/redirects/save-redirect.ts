import { adminClient, updatedRows } from '@/features/admin/shared/admin-client';
import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { redirectKeys } from '@/data/redirects/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { toRedirect, type Redirect, type RedirectPayload } from './redirect-form';

export interface SaveRedirectInput {
  /** The rule being edited, or null to add one. */
  id: string | null;
  payload: RedirectPayload;
}

/**
 * INSERTs a rule, or UPDATEs the one with `id`, and hands back the stored rule: the database may
 * have pointed it further (a chain collapsed), and it refuses loops and open redirects with a
 * message the form shows as it is.
 */
export async function saveRedirect({ id, payload }: SaveRedirectInput): Promise<Redirect> {
  const table = adminClient().from('redirects');
  const rows = id
    ? await updatedRows(table.update(payload).eq('id', id).select('*'))
    : await dataOrThrow(table.insert(payload).select('*'));
  const saved = rows[0];
  if (!saved) throw new Error('The redirect was not saved.');
  return toRedirect(saved);
}

/** Saving changes the rules, which rules other rules point to (chains), and which 404s are covered. */
export function useSaveRedirect() {
  return useInvalidatingMutation(saveRedirect, [redirectKeys.all]);
}
