import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useCreatePreviewLink, type CreatedPreview } from './create-preview-link';
import { previewLinksQuery, type PreviewTarget } from './preview-links-query';
import { useRevokePreviewLink } from './revoke-preview-link';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';

const DURATIONS = [
  [1, '1 day'],
  [7, '7 days'],
  [30, '30 days'],
] as const;

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it into an email or chat.' });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the link and copy it yourself.', variant: 'destructive' });
  }
}

export interface PreviewLinksPanelProps {
  target: PreviewTarget;
  /** For a page: the editor's current (unsaved) content. */
  content?: string;
  /** For a block page: the editor's current (unsaved) blocks. */
  blocks?: unknown;
  /** Why no link can be made now (e.g. the post is published), or null. */
  unavailable?: string | null;
}

/**
 * Preview links for someone without the passcode: create one (expiring after 1, 7 or 30
 * days), copy it, revoke the ones still working.
 */
export function PreviewLinksPanel({ target, content, blocks, unavailable = null }: PreviewLinksPanelProps) {
  const links = useQuery(previewLinksQuery(target));
  const create = useCreatePreviewLink();
  const revoke = useRevokePreviewLink();
  const [days, setDays] = useState(7);
  const [created, setCreated] = useState<CreatedPreview | null>(null);
  const id = useId();

  const onCreate = () => {
    create.mutate(
      { target, content, blocks, days },
      {
        onSuccess: (link) => {
          setCreated(link);
          toast({
            title: 'Preview link created',
            description: `Anyone with the link can view it until ${formatDate(link.expiresAt)}.`,
          });
        },
        onError: errorToast(),
      },
    );
  };

  return (
    <AdminCard titleId={`${id}-title`} title="Preview link">
      {unavailable ? (
        <p className="admin-muted">{unavailable}</p>
      ) : (
        <div className="admin-actions">
          <AdminSelectField
            id={`${id}-days`}
            label="Link expires after"
            value={days}
            options={DURATIONS}
            onChange={setDays}
          />
          <AdminButton onClick={onCreate} disabled={create.isPending}>
            Create preview link
          </AdminButton>
        </div>
      )}
      {created && (
        <div className="admin-field">
          <label htmlFor={`${id}-url`}>New preview link</label>
          <div className="admin-actions">
            <input
              id={`${id}-url`}
              type="url"
              readOnly
              value={created.url}
              onFocus={(event) => {
                event.target.select();
              }}
            />
            <AdminButton onClick={() => void copy(created.url)}>Copy link</AdminButton>
          </div>
        </div>
      )}
      {links.data && links.data.length > 0 && (
        <ul className="admin-post-list" aria-label="Working preview links">
          {links.data.map((link) => (
            <li key={link.id} className="admin-post">
              <p className="admin-muted">
                Created {formatDate(link.created_at)} · expires {formatDate(link.expires_at)}
              </p>
              <AdminButton
                disabled={revoke.isPending}
                aria-label={`Revoke the link created ${formatDate(link.created_at)}`}
                onClick={() => {
                  revoke.mutate(link.id, {
                    onSuccess: () => {
                      toast({ title: 'Preview link revoked', description: 'The link no longer opens the preview.' });
                    },
                    onError: errorToast(),
                  });
                }}
              >
                Revoke
              </AdminButton>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
