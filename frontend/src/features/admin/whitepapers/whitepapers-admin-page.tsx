import { useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { GLOSSARY } from '@/features/admin/shared/glossary';
import { useState } from 'react';
import { errorToast, useFailureToast } from '@/features/admin/shared/error-toast';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { adminWhitepapersQuery } from './admin-whitepapers-query';
import { useDeleteWhitepaper } from './delete-whitepaper';
import { adminFileStatusQuery, fileStatus, type FileStatus } from './file-status-query';
import { WhitepaperFormCard } from './whitepaper-form-card';
import { EMPTY_WHITEPAPER_FORM, paperToForm, type AdminWhitepaper, type WhitepaperFormValues } from './whitepaper-form';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import './whitepapers-admin.css';

interface Editing {
  paper: { id: string; filePath: string | null } | null;
  values: WhitepaperFormValues;
  /** Remounts the form whenever a paper is loaded or the form is reset. */
  key: number;
}

const STATUS_LABELS: Record<FileStatus, [label: string, className: string]> = {
  present: [GLOSSARY.fileStored, 'admin-badge admin-badge--ok'],
  missing: [GLOSSARY.fileMissing, 'admin-badge wp-badge--danger'],
  none: [GLOSSARY.noFile, 'admin-badge wp-badge--none'],
};

/** A paper's file status; null while the bucket listing is pending (or failed: `failed`). */
function FileStatusBadge({ status, failed }: { status: FileStatus | null; failed: boolean }) {
  if (status === null) return <span className="admin-muted">{failed ? 'Not checked' : 'Checking…'}</span>;
  const [label, className] = STATUS_LABELS[status];
  return <span className={className}>{label}</span>;
}

/** /admin/whitepapers: add, edit, feature and delete the papers listed on /whitepapers. */
export function WhitepapersAdminPage() {
  const papers = useQuery(adminWhitepapersQuery());
  const filePaths = (papers.data ?? []).flatMap((paper) => (paper.file_path ? [paper.file_path] : []));
  const files = useQuery({ ...adminFileStatusQuery(filePaths), enabled: papers.isSuccess });
  const remove = useDeleteWhitepaper();
  const { confirm, confirmDialog } = useConfirm();
  const [editing, setEditing] = useState<Editing>({ paper: null, values: EMPTY_WHITEPAPER_FORM, key: 0 });

  useFailureToast(papers.isError, 'Error', 'Failed to load whitepapers.');

  useFailureToast(
    files.isError,
    'File check failed',
    `Could not list the whitepapers bucket: ${errorMessage(files.error)}`,
  );

  const reset = () => {
    setEditing((current) => ({ paper: null, values: EMPTY_WHITEPAPER_FORM, key: current.key + 1 }));
  };

  const edit = (paper: AdminWhitepaper) => {
    setEditing((current) => ({
      paper: { id: paper.id, filePath: paper.file_path },
      values: paperToForm(paper),
      key: current.key + 1,
    }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.getElementById('whitepaper-title')?.focus({ preventScroll: true });
  };

  const onDelete = async (paper: AdminWhitepaper, restoreFocus: () => void) => {
    const file = paper.file_path ? ' and its PDF' : '';
    const yes = await confirm({
      title: 'Delete this whitepaper?',
      children: <p>{`Delete “${paper.title}”${file}? Leads it brought in are kept.`}</p>,
      confirmLabel: 'Delete whitepaper',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(
      { id: paper.id, filePath: paper.file_path },
      {
        onSuccess: (staleFile) => {
          toast({ title: 'Whitepaper deleted', description: `“${paper.title}” is no longer listed.` });
          if (staleFile) {
            toast({
              title: 'PDF not removed',
              description: `${staleFile} is still stored; the site no longer links to it.`,
              variant: 'destructive',
            });
          }
          if (editing.paper?.id === paper.id) reset();
          restoreFocus();
        },
        onError: errorToast('Delete failed'),
      },
    );
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Whitepapers</h1>
      {confirmDialog}
      <WhitepaperFormCard key={editing.key} editing={editing.paper} initial={editing.values} onDone={reset} />
      <section className="admin-card" aria-labelledby="whitepaper-library-title">
        <h2 id="whitepaper-library-title" className="admin-card__title">
          Whitepaper Library
        </h2>
        {papers.isPending ? (
          <AdminLoading>Loading whitepapers...</AdminLoading>
        ) : (papers.data ?? []).length === 0 ? (
          <AdminEmpty>No whitepapers yet. Add the first one above.</AdminEmpty>
        ) : (
          <AdminTable
            className="wp-table"
            caption="Whitepapers, newest first"
            columns={['Title', 'Category', 'Pages', 'Featured', 'File', 'Actions']}
          >
            {(papers.data ?? []).map((paper) => (
              <tr key={paper.id}>
                <th scope="row" className="wp-table__title" data-label="Title">
                  {paper.title}
                </th>
                <td data-label="Category">{paper.category}</td>
                <td data-label="Pages">{paper.pages ?? '—'}</td>
                <td data-label="Featured">
                  {paper.featured ? (
                    <span className="admin-badge">Featured</span>
                  ) : (
                    <span className="admin-muted">No</span>
                  )}
                </td>
                <td data-label="File">
                  <FileStatusBadge status={fileStatus(paper.file_path, files.data)} failed={files.isError} />
                </td>
                <td data-label="Actions">
                  <AdminRowActions
                    name={paper.title}
                    onEdit={() => {
                      edit(paper);
                    }}
                    onDelete={(restoreFocus) => {
                      void onDelete(paper, restoreFocus);
                    }}
                    deleteDisabled={remove.isPending}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
