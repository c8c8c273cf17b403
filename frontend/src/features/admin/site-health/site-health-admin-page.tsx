import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CheckCircleIcon } from '@/components/ui/icons';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { mayOpen } from '@/features/admin/shared/admin-role';
import { AdminStats } from '@/features/admin/shared/admin-stats';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { formatDate } from '@/features/admin/shared/format-date';
import { useAdminSession } from '@/features/admin/shared/session/admin-session';
import { groupHealthIssues, HEALTH_KINDS, KIND_TEXTS, type HealthGroup, type HealthSummary } from './site-health';
import { siteHealthQuery } from './site-health-query';
import { siteHealthSummaryQuery } from './site-health-summary-query';
import './site-health-admin.css';

const formatCount = (value: number) => value.toLocaleString('en-US');

const SOURCE_TYPES: Readonly<Record<string, string>> = { post: 'Post', page: 'Page', whitepaper: 'Whitepaper' };

/** The link checker's progress, and how many issues there are. */
function Summary({ summary, issues }: { summary: HealthSummary | undefined; issues: number | undefined }) {
  const stats: [string, string][] = [
    ['Issues', issues === undefined ? '…' : formatCount(issues)],
    ['Last link check', summary ? (summary.lastRun ? formatDate(summary.lastRun) : 'Not yet') : '…'],
    ['Links checked', summary ? formatCount(summary.linksChecked) : '…'],
    ['Waiting to be checked', summary ? formatCount(summary.pending) : '…'],
  ];
  return <AdminStats stats={stats} className="health-stats" />;
}

/** The checks in a line each: how many issues, or a tick; each with issues links to its list. */
function Checklist({ groups }: { groups: readonly HealthGroup[] }) {
  const found = new Map(groups.map((group) => [group.kind, group.issues.length]));
  return (
    <ul className="health-checklist" aria-label="Checks">
      {HEALTH_KINDS.map((kind) => {
        const issues = found.get(kind) ?? 0;
        return (
          <li
            key={kind}
            className={issues ? 'health-checklist__item' : 'health-checklist__item health-checklist__item--ok'}
          >
            {issues ? (
              <a href={`#health-${kind}`}>
                {KIND_TEXTS[kind].label}: <strong>{formatCount(issues)}</strong>
              </a>
            ) : (
              <>
                <CheckCircleIcon size={18} />
                {KIND_TEXTS[kind].label}: none
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** One check's issues: what is wrong, where, and a link to the screen where it is fixed. */
function IssueGroup({ group }: { group: HealthGroup }) {
  const { role } = useAdminSession();
  const titleId = `health-${group.kind}`;
  return (
    <AdminCard
      titleId={titleId}
      title={`${group.label} (${formatCount(group.issues.length)})`}
      className="health-group"
    >
      {group.about && <p className="admin-muted health-group__about">{group.about}</p>}
      <AdminTable
        className="admin-table--stack health-table"
        explicitRoles
        caption={group.label}
        columns={['What', 'Where', 'Fix']}
      >
        {group.issues.map((issue, index) => (
          <tr key={`${issue.sourceType}-${issue.sourceLabel}-${issue.title}-${index}`} role="row">
            <td role="cell" data-label="What" className="health-lead">
              <div>
                <span className="health-issue__title">
                  {issue.severity === 'error' ? (
                    <span className="admin-badge health-badge--error">Error</span>
                  ) : (
                    <span className="admin-badge">Warning</span>
                  )}{' '}
                  {issue.title}
                </span>
                {issue.detail && <span className="admin-muted health-issue__detail">{issue.detail}</span>}
              </div>
            </td>
            <td role="cell" data-label="Where">
              <div>
                {SOURCE_TYPES[issue.sourceType] && (
                  <span className="admin-muted">{SOURCE_TYPES[issue.sourceType]}: </span>
                )}
                {issue.sourceLabel || '—'}
              </div>
            </td>
            <td role="cell" data-label="Fix" className="health-fix-cell">
              {issue.fixPath === null ? (
                '—'
              ) : mayOpen(role, issue.fixPath) ? (
                <Link to={issue.fixPath} className="admin-button health-fix" aria-label={`Fix: ${issue.title}`}>
                  Fix
                </Link>
              ) : (
                <span className="admin-muted">An editor fixes this</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </AdminCard>
  );
}

/**
 * /admin/health: what the content checks found (broken links, images without alt text, missing
 * descriptions and featured images, duplicate titles), by check, each with a link to where it is
 * fixed; the link checker's progress; an all-clear when nothing is wrong.
 */
export function SiteHealthAdminPage() {
  const issues = useQuery(siteHealthQuery());
  const summary = useQuery(siteHealthSummaryQuery());
  const groups = issues.data ? groupHealthIssues(issues.data) : undefined;
  const refreshing = issues.isFetching || summary.isFetching;

  let content;
  if (issues.isError) {
    content = (
      <p className="admin-error" role="alert">
        The checks could not be loaded: {errorMessage(issues.error)}
      </p>
    );
  } else if (!groups) {
    content = <AdminLoading>Checking the site...</AdminLoading>;
  } else if (groups.length === 0) {
    content = (
      <section className="admin-card health-clear" aria-labelledby="health-clear-title">
        <CheckCircleIcon size={40} className="health-clear__icon" />
        <div>
          <h2 id="health-clear-title" className="admin-card__title">
            All clear
          </h2>
          <p className="admin-muted">
            No broken links, images without alt text, missing descriptions or featured images, or duplicate titles.
            {summary.data && summary.data.pending > 0
              ? ` ${formatCount(summary.data.pending)} links are still waiting to be checked.`
              : ''}
          </p>
        </div>
      </section>
    );
  } else {
    content = (
      <>
        <Checklist groups={groups} />
        {groups.map((group) => (
          <IssueGroup key={group.kind} group={group} />
        ))}
      </>
    );
  }

  return (
    <div className="admin-page health-page">
      <div className="admin-page__header">
        <div className="health-page__intro">
          <h1 className="admin-page__title">Site health</h1>
          <p className="admin-muted">
            Checks of the published posts and pages. Links are checked in the background, a few at a time, and again
            every few days.
          </p>
        </div>
        <AdminButton
          disabled={refreshing}
          onClick={() => {
            void issues.refetch();
            void summary.refetch();
          }}
        >
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </AdminButton>
      </div>
      {summary.isError && (
        <p className="admin-error" role="alert">
          The link checker’s progress could not be loaded: {errorMessage(summary.error)}
        </p>
      )}
      <Summary summary={summary.data} issues={issues.data?.length} />
      {summary.data && summary.data.lastRun === null && (
        <p className="admin-note" role="note">
          The link checker has not run yet: broken links show up here once it has.
        </p>
      )}
      {content}
    </div>
  );
}
