import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { sitePageStatsQuery } from './site-page-stats-query';
import { sitePagesQuery } from './site-pages-query';
import { useDeleteSitePage } from './delete-site-page';
import type { SitePage } from '@/data/site-pages/types';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminDateRange } from '@/features/admin/shared/admin-date-range';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { can } from '@/features/admin/shared/admin-role';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { localIsoDate } from '@/lib/dates';
import { NewSitePageDialog } from './new-site-page-dialog';
import { dayRangeProblem, formatConversion, sitePageStatus, type DayRange } from './site-page-status';
import './site-pages.css';

const NO_DATA = '—';
const formatCount = (value: number) => value.toLocaleString('en-US');

/** The last 30 days, today included (the list's figures at first). */
function lastThirtyDays(): DayRange {
  const today = new Date();
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { from: localIsoDate(first), to: localIsoDate(today) };
}

/**
 * /admin/site-pages: the pages built from blocks (the site's own six and campaign pages), with
 * their state and, over a range of days, their views, leads and conversion. Everyone makes new
 * pages (an author's stay drafts until an editor publishes them); editors delete them, except the
 * site's own.
 */
export function SitePagesAdminPage() {
  const id = useId();
  const session = useAdminSession();
  const navigate = useNavigate();
  const editsAll = can(session.role, 'publishPosts');
  const readsStats = can(session.role, 'readAnalytics');
  const [range, setRange] = useState<DayRange>(lastThirtyDays);
  const problem = dayRangeProblem(range);
  const pages = useQuery(sitePagesQuery());
  const stats = useQuery({
    ...sitePageStatsQuery(range),
    enabled: readsStats && problem === null,
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const remove = useDeleteSitePage();
  const { confirm, confirmDialog } = useConfirm();

  const onDelete = async (page: SitePage) => {
    const yes = await confirm({
      title: 'Delete this page?',
      children: (
        <>
          <p>
            “{page.name}” leaves the site at {page.route}: visitors there see the page-not-found screen.
          </p>
          <p className="admin-muted">Its revisions keep it: it can be restored from them.</p>
        </>
      ),
      confirmLabel: 'Delete page',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        toast({ title: 'Page deleted', description: `"${page.name}" is no longer on the site.` });
        document.getElementById(`${id}-title`)?.focus();
      },
      onError: errorToast(),
    });
  };

  const figuresOf = (page: SitePage) => stats.data?.find((row) => row.id === page.id);
  const columns = ['Page', 'Status', 'Updated', ...(readsStats ? ['Views', 'Leads', 'Conversion'] : []), 'Actions'];

  let list;
  if (pages.isPending) list = <AdminLoading>Loading pages...</AdminLoading>;
  else if (pages.isError)
    list = (
      <p className="admin-error" role="alert">
        Pages could not be loaded: {errorMessage(pages.error)}
      </p>
    );
  else if (pages.data.length === 0) list = <AdminEmpty>No pages yet: make the first with New page.</AdminEmpty>;
  else
    list = (
      <AdminTable className="site-pages-table" caption="Pages built from blocks" columns={columns}>
        {pages.data.map((page) => {
          const status = sitePageStatus(page);
          const figures = figuresOf(page);
          const mine = page.author_id === session.userId && !page.system && status.label === 'Draft';
          return (
            <tr key={page.id}>
              <td>
                <Link to={`/admin/site-pages/${page.id}`} className="site-pages-table__name">
                  {page.name}
                </Link>
                <span className="admin-muted site-pages-table__route">
                  {page.route}
                  {page.system && ' · site page'}
                </span>
              </td>
              <td>
                <span
                  className={`admin-badge${status.label === 'Live' ? ' admin-badge--ok' : status.label === 'Scheduled' ? ' admin-badge--scheduled' : ''}`}
                >
                  {status.label}
                </span>
                {status.label === 'Scheduled' && <span className="admin-muted"> {formatDate(status.at)}</span>}
              </td>
              <td>{formatDate(page.updated_at)}</td>
              {readsStats && (
                <>
                  <td>{figures ? formatCount(figures.views) : NO_DATA}</td>
                  <td>{figures ? formatCount(figures.leads) : NO_DATA}</td>
                  <td>{figures ? formatConversion(figures.leads, figures.views) : NO_DATA}</td>
                </>
              )}
              <td>
                <div className="admin-actions">
                  {(editsAll || mine) && (
                    <Link className="admin-button" to={`/admin/site-pages/${page.id}`} aria-label={`Edit ${page.name}`}>
                      Edit
                    </Link>
                  )}
                  {editsAll && !page.system && (
                    <AdminButton
                      variant="danger"
                      aria-label={`Delete ${page.name}`}
                      disabled={remove.isPending}
                      onClick={() => void onDelete(page)}
                    >
                      Delete
                    </AdminButton>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
    );

  return (
    <div className="admin-page site-pages-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Pages</h1>
        <AdminButton
          variant="primary"
          onClick={() => {
            setCreating(true);
          }}
        >
          New page
        </AdminButton>
      </div>
      <p className="admin-muted">
        Pages built from blocks: the site&apos;s own pages and campaign pages. Open one to change its blocks, with a
        live preview.{!editsAll && ' You make draft pages; an editor publishes them.'}
      </p>
      <section className="admin-card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="admin-card__title" tabIndex={-1}>
          All pages
        </h2>
        {readsStats && (
          <form
            className="site-pages-range"
            aria-label="Days counted"
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <AdminDateRange
              id={`${id}-range`}
              labels={{ from: 'Figures from', to: 'To' }}
              range={range}
              problemId={problem ? `${id}-range-problem` : undefined}
              onChange={(end, day) => {
                setRange((current) => ({ ...current, [end]: day }));
              }}
            />
            {problem && (
              <p id={`${id}-range-problem`} className="admin-error" role="alert">
                {problem}
              </p>
            )}
            {stats.isError && (
              <p className="admin-error" role="alert">
                Figures could not be loaded: {errorMessage(stats.error)}
              </p>
            )}
          </form>
        )}
        {list}
      </section>
      {creating && (
        <NewSitePageDialog
          onClose={() => {
            setCreating(false);
          }}
          onCreated={(created) => {
            setCreating(false);
            void navigate(`/admin/site-pages/${created}`);
          }}
        />
      )}
      {confirmDialog}
    </div>
  );
}
