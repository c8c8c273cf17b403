import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { adminClient } from '@/features/admin/shared/admin-client';
import { revisionKeys } from '@/data/revisions/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export type Revision = Tables<'content_revisions'>;
export type RevisionEntity = Revision['entity'];

/** The newest revisions of one record (a post, or a page's SEO record or content). */
export const revisionsQuery = (entities: readonly RevisionEntity[], entityId: string) =>
  queryOptions({
    queryKey: [...revisionKeys.all, entityId, ...entities],
    queryFn: (): Promise<Revision[]> =>
      dataOrThrow(
        adminClient()
          .from('content_revisions')
          .select('*')
          .eq('entity_id', entityId)
          .in('entity', entities)
          .order('id', { ascending: false })
          .limit(50),
      ),
  });

/** Posts deleted and not restored since: their delete revisions, newest first. */
export const deletedPostsQuery = () =>
  queryOptions({
    queryKey: revisionKeys.deletedPosts,
    queryFn: (): Promise<Revision[]> =>
      dataOrThrow(
        adminClient()
          .from('content_revisions')
          .select('*')
          .eq('entity', 'blog_post')
          .eq('action', 'delete')
          .order('id', { ascending: false })
          .limit(20),
      ),
  });
