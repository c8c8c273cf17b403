import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageSeoDialog } from '@/features/admin/pages/page-seo-dialog';
import { EMPTY_PAGE_SEO_FORM, pageToForm } from '@/features/admin/pages/page-seo';
import { adminPagesQuery } from '@/features/admin/pages/pages-query';
import { AdminButton } from '@/features/admin/shared/admin-button';

/**
 * A block page's search and social settings: its route's Page SEO record in Page SEO's own dialog
 * (made with the page; added again here if someone deleted it).
 */
export function SitePageSeoButton({ route, name }: { route: string; name: string }) {
  const pages = useQuery(adminPagesQuery());
  const [open, setOpen] = useState(false);
  const record = pages.data?.find((page) => page.page_route === route);
  return (
    <div className="admin-field">
      <p className="admin-muted">
        Search and social settings (title, description, image, noindex) are the page&apos;s Page SEO record.
      </p>
      <AdminButton
        disabled={!pages.data}
        onClick={() => {
          setOpen(true);
        }}
      >
        Edit SEO settings
      </AdminButton>
      {open && (
        <PageSeoDialog
          open
          editingId={record?.id ?? null}
          initial={record ? pageToForm(record) : { ...EMPTY_PAGE_SEO_FORM, page_route: route, page_name: name }}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
