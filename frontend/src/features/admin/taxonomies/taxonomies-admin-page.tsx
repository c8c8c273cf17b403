import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { useCan } from '@/features/admin/shared/session/admin-session';
import { ARCHIVE_KIND_LABELS } from '@/lib/archive-text';
import { ARCHIVE_KINDS } from '@/lib/taxonomy-slug';
import { taxonomiesQuery } from './taxonomies-query';
import { TaxonomySeoDialog } from './taxonomy-seo-dialog';
import { filterTaxonomies, type KindFilter, type Taxonomy } from './taxonomy-seo';
import './taxonomies-admin.css';

const PLURALS: Readonly<Record<KindFilter, string>> = {
  all: 'All',
  category: 'Categories',
  tag: 'Tags',
  author: 'Authors',
};

/**
 * /admin/taxonomies: every category, tag and author of the blog with its archive page, how many
 * posts it lists, and the archive's own title and description for search results. Editors and
 * owners edit them; an author reads them.
 */
export function TaxonomiesAdminPage() {
  const id = useId();
  const canEdit = useCan('editSeo');
  const entries = useQuery(taxonomiesQuery());
  const [kind, setKind] = useState<KindFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Taxonomy | null>(null);

  useFailureToast(entries.isError, 'Error', 'Failed to load the categories and tags.');

  const all = entries.data ?? [];
  const count = (value: KindFilter) =>
    value === 'all' ? all.length : all.filter((entry) => entry.kind === value).length;
  const kindOptions = (['all', ...ARCHIVE_KINDS] as const).map(
    (value) => [value, `${PLURALS[value]} (${count(value)})`] as const,
  );
  const shown = filterTaxonomies(all, kind, search);
  const columns = ['Name', 'Kind', 'Posts', 'Archive', 'Search title'];

  return (
    <div className="admin-page taxonomies-page">
      <div className="admin-page__header">
        <div className="taxonomies-page__intro">
          <h1 className="admin-page__title">Categories & tags</h1>
          <p className="admin-muted">
            Each category, tag and author of a published post has an archive page listing its posts. Give the ones that
            matter their own title and description for search results.
          </p>
        </div>
      </div>
      {!canEdit && (
        <p className="admin-note" role="note">
          You can see the archives and their SEO. An editor changes their titles and descriptions.
        </p>
      )}
      <section className="admin-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Archives
        </h2>
        {entries.isPending ? (
          <AdminLoading>Loading categories and tags...</AdminLoading>
        ) : entries.isError ? (
          <p className="admin-error">The categories and tags could not be loaded. Reload the page to try again.</p>
        ) : all.length === 0 ? (
          <AdminEmpty>
            No categories or tags yet: they come from published posts. Give a post a category and tags and it appears
            here.
          </AdminEmpty>
        ) : (
          <>
            <div className="taxonomies-toolbar">
              <AdminSelectField id={`${id}-kind`} label="Show" value={kind} options={kindOptions} onChange={setKind} />
              <AdminTextField
                id={`${id}-search`}
                label="Find by name"
                type="search"
                value={search}
                onChange={setSearch}
                placeholder="Prior Authorization"
              />
            </div>
            {shown.length === 0 ? (
              <AdminEmpty>Nothing matches: choose another kind or name.</AdminEmpty>
            ) : (
              <AdminTable
                className="admin-table--stack taxonomies-table"
                explicitRoles
                caption="Categories, tags and authors by kind and name"
                columns={canEdit ? [...columns, 'Actions'] : columns}
              >
                {shown.map((entry) => (
                  <tr key={`${entry.kind}/${entry.slug}`} role="row">
                    <td role="cell" data-label="Name" className="taxonomies-lead">
                      <div>
                        <span className="taxonomies-name">{entry.name}</span>
                        {/* The kind and count in a line under the name, where a phone leaves their columns out. */}
                        <span className="admin-muted taxonomies-meta">
                          {ARCHIVE_KIND_LABELS[entry.kind]} ·{' '}
                          {entry.posts === 1 ? '1 post' : `${entry.posts.toLocaleString('en-US')} posts`}
                        </span>
                      </div>
                    </td>
                    <td role="cell" data-label="Kind" className="taxonomies-wide">
                      {ARCHIVE_KIND_LABELS[entry.kind]}
                    </td>
                    <td role="cell" data-label="Posts" className="taxonomies-number taxonomies-wide">
                      {entry.posts > 0 ? (
                        entry.posts.toLocaleString('en-US')
                      ) : (
                        <span className="admin-muted">None (hidden from search)</span>
                      )}
                    </td>
                    <td role="cell" data-label="Archive">
                      <a href={entry.archivePath} target="_blank" rel="noreferrer" className="taxonomies-path">
                        {entry.archivePath}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </td>
                    <td role="cell" data-label="Search title">
                      {entry.metaTitle || entry.metaDescription ? (
                        <div>
                          <span className="admin-badge admin-badge--ok">Own</span>{' '}
                          <span className="taxonomies-title">{entry.metaTitle || 'Default title'}</span>
                        </div>
                      ) : (
                        <span className="admin-muted">Default</span>
                      )}
                    </td>
                    {canEdit && (
                      <td role="cell" data-label="Actions" className="taxonomies-actions">
                        <AdminButton
                          aria-label={`Edit the SEO of ${ARCHIVE_KIND_LABELS[entry.kind].toLowerCase()} ${entry.name}`}
                          onClick={() => {
                            setEditing(entry);
                          }}
                        >
                          Edit SEO
                        </AdminButton>
                      </td>
                    )}
                  </tr>
                ))}
              </AdminTable>
            )}
          </>
        )}
      </section>
      {editing && (
        <TaxonomySeoDialog
          key={`${editing.kind}/${editing.slug}`}
          entry={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
