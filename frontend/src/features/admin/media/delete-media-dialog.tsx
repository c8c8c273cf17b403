import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useDeleteMedia } from './delete-media';
import { MediaUseList } from './media-use-list';
import { mediaUsageQuery } from './media-usage-query';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminLoading } from '@/features/admin/shared/admin-loading';

export interface DeleteMediaDialogProps {
  /** The storage name. */
  name: string;
  /** What the library calls the image (its file name). */
  title: string;
  onClose: () => void;
}

/**
 * Confirms a delete after asking the database, at that moment, where the image is used: an
 * unused image is simply confirmed; a used one lists every post and page that would show a
 * broken image, and needs "Delete anyway".
 */
export function DeleteMediaDialog({ name, title, onClose }: DeleteMediaDialogProps) {
  const usage = useQuery(mediaUsageQuery([name]));
  const remove = useDeleteMedia();
  const uses = usage.data?.get(name) ?? [];
  const used = uses.length > 0;

  const confirm = () => {
    remove.mutate(
      { name, uses },
      {
        onSuccess: (warnings) => {
          toast({ title: 'Image deleted', description: `${title} was removed from storage.` });
          for (const warning of warnings) {
            toast({ title: 'Image deleted with a problem', description: warning, variant: 'destructive' });
          }
          onClose();
        },
        onError: errorToast('Delete failed'),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={used ? 'This image is in use' : 'Delete image?'} className="admin-dialog">
      <div className="media-dialog">
        <p className="media-dialog__name">{title}</p>
        {usage.isPending ? (
          <AdminLoading>Checking where this image is used…</AdminLoading>
        ) : usage.isError ? (
          <p className="admin-error" role="alert">
            Could not check where this image is used: {errorMessage(usage.error)}
          </p>
        ) : used ? (
          <>
            <p role="alert">
              Deleting it leaves a broken image in {uses.length === 1 ? 'this place' : `these ${uses.length} places`}:
            </p>
            <MediaUseList uses={uses} />
          </>
        ) : (
          <p>It is not used in any post or page. It will be removed from storage; this cannot be undone.</p>
        )}
        <div className="admin-actions admin-actions--end">
          <AdminButton onClick={onClose}>Cancel</AdminButton>
          {usage.isError ? (
            <AdminButton
              onClick={() => {
                void usage.refetch();
              }}
            >
              Check again
            </AdminButton>
          ) : (
            <AdminButton variant="danger" disabled={usage.isPending || remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting...' : used ? 'Delete anyway' : 'Delete image'}
            </AdminButton>
          )}
        </div>
      </div>
    </Dialog>
  );
}
