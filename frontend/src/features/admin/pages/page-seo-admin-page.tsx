import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useDeletePageSeo } from './delete-page-seo';
import { useRestorePageSeo } from './restore-page-seo';
import { EMPTY_PAGE_SEO_FORM, pageToForm, type PageSeoForm } from './page-seo';
import { PageSeoDialog } from './page-seo-dialog';
import { adminPagesQuery } from './pages-query';
import { AdminLoading } from '@/features/admin/shared/admin-loading';

/** How long the delete toast offers 'Undo'. */
const UNDO_WINDOW_MS = 8000;

interface DialogState {
  open: boolean;
  id: string | null;
  values: PageSeoForm;
  key: number;
}

function formatUpdated(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-US');
}

export function PageSeoAdminPage() {
  const pages = useQuery(adminPagesQuery());
  const remove = useDeletePageSeo();
  const restore = useRestorePageSeo();
  const [dialog, setDialog] = useState<DialogState>({ open: false, id: null, values: EMPTY_PAGE_SEO_FORM, key: 0 });

  const onDelete = (id: string, restoreFocus: () => void) => {
    remove.mutate(id, {
      onSuccess: (deleted) => {
        restoreFocus();
        // The spec deletes without confirmation; a short undo is the safety net.
        toast({
          title: 'Page deleted successfully',
          duration: UNDO_WINDOW_MS,
          action: deleted
            ? {
                label: 'Undo',
                onClick: () => {
                  restore.mutate(deleted, {
                    onSuccess: () => {
                      toast({ title: 'Page restored' });
                    },
                    onError: (error) => {
                      toast({
                        title: 'Could not restore the page',
                        description: error.message,
                        variant: 'destructive',
                      });
                    },
                  });
                },
              }
            : undefined,
        });
      },
      onError: (error) => {
        console.error('Page SEO delete failed', error);
      },
    });
  };

  const close = () => {
    setDialog((current) => ({ ...current, open: false }));
  };

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Page SEO Management</h1>
        <AdminButton
          variant="primary"
          onClick={() => {
            setDialog((current) => ({ open: true, id: null, values: EMPTY_PAGE_SEO_FORM, key: current.key + 1 }));
          }}
        >
          Add New Page
        </AdminButton>
      </div>
      <section className="admin-card">
        {pages.isPending ? (
          <AdminLoading>Loading pages...</AdminLoading>
        ) : pages.isError ? (
          <p className="admin-error">Failed to load pages.</p>
        ) : (
          <AdminTable
            className="admin-table--stack"
            explicitRoles
            columns={['Page Name', 'Route', 'Meta Title', 'Last Updated', 'Actions']}
          >
            {pages.data.map((page) => (
              <tr key={page.id} role="row">
                <td role="cell" data-label="Page Name">
                  {page.page_name}
                </td>
                <td role="cell" data-label="Route">
                  {page.page_route}
                </td>
                <td role="cell" data-label="Meta Title">
                  {page.meta_title}
                </td>
                <td role="cell" data-label="Last Updated">
                  {formatUpdated(page.updated_at)}
                </td>
                <td role="cell" data-label="Actions">
                  <AdminRowActions
                    name={page.page_name}
                    onEdit={() => {
                      setDialog((current) => ({
                        open: true,
                        id: page.id,
                        values: pageToForm(page),
                        key: current.key + 1,
                      }));
                    }}
                    onDelete={(restoreFocus) => {
                      onDelete(page.id, restoreFocus);
                    }}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <PageSeoDialog
        key={dialog.key}
        open={dialog.open}
        editingId={dialog.id}
        initial={dialog.values}
        onClose={close}
      />
    </div>
  );
}
