import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminSelectField, type SelectOption } from '@/features/admin/shared/admin-select-field';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { errorToast } from '@/features/admin/shared/error-toast';
import { useClearNotFound } from './clear-not-found';
import {
  countByKind,
  FILTER_LABELS,
  filterNotFound,
  KIND_LABELS,
  sortNotFound,
  type NotFoundEntry,
  type NotFoundFilter,
  type NotFoundSort,
} from './not-found-log';
import { NOT_FOUND_ROWS } from './not-found-report-query';
import { formatHits, formatWhen, referrerLabel } from './redirect-list';

const FILTERS: readonly NotFoundFilter[] = ['page', 'bot', 'probe', 'all'];
const SORT_OPTIONS: readonly SelectOption<NotFoundSort>[] = [
  ['hits', 'Most asked for'],
  ['recent', 'Most recent'],
];

/** What clearing the shown rows clears, in a sentence's words. */
const CLEAR_WHAT: Readonly<Record<NotFoundFilter, string>> = {
  page: 'the visitors’ paths',
  bot: 'the bots’ paths',
  probe: 'the probes’ paths',
  all: 'the whole 404 log',
};

interface NotFoundPanelProps {
  entries: readonly NotFoundEntry[] | undefined;
  failed: boolean;
  /** Whether the signed-in role may create redirects and clear the log (an author reads it). */
  canEdit: boolean;
  onCreateRedirect: (path: string) => void;
  /** Opens the redirect that covers a path, when the rules are loaded and it is among them. */
  onEditRedirect: ((redirectId: string) => void) | null;
}

/**
 * The addresses that showed the not-found page: visitors' misses first (bots and probes are
 * marked and shown on request), each with "Create redirect", or the redirect that now covers it.
 */
export function NotFoundPanel({ entries, failed, canEdit, onCreateRedirect, onEditRedirect }: NotFoundPanelProps) {
  const id = useId();
  const [filter, setFilter] = useState<NotFoundFilter>('page');
  const [sort, setSort] = useState<NotFoundSort>('hits');
  const clear = useClearNotFound();
  const { confirm, confirmDialog } = useConfirm();

  if (entries === undefined) {
    return failed ? (
      <p className="admin-error">The 404 log could not be loaded. Reload the page to try again.</p>
    ) : (
      <AdminLoading>Loading the 404 log...</AdminLoading>
    );
  }

  const counts = countByKind(entries);
  const shown = sortNotFound(filterNotFound(entries, filter), sort);
  const filterOptions = FILTERS.map((value) => [value, `${FILTER_LABELS[value]} (${counts[value]})`] as const);

  const clearOne = (entry: NotFoundEntry) => {
    clear.mutate(
      { path: entry.path },
      {
        onSuccess: () => {
          toast({ title: 'Cleared from the 404 log', description: entry.path });
        },
        onError: errorToast('Clear failed'),
      },
    );
  };

  const clearShown = async () => {
    const yes = await confirm({
      title: filter === 'all' ? 'Clear the 404 log?' : `Clear ${FILTER_LABELS[filter].toLowerCase()} from the 404 log?`,
      children: (
        <p>
          This clears {CLEAR_WHAT[filter]}. An address asked for again comes back, counted from one. Redirects are not
          changed.
        </p>
      ),
      confirmLabel: 'Clear',
      danger: true,
    });
    if (!yes) return;
    clear.mutate(
      { filter },
      {
        onSuccess: () => {
          toast({ title: 'The 404 log was cleared', description: `Cleared ${CLEAR_WHAT[filter]}.` });
        },
        onError: errorToast('Clear failed'),
      },
    );
  };

  // With one kind shown, a column saying it on every row says nothing.
  const columns = ['Address', 'Hits', 'Last seen', 'Came from', ...(filter === 'all' ? ['Kind'] : [])];

  return (
    <>
      {confirmDialog}
      <p className="admin-muted">
        Addresses that showed the not-found page, up to the {NOT_FOUND_ROWS} most recent. Bots are known crawlers;
        probes are scripts trying addresses such as /wp-login.php, which are worth no redirect.
      </p>
      <div className="redirects-toolbar">
        <AdminSelectField
          id={`${id}-filter`}
          label="Show"
          value={filter}
          options={filterOptions}
          onChange={setFilter}
        />
        <AdminSelectField id={`${id}-sort`} label="Order" value={sort} options={SORT_OPTIONS} onChange={setSort} />
        {canEdit && shown.length > 0 && (
          <AdminButton
            variant="danger"
            className="redirects-toolbar__action"
            disabled={clear.isPending}
            onClick={() => {
              void clearShown();
            }}
          >
            {filter === 'all' ? 'Clear log' : `Clear ${FILTER_LABELS[filter].toLowerCase()}`}
          </AdminButton>
        )}
      </div>
      {entries.length === 0 ? (
        <AdminEmpty>
          No missing pages have been asked for. Addresses that show the not-found page appear here.
        </AdminEmpty>
      ) : shown.length === 0 ? (
        <AdminEmpty>Nothing here: choose another kind under Show.</AdminEmpty>
      ) : (
        <AdminTable
          className="admin-table--stack redirects-table"
          explicitRoles
          caption="Addresses that showed the not-found page"
          columns={canEdit ? [...columns, 'Actions'] : columns}
        >
          {shown.map((entry) => (
            <tr key={entry.path} role="row">
              <td role="cell" data-label="Address" className="redirects-lead">
                <div>
                  <span className="redirects-path">{entry.path}</span>
                  {entry.redirectId && (
                    <span className="admin-badge admin-badge--ok redirects-badge">Covered by a redirect</span>
                  )}
                </div>
              </td>
              <td role="cell" data-label="Hits" className="redirects-number">
                {formatHits(entry.hits)}
              </td>
              <td role="cell" data-label="Last seen" className="redirects-nowrap">
                {entry.lastSeen ? <time dateTime={entry.lastSeen}>{formatWhen(entry.lastSeen)}</time> : '—'}
              </td>
              <td role="cell" data-label="Came from" className="redirects-referrer">
                {entry.referrer ? (
                  <span title={entry.referrer}>{referrerLabel(entry.referrer)}</span>
                ) : (
                  <span className="admin-muted">Typed or unknown</span>
                )}
              </td>
              {filter === 'all' && (
                <td role="cell" data-label="Kind">
                  {entry.kind === 'page' ? (
                    KIND_LABELS.page
                  ) : (
                    <span className="admin-badge redirects-kind">{KIND_LABELS[entry.kind]}</span>
                  )}
                </td>
              )}
              {canEdit && (
                <td role="cell" data-label="Actions" className="redirects-actions-cell">
                  <div className="redirects-actions">
                    {entry.redirectId ? (
                      onEditRedirect && (
                        <AdminButton
                          aria-label={`Edit the redirect of ${entry.path}`}
                          onClick={() => {
                            if (entry.redirectId) onEditRedirect(entry.redirectId);
                          }}
                        >
                          Edit redirect
                        </AdminButton>
                      )
                    ) : (
                      <AdminButton
                        variant={entry.kind === 'page' ? 'primary' : 'plain'}
                        aria-label={`Create a redirect for ${entry.path}`}
                        onClick={() => {
                          onCreateRedirect(entry.path);
                        }}
                      >
                        Create redirect
                      </AdminButton>
                    )}
                    <AdminButton
                      aria-label={`Clear ${entry.path} from the 404 log`}
                      disabled={clear.isPending}
                      onClick={() => {
                        clearOne(entry);
                      }}
                    >
                      Clear
                    </AdminButton>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
