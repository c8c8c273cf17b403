import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { staleAfterWhitepaperWrite } from './stale-after-whitepaper-write';
import { removeWhitepaperPdf } from './upload-pdf';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface DeleteWhitepaperInput {
  id: string;
  filePath: string | null;
}

/**
 * Deletes the row, then its PDF (the card disappears first, so the site never offers a missing
 * file). Leads in whitepaper_submissions do not reference papers and stay. Resolves to the path
 * of a PDF that could not be removed, or null.
 */
export async function deleteWhitepaper({ id, filePath }: DeleteWhitepaperInput): Promise<string | null> {
  await dataOrThrow(adminClient().from('whitepapers').delete().eq('id', id));
  if (!filePath) return null;
  return (await removeWhitepaperPdf(filePath)) ? null : filePath;
}

export function useDeleteWhitepaper() {
  return useInvalidatingMutation(deleteWhitepaper, staleAfterWhitepaperWrite, 'settled');
}
