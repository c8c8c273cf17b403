import { useQuery } from '@tanstack/react-query';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useRestoreRevision } from './restore-revision';
import { actionText, changedSummary, fieldLabel, fieldOf, formatWhen, valueText } from './revision-text';
import { revisionsQuery, type Revision, type RevisionEntity } from './revisions-query';
import { diffWords, htmlToText } from './text-diff';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import './revisions.css';

/** Fields holding rich text: compared as the reader sees them. */
const RICH_TEXT = new Set(['content']);

function FieldDiff({ revision, field }: { revision: Revision; field: string }) {
  const read = (doc: unknown) => {
    const text = valueText(fieldOf(doc, field));
    return RICH_TEXT.has(field) ? htmlToText(text) : text;
  };
  const parts = diffWords(read(revision.previous), read(revision.snapshot));
  return (
    <div className="revision-diff__field">
      <h3 className="revision-diff__label">{fieldLabel(field)}</h3>
      <p className="revision-diff__text">
        {parts.length === 0 ? (
          <span className="admin-muted">(empty)</span>
        ) : (
          parts.map((part, index) =>
            part.kind === 'added' ? (
              <ins key={index}>{part.text}</ins>
            ) : part.kind === 'removed' ? (
              <del key={index}>{part.text}</del>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )
        )}
      </p>
    </div>
  );
}

export function RevisionDiffDialog({ revision, onClose }: { revision: Revision; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${actionText(revision)} ${formatWhen(revision.created_at)}`}
      className="admin-dialog"
    >
      <p className="admin-muted">
        Removed text is struck through; added text is underlined. {revision.client_ip && `From ${revision.client_ip}.`}
      </p>
      <div className="revision-diff">
        {revision.changed.map((field) => (
          <FieldDiff key={field} revision={revision} field={field} />
        ))}
      </div>
    </Dialog>
  );
}

export interface RevisionsPanelProps {
  entities: readonly RevisionEntity[];
  entityId: string;
  /** What the record is called in messages ("the post", "About"). */
  name: string;
  /** After a restore: the editor reloads what is stored now. */
  onRestored?: () => void;
}

/** The revisions of one record: when, what changed, from where; view the changes, restore. */
export function RevisionsPanel({ entities, entityId, name, onRestored }: RevisionsPanelProps) {
  const revisions = useQuery(revisionsQuery(entities, entityId));
  const restore = useRestoreRevision();
  const [viewing, setViewing] = useState<Revision | null>(null);
  const { confirm, confirmDialog } = useConfirm();

  const onRestore = async (revision: Revision) => {
    const when = formatWhen(revision.created_at);
    const yes = await confirm({
      title: 'Restore this version?',
      children: (
        <p>
          Restore {name} to how it was on {when}? The current version is kept as a revision.
        </p>
      ),
      confirmLabel: 'Restore',
    });
    if (!yes) return;
    restore.mutate(revision.id, {
      onSuccess: () => {
        toast({ title: 'Revision restored', description: `${name} is back to how it was on ${when}.` });
        onRestored?.();
      },
      onError: errorToast(),
    });
  };

  const titleId = `revisions-${entityId}-${entities.join('-')}`;
  return (
    <AdminCard titleId={titleId} title="Revisions" className="revisions">
      {confirmDialog}
      {revisions.isPending ? (
        <AdminLoading>Loading revisions...</AdminLoading>
      ) : revisions.isError ? (
        <p className="admin-error" role="alert">
          Revisions could not be loaded: {errorMessage(revisions.error)}
        </p>
      ) : revisions.data.length === 0 ? (
        <p className="admin-muted">No revisions yet: each save keeps one.</p>
      ) : (
        <ol className="revisions__list">
          {revisions.data.map((revision, index) => (
            <li key={revision.id} className="revisions__item">
              <div className="revisions__body">
                <p>
                  <strong>{actionText(revision)}</strong>{' '}
                  <time dateTime={revision.created_at}>{formatWhen(revision.created_at)}</time>
                  {index === 0 && <span className="admin-badge admin-badge--ok">Current</span>}
                </p>
                <p className="admin-muted">
                  {changedSummary(revision.changed)}
                  {revision.session_id && ` · session ${revision.session_id.slice(0, 8)}`}
                  {revision.client_ip && ` · ${revision.client_ip}`}
                </p>
              </div>
              <div className="revisions__actions">
                <AdminButton
                  onClick={() => {
                    setViewing(revision);
                  }}
                >
                  View changes
                </AdminButton>
                {index > 0 && (
                  <AdminButton
                    disabled={restore.isPending}
                    aria-label={`Restore the version of ${formatWhen(revision.created_at)}`}
                    onClick={() => {
                      void onRestore(revision);
                    }}
                  >
                    Restore
                  </AdminButton>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {viewing && (
        <RevisionDiffDialog
          revision={viewing}
          onClose={() => {
            setViewing(null);
          }}
        />
      )}
    </AdminCard>
  );
}
