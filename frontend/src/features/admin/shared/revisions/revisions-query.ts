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

/**
 * Posts deleted and not back since: the newest delete revision of each, newest first. A post
 * restored since (its id is a post again) is left out; so is one deleted forever (no revisions).
 */
export const deletedPostsQuery = () =>
  queryOptions({
    queryKey: revisionKeys.deletedPosts,
    queryFn: async (): Promise<Revision[]> => {
      const deletes = await dataOrThrow(
        adminClient()
          .from('content_revisions')
          .select('*')
          .eq('entity', 'blog_post')
          .eq('action', 'delete')
          .order('id', { ascending: false })
          .limit(200),
      );
      const newest = deletes.filter(
        (revision, index) => deletes.findIndex((other) => other.entity_id === revision.entity_id) === index,
      );
      if (newest.length === 0) return [];
      const back = await dataOrThrow(
        adminClient()
          .from('blog_posts')
          .select('id')
          .in(
            'id',
            newest.map((revision) => revision.entity_id),
          ),
      );
      const live = new Set(back.map((post) => post.id));
      return newest.filter((revision) => !live.has(revision.entity_id));
    },
  });
