import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useId, useState } from 'react';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { DeleteMediaDialog } from './delete-media-dialog';
import { MediaCard } from './media-card';
import { mediaDetailsQuery } from '@/features/admin/shared/media/media-details-query';
import { mediaFilesQuery } from '@/features/admin/shared/media/media-files-query';
import { mediaUsageQuery } from './media-usage-query';
import { MediaUploader } from './media-uploader';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { useCan } from '@/features/admin/shared/session/admin-session';
import './media.css';

type Filter = 'all' | 'unused' | 'used';

/**
 * /admin/media: every image of blog-images with a thumbnail, its size, dimensions, upload date,
 * where it is used and its alt text; upload, copy URL, delete.
 */
export function MediaAdminPage() {
  const files = useQuery(mediaFilesQuery());
  const details = useQuery(mediaDetailsQuery());
  const usage = useQuery(mediaUsageQuery());
  const [filter, setFilter] = useState<Filter>('all');
  const [deleting, setDeleting] = useState<{ name: string; title: string } | null>(null);
  const filterId = useId();
  const canManage = useCan('manageAnyMedia');

  useFailureToast(files.isError, 'Error', `Failed to load images: ${errorMessage(files.error)}`);
  useFailureToast(
    usage.isError,
    'Usage check failed',
    `Could not find where images are used: ${errorMessage(usage.error)}`,
  );
  useFailureToast(details.isError, 'Error', `Failed to load alt text and dimensions: ${errorMessage(details.error)}`);

  const all = files.data ?? [];
  const shown = all.filter((file) => {
    if (filter === 'all') return true;
    const uses = usage.data?.get(file.name);
    if (uses === undefined) return false;
    return filter === 'used' ? uses.length > 0 : uses.length === 0;
  });

  return (
    <div className="admin-page media-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Media Library</h1>
        <p className="admin-muted">
          The images of posts and pages, newest first. Pick one with “Choose image” wherever an image goes, or copy its
          URL.
        </p>
      </div>
      {!canManage && (
        <p className="admin-note" role="note">
          You can upload images and copy their addresses. An editor changes alt text and deletes images.
        </p>
      )}
      <MediaUploader />
      <section className="admin-card" aria-labelledby="media-library-title">
        <div className="media-toolbar">
          <h2 id="media-library-title" className="admin-card__title">
            Images{files.isSuccess ? ` (${all.length})` : ''}
          </h2>
          <div className="media-filter">
            <label htmlFor={filterId} className="admin-label">
              Show
            </label>
            <select
              id={filterId}
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
              }}
            >
              <option value="all">All images</option>
              <option value="unused" disabled={!usage.isSuccess}>
                Not used anywhere
              </option>
              <option value="used" disabled={!usage.isSuccess}>
                Used in posts or pages
              </option>
            </select>
          </div>
        </div>
        {files.isPending ? (
          <AdminLoading>Loading images...</AdminLoading>
        ) : files.isError ? (
          <p className="admin-error">The images could not be listed. Reload the page to try again.</p>
        ) : all.length === 0 ? (
          <AdminEmpty>No images yet. Upload the first one above.</AdminEmpty>
        ) : shown.length === 0 ? (
          <AdminEmpty>No images match this filter.</AdminEmpty>
        ) : (
          <ul className="media-grid" aria-label="Images">
            {shown.map((file) => (
              <MediaCard
                key={file.name}
                file={file}
                details={details.data?.get(file.name)}
                detailsReady={details.isSuccess}
                uses={usage.data?.get(file.name)}
                onDelete={setDeleting}
                canManage={canManage}
              />
            ))}
          </ul>
        )}
      </section>
      {deleting !== null && (
        <DeleteMediaDialog
          name={deleting.name}
          title={deleting.title}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
