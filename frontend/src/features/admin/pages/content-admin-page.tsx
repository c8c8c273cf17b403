import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FULL_TOOLBAR, RichTextEditor } from '@/components/ui/rich-text-editor';
import { toast } from '@/components/ui/toast';
import { EditIcon } from '@/features/admin/shared/icons';
import { AdminButton } from '@/features/admin/shared/admin-button';
import type { PageSeo } from './page-seo';
import { adminPagesQuery } from './pages-query';
import { PreviewLinksPanel } from '@/features/admin/shared/previews/preview-links-panel';
import { RevisionsPanel } from '@/features/admin/shared/revisions/revisions-panel';
import { contentPreview } from './content-preview';
import { useSavePageContent } from './save-content';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { useMediaPicker } from '@/features/admin/shared/media/use-media-picker';
import { EditingPresence } from '@/features/admin/shared/presence/editing-presence';
import { useEditorPresence } from '@/features/admin/shared/presence/use-editor-presence';

function PageEditor({ page, onDone, onRestored }: { page: PageSeo; onDone: () => void; onRestored: () => void }) {
  const [content, setContent] = useState(page.content ?? '');
  const save = useSavePageContent();
  const { pickImage, mediaPicker } = useMediaPicker();
  const editors = useEditorPresence({ kind: 'page', route: page.page_route });

  const onSave = () => {
    save.mutate(
      { id: page.id, content },
      {
        onSuccess: () => {
          toast({ title: 'Page content saved successfully' });
          onDone();
        },
        onError: errorToast(),
      },
    );
  };

  return (
    <section className="admin-card">
      <div className="admin-page__header">
        <h2 className="admin-card__title">Editing: {page.page_name}</h2>
        <div className="admin-actions">
          <AdminButton onClick={onDone}>Cancel</AdminButton>
          <AdminButton variant="primary" onClick={onSave} disabled={save.isPending}>
            Save Content
          </AdminButton>
        </div>
      </div>
      <EditingPresence editors={editors} />
      <RichTextEditor
        label={`Content of ${page.page_name}`}
        value={content}
        onChange={setContent}
        toolbar={FULL_TOOLBAR}
        minHeight={500}
        pickImage={pickImage}
      />
      {mediaPicker}
      <div className="admin-grid-2">
        <PreviewLinksPanel target={{ kind: 'page', pageRoute: page.page_route }} content={content} />
        <RevisionsPanel
          entities={['page_content', 'page_seo']}
          entityId={page.id}
          name={page.page_name}
          onRestored={onRestored}
        />
      </div>
    </section>
  );
}

export function ContentAdminPage({
  blocksLink,
}: {
  /** A card's link to its page's own sections (Pages' "Edit page blocks"; composed in src/app). */
  blocksLink?: (page: PageSeo) => ReactNode;
} = {}) {
  const pages = useQuery(adminPagesQuery());
  const [editingId, setEditingId] = useState<string | null>(null);
  const [restores, setRestores] = useState(0);
  const editing = pages.data?.find((page) => page.id === editingId);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Webpage Content Editor</h1>
      <p className="admin-muted">
        The content you write here is added under a page, below the page&apos;s own sections.
      </p>
      {editing ? (
        <PageEditor
          // After a restore the editor starts again from what is stored.
          key={`${editing.id}-${restores}`}
          page={editing}
          onDone={() => {
            setEditingId(null);
          }}
          onRestored={() => {
            void pages.refetch().then(() => {
              setRestores((count) => count + 1);
            });
          }}
        />
      ) : pages.isPending ? (
        <AdminLoading>Loading pages...</AdminLoading>
      ) : pages.isError ? (
        <p className="admin-error">Failed to load pages.</p>
      ) : (
        <ul className="admin-card-grid">
          {pages.data.map((page) => (
            <li key={page.id} className="admin-card admin-page-card">
              <h2 className="admin-page-card__name">{page.page_name}</h2>
              <p className="admin-muted">{page.page_route}</p>
              <p className="admin-page-card__preview">{contentPreview(page.content)}</p>
              <AdminButton
                aria-label={`Edit ${page.page_name}`}
                onClick={() => {
                  setEditingId(page.id);
                }}
              >
                <EditIcon /> Edit
              </AdminButton>
              {blocksLink?.(page)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
