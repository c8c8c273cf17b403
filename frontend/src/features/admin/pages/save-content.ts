import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { pageSeoKeys } from '@/data/page-seo/keys';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export interface SaveContentInput {
  id: string;
  content: string;
}

/** UPDATE only the content of page_seo_settings where id matches. */
export async function savePageContent({ id, content }: SaveContentInput): Promise<void> {
  await dataOrThrow(adminClient().from('page_seo_settings').update({ content }).eq('id', id));
}

export function useSavePageContent() {
  return useInvalidatingMutation(savePageContent, [
    pageSeoKeys.admin,
    pageSeoKeys.public,
    // Each save keeps a revision.
    revisionKeys.all,
  ]);
}
