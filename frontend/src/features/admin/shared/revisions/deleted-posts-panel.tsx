import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useRestoreRevision } from './restore-revision';
import { fieldOf, formatWhen, valueText } from './revision-text';
import { deletedPostsQuery } from './revisions-query';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';

interface DeletedPostsPanelProps {
  /** The posts there now (a deleted post restored since is not listed). */
  existing: readonly string[];
  /** An author's user id: only their own deleted drafts are listed (the ones they may restore). */
  onlyDraftsOf?: string | null;
}

/** Posts deleted recently and not back yet, folded away, each restorable as it was before its delete. */
export function DeletedPostsPanel({ existing, onlyDraftsOf }: DeletedPostsPanelProps) {
  const deleted = useQuery(deletedPostsQuery());
  const restore = useRestoreRevision();
  const gone = (deleted.data ?? []).filter(
    (revision, index, all) =>
      !existing.includes(revision.entity_id) &&
      (onlyDraftsOf === undefined ||
        (fieldOf(revision.previous, 'author_id') === onlyDraftsOf &&
          fieldOf(revision.previous, 'published') !== true)) &&
      all.findIndex((other) => other.entity_id === revision.entity_id) === index,
  );
  if (gone.length === 0) return null;

  return (
    <AdminCard titleId="deleted-posts-title" title="Recently deleted">
      {/* Folded away: they are rarely needed, and the list of live posts comes first. */}
      <details className="admin-deleted">
        <summary>Show {gone.length === 1 ? 'the deleted post' : `the ${gone.length} deleted posts`}</summary>
        <ul className="admin-post-list">
          {gone.map((revision) => {
            const title = valueText(fieldOf(revision.previous, 'title')) || revision.entity_key;
            return (
              <li key={revision.id} className="admin-post">
                <div className="admin-post__body">
                  <h3 className="admin-post__title">{title}</h3>
                  <p className="admin-muted">Deleted {formatWhen(revision.created_at)}</p>
                </div>
                <AdminButton
                  disabled={restore.isPending}
                  aria-label={`Restore ${title}`}
                  onClick={() => {
                    restore.mutate(revision.id, {
                      onSuccess: () => {
                        toast({
                          title: 'Post restored',
                          description: `"${title}" is back, as it was before it was deleted.`,
                        });
                      },
                      onError: errorToast(),
                    });
                  }}
                >
                  Restore
                </AdminButton>
              </li>
            );
          })}
        </ul>
      </details>
    </AdminCard>
  );
}
