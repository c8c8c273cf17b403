import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { sitePageQuery } from './site-page-query';
import type { SitePage } from '@/data/site-pages/types';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { can } from '@/features/admin/shared/admin-role';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { confirmLeave } from '@/features/admin/shared/unsaved-changes';
import { SitePageEditor } from './site-page-editor';
import { sitePageStatus } from './site-page-status';
import './site-pages.css';

/**
 * /admin/site-pages/{id}: one block page in the editor. Editors and owners change every page; an
 * author changes only their own draft pages (never the site's own), as with posts.
 */
export function SitePageEditorPage({
  seoSettings,
}: {
  /** The page's Page SEO settings control (composed in src/app: it is the Page SEO feature's). */
  seoSettings?: (page: { route: string; name: string }) => ReactNode;
}) {
  const session = useAdminSession();
  const { pageId = '' } = useParams();
  const opened = useQuery(sitePageQuery(pageId));
  const canPublish = can(session.role, 'publishPosts');
  // Bumped to load the stored page into the editor again (after a restore).
  const [reloads, setReloads] = useState(0);

  const mayChange = (page: SitePage) =>
    canPublish || (page.author_id === session.userId && !page.system && sitePageStatus(page).label === 'Draft');

  const page = opened.data;
  let body;
  if (opened.isPending) body = <AdminLoading>Loading the page...</AdminLoading>;
  else if (opened.isError || !page || !mayChange(page)) {
    body = (
      <AdminCard titleId="site-page-unavailable-title" title="This page cannot be edited here">
        <p className="admin-muted">
          {opened.isError
            ? 'It could not be loaded. Check your connection and reload the page.'
            : !page
              ? 'It was deleted, or the link is wrong.'
              : page.system
                ? 'It is one of the site’s own pages: an editor changes it.'
                : page.author_id !== session.userId
                  ? 'Another person made it: an editor changes it.'
                  : 'It is live or scheduled: changes now go through an editor.'}
        </p>
        <p>
          <Link to="/admin/site-pages">All pages</Link>
        </p>
      </AdminCard>
    );
  } else {
    body = (
      <SitePageEditor
        key={`${page.id}:${reloads}`}
        page={page}
        canPublish={canPublish}
        seoSettings={seoSettings}
        onRestored={() => {
          void opened.refetch().then(() => {
            setReloads((count) => count + 1);
          });
        }}
      />
    );
  }

  return (
    <div className="admin-page site-page-editor-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">{page ? `Page: ${page.name}` : 'Page'}</h1>
        <Link
          className="admin-button"
          to="/admin/site-pages"
          onClick={(event) => {
            if (!confirmLeave()) event.preventDefault();
          }}
        >
          All pages
        </Link>
      </div>
      {body}
    </div>
  );
}
