import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient, errorMessage } from '@/features/admin/shared/admin-client';
import { staleAfterWhitepaperWrite } from './stale-after-whitepaper-write';
import { pdfObjectName } from './pdf-file';
import { removeWhitepaperPdf, uploadWhitepaperPdf } from './upload-pdf';
import type { WhitepaperPayload } from './whitepaper-form';

export interface SaveWhitepaperInput {
  /** The paper being edited (its current file), or null to create one. */
  editing: { id: string; filePath: string | null } | null;
  payload: WhitepaperPayload;
  /** A new PDF to store (replacing the current one), or null to keep the file as it is. */
  file: File | null;
  onProgress: (fraction: number) => void;
}

export interface SaveWhitepaperResult {
  uploaded: boolean;
  /** A replaced PDF that could not be removed from storage (no row points at it any more). */
  staleFile: string | null;
}

/** The PDF upload failed: nothing was written and the paper keeps its current file. */
export class PdfUploadError extends Error {
  constructor(cause: unknown) {
    super(errorMessage(cause, 'The PDF could not be uploaded.'), { cause });
    this.name = 'PdfUploadError';
  }
}

/**
 * Uploads the new PDF (under a new name) first, then writes the row pointing at it, then removes
 * the replaced PDF. Until the row is saved the site keeps serving the old file; when the row
 * cannot be saved the new upload is removed again.
 */
export async function saveWhitepaper({
  editing,
  payload,
  file,
  onProgress,
}: SaveWhitepaperInput): Promise<SaveWhitepaperResult> {
  let newPath: string | null = null;
  if (file) {
    newPath = pdfObjectName(payload.title);
    try {
      await uploadWhitepaperPdf(file, newPath, onProgress);
    } catch (error) {
      throw new PdfUploadError(error);
    }
  }
  const row = newPath ? { ...payload, file_path: newPath } : payload;
  const table = adminClient().from('whitepapers');
  const { data, error } = editing
    ? await table.update(row).eq('id', editing.id).select('id')
    : await table.insert(row).select('id');
  const failure = error ?? (data.length === 0 ? new Error('This whitepaper no longer exists.') : null);
  if (failure) {
    if (newPath) await removeWhitepaperPdf(newPath);
    throw failure;
  }
  const oldPath = editing?.filePath ?? null;
  const replaced = newPath !== null && oldPath !== null && oldPath !== newPath;
  const staleFile = replaced && !(await removeWhitepaperPdf(oldPath)) ? oldPath : null;
  return { uploaded: newPath !== null, staleFile };
}

export function useSaveWhitepaper() {
  return useInvalidatingMutation(saveWhitepaper, staleAfterWhitepaperWrite, 'settled');
}
