import { useId, useMemo, useState, type ReactNode } from 'react';
import { asBlocks, type Block } from '@/components/blocks/block';
import { validateBlocks } from '@/components/blocks/validate-blocks';
import { toast } from '@/components/ui/toast';
import type { Json } from '@/lib/database.types';
import { useSaveSitePage } from './save-site-page';
import type { SitePage, SitePagePayload } from '@/data/site-pages/types';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { errorToast } from '@/features/admin/shared/error-toast';
import { formatDate } from '@/features/admin/shared/format-date';
import { PreviewLinksPanel } from '@/features/admin/shared/previews/preview-links-panel';
import { RevisionsPanel } from '@/features/admin/shared/revisions/revisions-panel';
import { useUnsavedChanges } from '@/features/admin/shared/unsaved-changes';
import { BlockList, blockHeadingId } from './block-list';
import { BlockPreview } from './block-preview';
import { fieldId } from './block-problems';
import { MAX_NAME_LENGTH, routeProblem, scheduleProblem, sitePageStatus } from './site-page-status';
import { fromLocalInput, toLocalInput } from '@/features/admin/shared/format-date';

/** What a button of the publishing panel does with the page besides saving it. */
type SaveAction = 'save' | 'publish' | 'schedule' | 'unpublish';

interface Draft {
  name: string;
  route: string;
  blocks: Block[];
}

const draftOf = (page: SitePage): Draft => ({ name: page.name, route: page.route, blocks: asBlocks(page.blocks) });

/** The block a database refusal names (its detail is `{"block": n, ...}`), when it names one. */
function refusedBlock(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, details } = error as { code?: unknown; details?: unknown };
  if (code !== '22023' || typeof details !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(details);
    const block = (parsed as { block?: unknown }).block;
    return typeof block === 'number' ? block : null;
  } catch {
    return null;
  }
}

export interface SitePageEditorProps {
  page: SitePage;
  /** Editors and owners publish, schedule and unpublish, rename routes and edit SEO; an author saves drafts. */
  canPublish: boolean;
  /** After a restore: the editor starts again from what is stored. */
  onRestored: () => void;
  /** The page's search and social settings (its Page SEO record), for editors; composed by the app. */
  seoSettings?: (page: { route: string; name: string }) => ReactNode;
}

/**
 * A block page's editor: its blocks (left) beside a live preview at phone or desktop width
 * (right); its name, address and SEO; publishing (Save draft, Publish, Schedule, Unpublish);
 * preview links and revisions. Every problem validate-blocks.ts finds shows at its field and in
 * a summary, and nothing is saved while there is one (the database would refuse it whole).
 */
export function SitePageEditor({ page: loaded, canPublish, onRestored, seoSettings }: SitePageEditorProps) {
  const id = useId();
  const [stored, setStored] = useState(loaded);
  const [saved, setSaved] = useState<Draft>(() => draftOf(loaded));
  const [draft, setDraft] = useState<Draft>(saved);
  const [scheduleAt, setScheduleAt] = useState(() =>
    loaded.publish_at && sitePageStatus(loaded).label === 'Scheduled' ? toLocalInput(loaded.publish_at) : '',
  );
  const save = useSaveSitePage();

  const problems = useMemo(() => validateBlocks(draft.blocks), [draft.blocks]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useUnsavedChanges(dirty);
  const status = sitePageStatus(stored);
  const nameProblem = draft.name.trim() ? null : 'Enter the page’s name.';
  const addressProblem = routeProblem(draft.route);
  const summaryId = `${id}-problems`;

  const run = (action: SaveAction) => {
    if (problems.length > 0 || nameProblem || addressProblem) {
      const count = problems.length + (nameProblem ? 1 : 0) + (addressProblem ? 1 : 0);
      toast({
        title: 'Nothing was saved',
        description: `Fix ${count === 1 ? 'the problem' : `the ${count} problems`} listed above the blocks first.`,
        variant: 'destructive',
      });
      document.getElementById(summaryId)?.focus();
      return;
    }
    // The blocks hold only what the fields put in them: JSON values.
    const payload: SitePagePayload = {
      name: draft.name.trim(),
      route: draft.route,
      blocks: draft.blocks as unknown as Json,
    };
    if (canPublish && action === 'publish') Object.assign(payload, { published: true, publish_at: null });
    if (canPublish && action === 'unpublish') Object.assign(payload, { published: false, publish_at: null });
    if (canPublish && action === 'schedule') {
      const problem = scheduleProblem(scheduleAt);
      if (problem) {
        toast({ title: 'Error', description: problem, variant: 'destructive' });
        document.getElementById(`${id}-schedule`)?.focus();
        return;
      }
      Object.assign(payload, { published: true, publish_at: fromLocalInput(scheduleAt) });
    }
    const values = { ...draft, name: payload.name };
    save.mutate(
      { id: stored.id, payload },
      {
        onSuccess: (row) => {
          setStored(row);
          setSaved(values);
          setDraft(values);
          const now = sitePageStatus(row);
          toast({
            title:
              action === 'publish'
                ? 'Page published'
                : action === 'schedule'
                  ? 'Page scheduled'
                  : action === 'unpublish'
                    ? 'Page unpublished'
                    : 'Page saved',
            description:
              now.label === 'Scheduled'
                ? `It goes on the site on ${formatDate(now.at)}.`
                : now.label === 'Live'
                  ? `It is on the site at ${row.route}.`
                  : 'A draft: not on the site.',
          });
        },
        onError: (error) => {
          errorToast('Nothing was saved')(error);
          const block = refusedBlock(error);
          const target = block ? draft.blocks[block - 1] : undefined;
          if (target) document.getElementById(blockHeadingId(target.id))?.focus();
        },
      },
    );
  };

  const statusLine = save.isPending
    ? 'Saving…'
    : save.isError
      ? `Not saved: ${errorMessage(save.error)}`
      : dirty
        ? status.label === 'Draft'
          ? 'Unsaved changes.'
          : 'Unsaved changes: they go on the site when you save.'
        : 'No unsaved changes.';

  const live = status.label !== 'Draft';
  const publishing = (
    <AdminCard titleId={`${id}-publishing`} title="Publishing">
      <p>
        <span
          className={`admin-badge${status.label === 'Live' ? ' admin-badge--ok' : status.label === 'Scheduled' ? ' admin-badge--scheduled' : ''}`}
        >
          {status.label}
        </span>{' '}
        {status.label === 'Live'
          ? `On the site at ${stored.route}.`
          : status.label === 'Scheduled'
            ? `Goes on the site at ${stored.route} on ${formatDate(status.at)}.`
            : 'Not on the site.'}
      </p>
      {!canPublish && (
        <p className="admin-note" role="note">
          <strong>An editor publishes your page.</strong> Save it as a draft: it goes on the site once an editor
          publishes it, and it stays yours to change until then.
        </p>
      )}
      <div className="admin-actions">
        <AdminButton
          variant="primary"
          disabled={save.isPending}
          onClick={() => {
            run('save');
          }}
        >
          {live ? 'Update' : 'Save draft'}
        </AdminButton>
        {canPublish && status.label !== 'Live' && (
          <AdminButton
            disabled={save.isPending}
            onClick={() => {
              run('publish');
            }}
          >
            Publish now
          </AdminButton>
        )}
        {canPublish && live && !stored.system && (
          <AdminButton
            disabled={save.isPending}
            onClick={() => {
              run('unpublish');
            }}
          >
            Unpublish
          </AdminButton>
        )}
      </div>
      {canPublish && !(stored.system && status.label === 'Live') && (
        <div className="admin-actions site-page-editor__schedule">
          <AdminTextField
            id={`${id}-schedule`}
            label={status.label === 'Scheduled' ? 'Publish on (change to reschedule)' : 'Schedule for'}
            type="datetime-local"
            value={scheduleAt}
            onChange={setScheduleAt}
            hint={`Your time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}. The page appears on the site at that moment.`}
          />
          <AdminButton
            disabled={save.isPending || !scheduleAt}
            onClick={() => {
              run('schedule');
            }}
          >
            {status.label === 'Scheduled' ? 'Reschedule' : 'Schedule'}
          </AdminButton>
        </div>
      )}
      {stored.system && canPublish && (
        <p className="admin-muted">One of the site&apos;s own pages: it stays published at its address.</p>
      )}
      <p className="admin-muted" role="status">
        {statusLine}
      </p>
    </AdminCard>
  );

  const allProblems = [
    ...(nameProblem ? [{ key: 'name', href: `#${id}-name`, text: nameProblem }] : []),
    ...(addressProblem ? [{ key: 'route', href: `#${id}-route`, text: addressProblem }] : []),
    ...problems.map((problem, index) => {
      const block = draft.blocks[problem.block - 1];
      const href = !block
        ? '#block-list-title'
        : problem.field
          ? `#${fieldId(block.id, problem.field)}`
          : `#${blockHeadingId(block.id)}`;
      return { key: `${index}`, href, text: problem.message };
    }),
  ];

  return (
    <div className="site-page-editor">
      <div className="site-page-editor__edit">
        {publishing}
        {allProblems.length > 0 && (
          <section
            id={summaryId}
            tabIndex={-1}
            className="admin-card site-page-editor__problems"
            aria-labelledby={`${summaryId}-title`}
          >
            <h2 id={`${summaryId}-title`} className="admin-card__title">
              {allProblems.length === 1
                ? '1 problem to fix before saving'
                : `${allProblems.length} problems to fix before saving`}
            </h2>
            <ul>
              {allProblems.map((problem) => (
                <li key={problem.key}>
                  <a
                    href={problem.href}
                    onClick={(event) => {
                      const target = document.getElementById(problem.href.slice(1));
                      if (!target) return;
                      event.preventDefault();
                      target.scrollIntoView({ block: 'center' });
                      if (target.tabIndex < 0 && !target.matches('input, textarea, select')) target.tabIndex = -1;
                      target.focus();
                    }}
                  >
                    {problem.text}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <BlockList
          blocks={draft.blocks}
          problems={problems}
          onChange={(blocks) => {
            setDraft((current) => ({ ...current, blocks }));
          }}
        />
        <AdminCard titleId={`${id}-settings`} title="Page settings">
          <AdminTextField
            id={`${id}-name`}
            label="Name"
            value={draft.name}
            required
            maxLength={MAX_NAME_LENGTH}
            hint="What the admin calls the page."
            error={nameProblem ?? undefined}
            onChange={(name) => {
              setDraft((current) => ({ ...current, name }));
            }}
          />
          {canPublish && !stored.system ? (
            <AdminTextField
              id={`${id}-route`}
              label="Address"
              value={draft.route}
              required
              hint={
                live
                  ? 'A new address leaves a redirect from the old one, so shared links keep working.'
                  : 'Where the page is on the site, e.g. /spring-webinar.'
              }
              error={addressProblem ?? undefined}
              onChange={(route) => {
                setDraft((current) => ({ ...current, route: route.trim() }));
              }}
            />
          ) : (
            <p>
              Address: <code>{stored.route}</code>{' '}
              <span className="admin-muted">
                {stored.system ? '(one of the site’s own pages: its address stays)' : '(an editor can change it)'}
              </span>
            </p>
          )}
          {canPublish && seoSettings ? (
            seoSettings({ route: stored.route, name: stored.name })
          ) : (
            <p className="admin-muted">An editor sets the page&apos;s search and social settings.</p>
          )}
        </AdminCard>
        <PreviewLinksPanel
          target={{ kind: 'block_page', blockPageId: stored.id }}
          blocks={problems.length === 0 ? draft.blocks : undefined}
          unavailable={
            problems.length > 0
              ? 'Fix the problems above first: a preview link shows the blocks as they are in the editor.'
              : status.label === 'Live' && !dirty
                ? 'This page is live: share its address instead.'
                : null
          }
        />
        <RevisionsPanel
          entities={['block_page']}
          entityId={stored.id}
          name={`"${stored.name}"`}
          onRestored={onRestored}
        />
      </div>
      <div className="site-page-editor__preview">
        <BlockPreview route={draft.route} blocks={draft.blocks} />
      </div>
    </div>
  );
}
