import { useQuery } from '@tanstack/react-query';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useDeletePostsForever } from './delete-posts-forever';
import { useRestoreRevision } from './restore-revision';
import { fieldOf, formatWhen, valueText } from './revision-text';
import { deletedPostsQuery, type Revision } from './revisions-query';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';

interface DeletedPostsPanelProps {
  /** An author's user id: only their own deleted drafts are listed (the ones they may restore). */
  onlyDraftsOf?: string | null;
}

const titleOf = (revision: Revision) => valueText(fieldOf(revision.previous, 'title')) || revision.entity_key;

/**
 * Posts deleted recently and not back yet, folded away: each restorable as it was before its
 * delete, or deleted forever (one at a time, or all at once).
 */
export function DeletedPostsPanel({ onlyDraftsOf }: DeletedPostsPanelProps) {
  const deleted = useQuery(deletedPostsQuery());
  const restore = useRestoreRevision();
  const purge = useDeletePostsForever();
  const { confirm, confirmDialog } = useConfirm();
  // Where focus goes when the row it was on is gone.
  const summary = useRef<HTMLElement>(null);
  const gone = (deleted.data ?? []).filter(
    (revision) =>
      onlyDraftsOf === undefined ||
      (fieldOf(revision.previous, 'author_id') === onlyDraftsOf && fieldOf(revision.previous, 'published') !== true),
  );
  if (gone.length === 0) return null;
  const busy = restore.isPending || purge.isPending;

  const deleteForever = async (revisions: readonly Revision[]) => {
    const [only] = revisions;
    const what = revisions.length === 1 && only ? `"${titleOf(only)}"` : `all ${revisions.length} deleted posts`;
    const yes = await confirm({
      title: 'Delete forever?',
      children: <p>Delete {what} forever? This cannot be undone.</p>,
      confirmLabel: 'Delete forever',
      danger: true,
    });
    if (!yes) return;
    purge.mutate(
      revisions.map((revision) => revision.entity_id),
      {
        onSuccess: () => {
          toast({
            title: 'Deleted forever',
            description: `${what.charAt(0).toUpperCase()}${what.slice(1)} can no longer be restored.`,
          });
          summary.current?.focus();
        },
        onError: errorToast(),
      },
    );
  };

  return (
    <AdminCard titleId="deleted-posts-title" title="Recently deleted">
      {confirmDialog}
      {/* Folded away: they are rarely needed, and the list of live posts comes first. */}
      <details className="admin-deleted">
        <summary ref={summary}>
          Show {gone.length === 1 ? 'the deleted post' : `the ${gone.length} deleted posts`}
        </summary>
        <ul className="admin-post-list">
          {gone.map((revision) => {
            const title = titleOf(revision);
            return (
              <li key={revision.id} className="admin-post">
                <div className="admin-post__body">
                  <h3 className="admin-post__title">{title}</h3>
                  <p className="admin-muted">Deleted {formatWhen(revision.created_at)}</p>
                </div>
                <div className="admin-actions">
                  <AdminButton
                    disabled={busy}
                    aria-label={`Restore ${title}`}
                    onClick={() => {
                      restore.mutate(revision.id, {
                        onSuccess: () => {
                          toast({
                            title: 'Post restored',
                            description: `"${title}" is back, as it was before it was deleted.`,
                          });
                          summary.current?.focus();
                        },
                        onError: errorToast(),
                      });
                    }}
                  >
                    Restore
                  </AdminButton>
                  <AdminButton
                    variant="danger"
                    disabled={busy}
                    aria-label={`Delete ${title} forever`}
                    onClick={() => {
                      void deleteForever([revision]);
                    }}
                  >
                    Delete forever
                  </AdminButton>
                </div>
              </li>
            );
          })}
        </ul>
        {gone.length > 1 && (
          <div className="admin-actions">
            <AdminButton
              variant="danger"
              disabled={busy}
              onClick={() => {
                void deleteForever(gone);
              }}
            >
              Delete all forever
            </AdminButton>
          </div>
        )}
      </details>
    </AdminCard>
  );
}
