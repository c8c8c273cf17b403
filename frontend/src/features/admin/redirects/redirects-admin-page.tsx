import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTabPanel, AdminTabs } from '@/features/admin/shared/admin-tabs';
import { useFailureToast } from '@/features/admin/shared/error-toast';
import { useCan } from '@/features/admin/shared/session/admin-session';
import { notFoundReportQuery } from './not-found-report-query';
import { NotFoundPanel } from './not-found-panel';
import { RedirectDialog } from './redirect-dialog';
import {
  EMPTY_REDIRECT_FORM,
  notFoundToForm,
  redirectToForm,
  type Redirect,
  type RedirectFormValues,
} from './redirect-form';
import { RedirectRulesPanel } from './redirect-rules-panel';
import { redirectsQuery } from './redirects-query';
import './redirects-admin.css';

type Tab = 'rules' | 'not-found';

/** The tab of ?view=: the rules unless the 404 log is asked for (so a link can open it). */
const NOT_FOUND_VIEW = '404';

interface DialogState {
  editing: { id: string; automatic: boolean } | null;
  values: RedirectFormValues;
  /** Remounts the form for each rule opened. */
  key: number;
}

/**
 * /admin/redirects: the rules that send old addresses to new ones (301, 302) or say they are gone
 * (410), exact or for everything under a path, and the 404 log they are made from. Editors and
 * owners change them; an author reads them.
 */
export function RedirectsAdminPage() {
  const baseId = useId();
  const canEdit = useCan('editSeo');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('view') === NOT_FOUND_VIEW ? 'not-found' : 'rules';
  const rules = useQuery(redirectsQuery());
  const notFound = useQuery(notFoundReportQuery());
  const [dialog, setDialog] = useState<DialogState | null>(null);

  useFailureToast(rules.isError, 'Error', 'Failed to load the redirects.');
  useFailureToast(notFound.isError, 'Error', 'Failed to load the 404 log.');

  const open = (editing: DialogState['editing'], values: RedirectFormValues) => {
    setDialog((current) => ({ editing, values, key: (current?.key ?? 0) + 1 }));
  };
  const edit = (rule: Redirect) => {
    open({ id: rule.id, automatic: rule.automatic }, redirectToForm(rule));
  };
  const covering = (redirectId: string) => rules.data?.find((rule) => rule.id === redirectId);

  const choose = (next: Tab) => {
    setParams(next === 'not-found' ? { view: NOT_FOUND_VIEW } : {}, { replace: true });
  };

  const tabName = (name: string, count: number | undefined) => (count === undefined ? name : `${name} (${count})`);
  const tabs = [
    ['rules', tabName('Redirects', rules.data?.length)],
    ['not-found', tabName('404 log', notFound.data?.length)],
  ] as const;

  return (
    <div className="admin-page redirects-page">
      <div className="admin-page__header">
        <div className="redirects-page__intro">
          <h1 className="admin-page__title">Redirects</h1>
          <p className="admin-muted">
            Old addresses sent on to new ones, so shared links and search results keep working. A post’s or page’s
            address changed on the site gets one automatically.
          </p>
        </div>
        {canEdit && (
          <AdminButton
            variant="primary"
            onClick={() => {
              open(null, EMPTY_REDIRECT_FORM);
            }}
          >
            Add Redirect
          </AdminButton>
        )}
      </div>
      {!canEdit && (
        <p className="admin-note" role="note">
          You can see the redirects and the 404 log. An editor adds, changes and deletes redirects.
        </p>
      )}
      <section className="admin-card" aria-label="Redirects and the 404 log">
        <AdminTabs label="Redirects and the 404 log" baseId={baseId} tabs={tabs} selected={tab} onSelect={choose} />
        <AdminTabPanel baseId={baseId} value="rules" selected={tab}>
          <RedirectRulesPanel rules={rules.data} failed={rules.isError} canEdit={canEdit} onEdit={edit} />
        </AdminTabPanel>
        <AdminTabPanel baseId={baseId} value="not-found" selected={tab}>
          <NotFoundPanel
            entries={notFound.data}
            failed={notFound.isError}
            canEdit={canEdit}
            onCreateRedirect={(path) => {
              open(null, notFoundToForm(path));
            }}
            onEditRedirect={
              rules.isSuccess
                ? (redirectId) => {
                    const rule = covering(redirectId);
                    if (rule) edit(rule);
                  }
                : null
            }
          />
        </AdminTabPanel>
      </section>
      {dialog && (
        <RedirectDialog
          key={dialog.key}
          editing={dialog.editing}
          initial={dialog.values}
          others={(rules.data ?? []).filter((rule) => rule.id !== dialog.editing?.id)}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
