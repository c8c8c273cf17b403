import { useEffect, useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { TrashIcon } from '@/features/admin/shared/icons';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AltTextForm } from './alt-text-form';
import { measureImage } from '@/features/admin/shared/media/image-size';
import type { MediaDetails } from '@/features/admin/shared/media/media-details-query';
import type { MediaFile } from '@/features/admin/shared/media/media-files-query';
import { formatFileSize } from '@/lib/file-size';
import { formatDimensions, formatUploadDate, mediaTitle } from '@/features/admin/shared/media/media-facts';
import { usageSummary, type MediaUse } from './media-format';
import { mediaPublicUrl } from '@/features/admin/shared/media/media-urls';
import { MediaThumbnail } from '@/features/admin/shared/media/media-thumbnail';
import { MediaUseList } from './media-use-list';
import { useSaveDimensions } from './save-dimensions';

/** Images measured in this tab already (a failed measurement is not retried on every render). */
const measured = new Set<string>();

export interface MediaCardProps {
  file: MediaFile;
  /** undefined: the image has no row yet (or the details are still loading: see detailsReady). */
  details: MediaDetails | undefined;
  detailsReady: boolean;
  /** undefined while usage is loading or when it failed. */
  uses: MediaUse[] | undefined;
  /** Asks to delete the image: its storage name and what the library calls it. */
  onDelete: (image: { name: string; title: string }) => void;
  /**
   * Whether the alt text, the measured size and the image itself may be changed here (editors and
   * owners). Otherwise the card only shows them (an author's role changes only the images they
   * uploaded, which the library cannot tell apart yet).
   */
  canManage: boolean;
}

export function MediaCard({ file, details, detailsReady, uses, onDelete, canManage }: MediaCardProps) {
  const titleId = useId();
  const saveDimensions = useSaveDimensions();
  // The thumbnail loads lazily: set once the card has been scrolled into view.
  const [shown, setShown] = useState(false);
  const url = mediaPublicUrl(file.name);
  const title = mediaTitle(file, details);
  const width = details?.width ?? null;
  const height = details?.height ?? null;
  const { mutate: saveSize } = saveDimensions;

  // Images uploaded before the library (or elsewhere) are measured from the original once
  // shown, and the size saved.
  useEffect(() => {
    if (!canManage || !shown || !detailsReady || (width && height) || measured.has(file.name)) return;
    measured.add(file.name);
    void measureImage(url).then((size) => {
      if (size) saveSize({ name: file.name, ...size });
    });
  }, [canManage, shown, detailsReady, width, height, file.name, url, saveSize]);

  const copy = () => {
    void navigator.clipboard.writeText(url).then(
      () => {
        toast({ title: 'URL copied!', description: 'Paste it in your blog content or an image field.' });
      },
      () => {
        toast({ title: 'Copy failed', description: `Copy the URL by hand: ${url}`, variant: 'destructive' });
      },
    );
  };

  return (
    <li className="media-card" aria-labelledby={titleId}>
      <div className="media-card__thumb">
        <MediaThumbnail
          name={file.name}
          alt={details?.altText ?? ''}
          onShown={() => {
            setShown(true);
          }}
        />
      </div>
      <div className="media-card__body">
        <h3 id={titleId} className="media-card__name">
          {title}
        </h3>
        <dl className="media-card__facts">
          <div>
            <dt>Size</dt>
            <dd>{formatFileSize(file.size)}</dd>
          </div>
          <div>
            <dt>Dimensions</dt>
            <dd>{formatDimensions(width, height)}</dd>
          </div>
          <div>
            <dt>Uploaded</dt>
            <dd>{formatUploadDate(file.createdAt)}</dd>
          </div>
        </dl>
        <div className="media-card__usage">
          {uses === undefined ? (
            <span className="admin-muted">Usage not known</span>
          ) : (
            <>
              <span className={`admin-badge${uses.length === 0 ? ' media-badge--unused' : ''}`}>
                {usageSummary(uses)}
              </span>
              {uses.length > 0 && <MediaUseList uses={uses} />}
            </>
          )}
        </div>
        {canManage ? (
          <AltTextForm key={details?.altText ?? ''} name={file.name} title={title} saved={details?.altText ?? ''} />
        ) : (
          <p className="media-alt__text">
            <span className="admin-label">Alt text</span>{' '}
            {details?.altText || <span className="admin-muted">None yet</span>}
          </p>
        )}
        <div className="admin-actions">
          <AdminButton onClick={copy}>
            Copy URL<span className="visually-hidden"> of {title}</span>
          </AdminButton>
          {canManage && (
            <AdminButton
              variant="danger"
              onClick={() => {
                onDelete({ name: file.name, title });
              }}
            >
              <TrashIcon />
              Delete<span className="visually-hidden"> {title}</span>
            </AdminButton>
          )}
        </div>
      </div>
    </li>
  );
}
