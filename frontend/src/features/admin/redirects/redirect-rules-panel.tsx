import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminRowActions } from '@/features/admin/shared/admin-row-actions';
import { AdminTable } from '@/features/admin/shared/admin-table';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { errorToast } from '@/features/admin/shared/error-toast';
import { useDeleteRedirect } from './delete-redirect';
import { STATUS_SHORT_LABELS, type Redirect } from './redirect-form';
import { findRedirects, formatHits, formatWhen } from './redirect-list';

interface RedirectRulesPanelProps {
  rules: readonly Redirect[] | undefined;
  failed: boolean;
  /** Whether the signed-in role may change rules (an author reads them). */
  canEdit: boolean;
  onEdit: (rule: Redirect) => void;
}

/** The rules: what each old address does, how often it was used, and (for editors) edit and delete. */
export function RedirectRulesPanel({ rules, failed, canEdit, onEdit }: RedirectRulesPanelProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const remove = useDeleteRedirect();
  const { confirm, confirmDialog } = useConfirm();

  const onDelete = async (rule: Redirect, restoreFocus: () => void) => {
    const yes = await confirm({
      title: 'Delete this redirect?',
      children: (
        <p>
          {rule.automatic
            ? `${rule.source} was redirected automatically when its content moved. Without the rule, old links to it show the not-found page.`
            : `Visitors to ${rule.source} will no longer be sent on; they see whatever is at that address now, often the not-found page.`}
        </p>
      ),
      confirmLabel: 'Delete redirect',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(rule.id, {
      onSuccess: () => {
        toast({ title: 'Redirect deleted', description: `${rule.source} is no longer redirected.` });
        restoreFocus();
      },
      onError: errorToast('Delete failed'),
    });
  };

  if (rules === undefined) {
    return failed ? (
      <p className="admin-error">The redirects could not be loaded. Reload the page to try again.</p>
    ) : (
      <AdminLoading>Loading redirects...</AdminLoading>
    );
  }

  const shown = findRedirects(rules, search);
  const columns = ['Old address', 'New address', 'Type', 'Hits', 'Last used'];

  return (
    <>
      {confirmDialog}
      {rules.length > 0 && (
        <div className="redirects-toolbar">
          <AdminTextField
            id={`${id}-search`}
            label="Find a redirect"
            type="search"
            value={search}
            onChange={setSearch}
            placeholder="An old or new address"
          />
          <p className="admin-muted redirects-toolbar__count" role="status">
            {shown.length === rules.length
              ? `${rules.length} redirects`
              : `${shown.length} of ${rules.length} redirects`}
          </p>
        </div>
      )}
      {rules.length === 0 ? (
        <AdminEmpty>
          No redirects yet. {canEdit ? 'Add one, or create one from a row of the 404 log.' : ''} Changing a published
          post’s web address adds one by itself.
        </AdminEmpty>
      ) : shown.length === 0 ? (
        <AdminEmpty>No redirect matches “{search.trim()}”.</AdminEmpty>
      ) : (
        <AdminTable
          className="admin-table--stack redirects-table"
          explicitRoles
          caption="Redirect rules, newest first"
          columns={canEdit ? [...columns, 'Actions'] : columns}
        >
          {shown.map((rule) => (
            <tr key={rule.id} role="row">
              <td role="cell" data-label="Old address" className="redirects-lead">
                <div>
                  <span className="redirects-path">{rule.source}</span>
                  {rule.match === 'prefix' && (
                    <span className="admin-muted redirects-sub"> and everything under it</span>
                  )}
                  {rule.automatic && <span className="admin-badge redirects-badge">Automatic</span>}
                  {rule.note && <span className="admin-muted redirects-note">{rule.note}</span>}
                </div>
              </td>
              <td role="cell" data-label="New address">
                {rule.target === null ? (
                  <span className="admin-muted">None (gone)</span>
                ) : (
                  <span className="redirects-path">{rule.target}</span>
                )}
              </td>
              <td role="cell" data-label="Type" className="redirects-nowrap">
                {STATUS_SHORT_LABELS[rule.status]}
              </td>
              <td role="cell" data-label="Hits" className="redirects-number">
                {formatHits(rule.hits)}
              </td>
              <td role="cell" data-label="Last used" className="redirects-nowrap">
                {rule.lastHitAt ? (
                  <time dateTime={rule.lastHitAt}>{formatWhen(rule.lastHitAt)}</time>
                ) : (
                  <span className="admin-muted">Never</span>
                )}
              </td>
              {canEdit && (
                <td role="cell" data-label="Actions" className="redirects-actions-cell">
                  <AdminRowActions
                    name={`redirect ${rule.source}`}
                    onEdit={() => {
                      onEdit(rule);
                    }}
                    onDelete={(restoreFocus) => {
                      void onDelete(rule, restoreFocus);
                    }}
                    deleteDisabled={remove.isPending}
                  />
                </td>
              )}
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
