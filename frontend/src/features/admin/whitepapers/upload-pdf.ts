import { WHITEPAPERS_BUCKET } from '@/data/whitepapers/file-exists-query';
import { adminClient, adminClientWithFetch } from '@/features/admin/shared/admin-client';
import { progressFetch } from '@/features/admin/shared/progress-fetch';
import { dataOrThrow } from '@/lib/data-or-throw';

/**
 * Uploads a PDF to the whitepapers bucket under `path` (never overwriting: every upload gets a
 * new name) and reports the fraction sent, 0 to 1. The server checks the bytes are a PDF.
 */
export async function uploadWhitepaperPdf(
  file: File,
  path: string,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const client = adminClientWithFetch(
    progressFetch(({ loaded, total }) => {
      onProgress(total > 0 ? loaded / total : 0);
    }),
  );
  // Declared as a PDF whatever the browser guessed from the name (its bytes were checked).
  const pdf = new File([file], file.name, { type: 'application/pdf' });
  await dataOrThrow(client.storage.from(WHITEPAPERS_BUCKET).upload(path, pdf, { upsert: false }));
  onProgress(1);
}

/** Removes a stored PDF; resolves to whether the storage call succeeded. */
export async function removeWhitepaperPdf(path: string): Promise<boolean> {
  const { error } = await adminClient().storage.from(WHITEPAPERS_BUCKET).remove([path]);
  return !error;
}
