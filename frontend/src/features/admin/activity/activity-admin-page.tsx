import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { GLOSSARY } from '@/features/admin/shared/glossary';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { AdminDateRange } from '@/features/admin/shared/admin-date-range';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminLoadError } from '@/features/admin/shared/admin-load-error';
import { activityActionsQuery } from './activity-actions-query';
import { activityQuery } from './activity-query';
import {
  actionWording,
  activityActor,
  activityItem,
  dateRange,
  formatWhen,
  shortSession,
  sortActions,
  type ActivityEntry,
  type ActivityFilters,
} from './activity-wording';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { shortAgent } from '@/features/admin/shared/user-agent';
import { useCan } from '@/features/admin/shared/session/admin-session';
import './activity-admin.css';

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const item = activityItem(entry);
  const failed = entry.action === 'sign_in_failed' || entry.action === 'sign_in_locked';
  const actor = activityActor(entry);
  return (
    <tr role="row">
      <td role="cell" data-label="When">
        <time dateTime={entry.occurred_at}>{formatWhen(entry.occurred_at)}</time>
      </td>
      <td role="cell" data-label="Who">
        <span className="activity-actor">
          <span className="activity-actor__name">{actor.name}</span>
          {actor.email && <span className="activity-actor__email">{actor.email}</span>}
        </span>
      </td>
      <td role="cell" data-label="What">
        <span className={failed ? 'activity-action activity-action--warn' : 'activity-action'}>
          {actionWording(entry.action)}
        </span>
      </td>
      <td role="cell" data-label="Item">
        {item.kind === null ? (
          <span className="admin-muted">—</span>
        ) : (
          <span className="activity-item">
            <span className="activity-item__kind">{item.kind}</span>
            {item.to ? (
              <Link to={item.to} className="activity-item__name">
                {item.name || 'Open'}
              </Link>
            ) : (
              <span className="activity-item__name">{item.name}</span>
            )}
          </span>
        )}
      </td>
      <td role="cell" data-label={GLOSSARY.session}>
        <code className="activity-code" title={entry.session_id ?? undefined}>
          {shortSession(entry.session_id)}
        </code>
      </td>
      <td role="cell" data-label="IP address">
        <code className="activity-code">{entry.client_ip ?? '—'}</code>
      </td>
      <td role="cell" data-label="Browser">
        <span className="activity-agent" title={entry.user_agent ?? undefined}>
          {shortAgent(entry.user_agent)}
        </span>
      </td>
    </tr>
  );
}

function readFilters(params: URLSearchParams): ActivityFilters {
  return { action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/**
 * /admin/activity: who did what and when (sign-ins, saves, deletes, restores, publishes,
 * exports...), newest first, filtered by action and date; the filters live in the URL so a
 * view can be shared or reloaded.
 */
export function ActivityAdminPage() {
  const id = useId();
  const everyone = useCan('readAllActivity');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const range = dateRange(filters);
  const rangeError = 'error' in range ? range.error : null;
  const activity = useInfiniteQuery({
    ...activityQuery({
      action: filters.action,
      since: 'error' in range ? null : range.since,
      until: 'error' in range ? null : range.until,
    }),
    enabled: rangeError === null,
  });
  const actions = useQuery(activityActionsQuery());
  const actionOptions = sortActions([...(actions.data ?? []), ...(filters.action ? [filters.action] : [])]);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Boolean(filters.action || filters.from || filters.to);

  const setFilter = (name: keyof ActivityFilters, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

  const loadMore = () => {
    void activity.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) {
        toast({
          title: 'Error',
          description: `Failed to load more activity: ${errorMessage(result.error)}`,
          variant: 'destructive',
        });
      }
    });
  };

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Activity</h1>
        <p className="admin-muted">
          {everyone
            ? 'Sign-ins and every change made in the admin: who, from which sign-in, IP address and browser.'
            : 'What you did in the admin, with the sign-in, IP address and browser. Owners see everyone’s activity.'}
        </p>
      </div>
      <form
        className="admin-card activity-filters"
        aria-label="Filter activity"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <AdminSelectField
          id={`${id}-action`}
          label="Action"
          value={filters.action}
          options={[['', 'All activity'], ...actionOptions.map((action) => [action, actionWording(action)] as const)]}
          onChange={(action) => {
            setFilter('action', action);
          }}
        />
        <AdminDateRange
          id={id}
          labels={{ from: 'From', to: 'To' }}
          range={filters}
          problemId={rangeError ? `${id}-range-error` : undefined}
          onChange={setFilter}
        />
        <div className="activity-filters__actions">
          <AdminButton
            disabled={!filtered}
            onClick={() => {
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear filters
          </AdminButton>
        </div>
        {rangeError && (
          <p id={`${id}-range-error`} className="admin-error activity-filters__error" role="alert">
            {rangeError}
          </p>
        )}
      </form>
      {actions.isError && (
        <p className="admin-error" role="alert">
          The list of actions could not be loaded: {errorMessage(actions.error)}
        </p>
      )}
      <section className="admin-card" aria-labelledby={`${id}-log`}>
        <h2 id={`${id}-log`} className="visually-hidden">
          Activity log
        </h2>
        {rangeError ? null : activity.isPending ? (
          <AdminLoading>Loading activity...</AdminLoading>
        ) : activity.isError && entries.length === 0 ? (
          <AdminLoadError
            className="activity-state"
            onRetry={() => {
              void activity.refetch();
            }}
          >
            The activity log could not be loaded: {errorMessage(activity.error)}
          </AdminLoadError>
        ) : entries.length === 0 ? (
          <AdminEmpty>{filtered ? 'No activity matches these filters.' : 'No activity yet.'}</AdminEmpty>
        ) : (
          <>
            <AdminTable
              className="activity-table"
              caption="Admin activity, newest first"
              columns={['When', 'Who', 'What', 'Item', GLOSSARY.session, 'IP address', 'Browser']}
              explicitRoles
            >
              {entries.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} />
              ))}
            </AdminTable>
            <div className="activity-more">
              <p className="admin-muted" role="status">
                {activity.hasNextPage
                  ? `Showing the latest ${entries.length} entries.`
                  : `Showing all ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}.`}
              </p>
              {activity.hasNextPage && (
                <AdminButton disabled={activity.isFetchingNextPage} onClick={loadMore}>
                  {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </AdminButton>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
