import { useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { GLOSSARY, labelledOptions, TWITTER_CARD_LABELS } from '@/features/admin/shared/glossary';
import { BLOG_TOOLBAR, RichTextEditor } from '@/components/ui/rich-text-editor';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { formatDate } from '@/features/admin/shared/format-date';
import { textFieldsOf } from '@/features/admin/shared/admin-text-field';
import { selectFieldsOf, valueOptions } from '@/features/admin/shared/admin-select-field';
import { MediaPickerField } from '@/features/admin/shared/media/media-picker-field';
import { useMediaPicker } from '@/features/admin/shared/media/use-media-picker';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { LEAVE_QUESTION, useUnsavedChanges } from '@/features/admin/shared/unsaved-changes';
import {
  adminTimeZone,
  formToPayload,
  scheduleProblem,
  SCHEMA_TYPES,
  TWITTER_CARD_TYPES,
  type BlogFormValues,
  draftMissing,
  slugFromTitle,
} from './blog-post';
import { fromLocalInput } from '@/features/admin/shared/format-date';
import { useSavePost } from './save-post';
import { useDraftAutosave } from './use-draft-autosave';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminCheck, checksOf } from '@/features/admin/shared/admin-check';

type TextField = {
  [K in keyof BlogFormValues]: BlogFormValues[K] extends string ? K : never;
}[keyof BlogFormValues];

export interface PostFormProps {
  /** The post being edited, or null in create mode. */
  editingId: string | null;
  initial: BlogFormValues;
  /** Editors and owners publish and schedule; an author saves drafts (an editor publishes them). */
  canPublish: boolean;
  /** After a save, with the post's id (the form keeps what was saved). */
  onSaved: (id: string) => void;
  /** Cancel, while editing. */
  onCancel: () => void;
  /** Panels shown under the settings (preview links, revisions), outside the writing column. */
  side?: ReactNode;
  /** Who else has the post open, under the save status. */
  presence?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="admin-section">
      <summary>{title}</summary>
      <div className="admin-section__body">{children}</div>
    </details>
  );
}

export function PostForm({ editingId, initial, canPublish, onSaved, onCancel, side, presence }: PostFormProps) {
  const [form, setForm] = useState<BlogFormValues>(initial);
  // A new post's address follows its title until someone types one (a saved post's never moves
  // by itself: its address may already be shared).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(editingId === null && initial.slug === '');
  const save = useSavePost();
  // The editor's image button opens the media library (browse, or upload in place).
  const { pickImage, mediaPicker } = useMediaPicker();
  // What is stored now: the form has unsaved changes while it differs.
  const [saved, setSaved] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChanges(dirty);
  // A new post stays "Create New Post" (with Create Post) until someone presses it, even once
  // its draft has saved itself: the button says what the person has not done yet.
  const [created, setCreated] = useState(editingId !== null);
  const isNew = !created;

  const set = <K extends keyof BlogFormValues>(key: K, value: BlogFormValues[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
  };
  const setText = (key: TextField, value: string) => {
    if (key === 'slug') setSlugFollowsTitle(value === '');
    setForm((current) => ({
      ...current,
      [key]: value,
      ...(key === 'title' && slugFollowsTitle ? { slug: slugFromTitle(value) } : {}),
    }));
  };

  // Saves run one after another (an autosave may be under way when Create Post is pressed), each
  // with the id the one before it stored, so a new post is inserted once.
  const lastSave = useRef<Promise<unknown>>(Promise.resolve());
  const savedId = useRef(editingId);

  /** Stores `values` (a snapshot: typing may go on meanwhile) and marks them saved. */
  const store = (values: BlogFormValues): Promise<string> => {
    const run = lastSave.current
      .catch(() => undefined)
      .then(async () => {
        const id = await save.mutateAsync({ id: savedId.current ?? editingId, payload: formToPayload(values) });
        savedId.current = id;
        setSaved(values);
        onSaved(id);
        return id;
      });
    lastSave.current = run;
    return run;
  };

  // Drafts save themselves; a live or scheduled post (stored or about to be) waits for Update Post.
  const missing = draftMissing(form);
  const isDraft = !form.published && !saved.published;
  const [status, setStatus] = useDraftAutosave(form, {
    enabled: isDraft && missing === null,
    dirty,
    busy: save.isPending,
    save: store,
  });

  const text = textFieldsOf<TextField>('post', form, setText);
  const check = checksOf<'noindex' | 'nofollow' | 'published'>(form, set);
  const select = selectFieldsOf<Pick<BlogFormValues, 'twitter_card_type' | 'schema_type'>>('post', form, set);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = scheduleProblem(form);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    const scheduledAt = form.published && form.schedule ? fromLocalInput(form.publish_at) : null;
    const wasNew = isNew;
    setStatus({ kind: 'saving' });
    store(form).then(
      () => {
        setStatus({ kind: 'saved', at: new Date() });
        setCreated(true);
        toast({
          title: wasNew ? 'Blog post created successfully!' : 'Blog post updated successfully!',
          description: scheduledAt ? `It will be published on ${formatDate(scheduledAt)}.` : undefined,
        });
      },
      (error: unknown) => {
        setStatus({ kind: 'failed', message: errorMessage(error) });
        errorToast()(error);
      },
    );
  };

  const statusLine =
    status.kind === 'saving'
      ? 'Saving…'
      : status.kind === 'failed'
        ? `Not saved: ${status.message}`
        : dirty
          ? isDraft
            ? missing
              ? `The draft saves itself once it has ${missing}.`
              : 'Unsaved changes: the draft saves itself in a moment.'
            : 'Unsaved changes: they go on the site when you save.'
          : status.kind === 'saved'
            ? `Saved at ${status.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.`
            : isNew
              ? 'A new draft: it saves itself as you write.'
              : 'No unsaved changes.';

  return (
    <AdminCard titleId="post-form-title" title={isNew ? 'Create New Post' : 'Edit Post'}>
      <form className="admin-form post-form" onSubmit={onSubmit}>
        <div className="post-form__main">
          {text('title', 'Title', { required: true })}
          {text('description', 'Description', {
            required: true,
            multiline: true,
            counter: { max: 160, recommended: [150, 160] },
          })}
          <div className="admin-field">
            <span className="admin-label" id="post-content-label">
              Content
            </span>
            <RichTextEditor
              label="Content"
              value={form.content}
              onChange={(html) => {
                set('content', html);
              }}
              toolbar={BLOG_TOOLBAR}
              minHeight={420}
              pickImage={pickImage}
              onImageInserted={() => {
                toast({
                  title: 'Image inserted!',
                  description: 'Image has been added to your blog content.',
                });
              }}
            />
          </div>
          {mediaPicker}
        </div>

        <div className="post-form__side">
          <section className="post-form__panel" aria-labelledby="post-publish-title">
            <h3 id="post-publish-title" className="post-form__panel-title">
              Publishing
            </h3>
            {canPublish ? (
              check('published', 'Published')
            ) : (
              <p className="admin-note" role="note">
                <strong>An editor publishes your post.</strong> Save it as a draft: it goes on the site once an editor
                publishes it, and it stays yours to change until then.
              </p>
            )}
            {canPublish && (
              // Beside the Published checkbox, not behind it: choosing when also ticks Published, and
              // an unticked post (a draft) has neither choice selected.
              <fieldset className="admin-fieldset">
                <legend>When</legend>
                <AdminCheck
                  type="radio"
                  name="post-publish-when"
                  checked={form.published && !form.schedule}
                  onChange={() => {
                    setForm((current) => ({ ...current, published: true, schedule: false }));
                  }}
                >
                  Publish now
                </AdminCheck>
                <AdminCheck
                  type="radio"
                  name="post-publish-when"
                  checked={form.published && form.schedule}
                  onChange={() => {
                    setForm((current) => ({ ...current, published: true, schedule: true }));
                  }}
                >
                  Schedule for later
                </AdminCheck>
                {!form.published && <p className="admin-muted">Not on the site: a draft until you choose when.</p>}
                {form.published && form.schedule && (
                  <div className="admin-field">
                    <label htmlFor="post-publish_at">Publish on</label>
                    <input
                      id="post-publish_at"
                      type="datetime-local"
                      value={form.publish_at}
                      required
                      aria-describedby="post-publish_at-zone"
                      onChange={(event) => {
                        set('publish_at', event.target.value);
                      }}
                    />
                    <p id="post-publish_at-zone" className="admin-muted">
                      Your time zone: {adminTimeZone()}. The post appears on the site at that moment.
                    </p>
                  </div>
                )}
              </fieldset>
            )}
            <div className="admin-actions">
              <AdminButton type="submit" variant="primary" disabled={save.isPending}>
                {isNew ? 'Create Post' : 'Update Post'}
              </AdminButton>
              {!isNew && (
                <AdminButton
                  onClick={() => {
                    if (!dirty || window.confirm(LEAVE_QUESTION)) onCancel();
                  }}
                >
                  Cancel
                </AdminButton>
              )}
            </div>
            <p className="admin-muted post-form__status" role="status">
              {statusLine}
            </p>
            {presence}
          </section>

          <section className="post-form__panel" aria-labelledby="post-details-title">
            <h3 id="post-details-title" className="post-form__panel-title">
              Details
            </h3>
            {text('slug', GLOSSARY.slug, {
              required: true,
              placeholder: 'my-post-url',
              hint: `The post's address: /blog/${form.slug || 'my-post-url'}`,
            })}
            {text('category', 'Category', { required: true })}
            {text('read_time', 'Read Time (minutes)', { required: true })}
            {text('tags', 'Tags (comma-separated)', { placeholder: 'billing, compliance, DME' })}
            <MediaPickerField
              label="Featured Image"
              imageUrl={form.featured_image_url}
              imageAlt={form.featured_image_alt}
              onPick={({ url, alt }) => {
                setForm((current) => ({ ...current, featured_image_url: url, featured_image_alt: alt }));
              }}
            >
              {text('featured_image_url', 'Featured Image URL', { type: 'url' })}
              {text('featured_image_alt', 'Featured Image Alt Text')}
            </MediaPickerField>
          </section>

          <Section title="SEO Settings">
            {text('meta_title', 'Meta Title', {
              counter: { max: 60, recommended: [50, 60] },
            })}
            {text('focus_keyword', 'Focus Keyword')}
            {text('excerpt', 'Excerpt', {
              multiline: true,
              counter: { max: 155 },
            })}
            {text('canonical_url', 'Canonical URL', { type: 'url' })}
          </Section>

          <Section title="Social Media Settings">
            {text('og_title', 'Open Graph Title')}
            {text('og_description', 'Open Graph Description', { multiline: true })}
            <MediaPickerField
              label="Open Graph Image"
              imageUrl={form.og_image}
              onPick={({ url }) => {
                set('og_image', url);
              }}
            >
              {text('og_image', 'Open Graph Image URL', { type: 'url' })}
            </MediaPickerField>
            {select('twitter_card_type', 'Twitter Card Type', labelledOptions(TWITTER_CARD_TYPES, TWITTER_CARD_LABELS))}
          </Section>

          <Section title="Advanced Settings">
            {text('author_name', 'Author Name')}
            {select('schema_type', 'Schema Type', valueOptions(SCHEMA_TYPES))}
            {check('noindex', 'NoIndex')}
            {check('nofollow', 'NoFollow')}
          </Section>
          {side}
        </div>
      </form>
    </AdminCard>
  );
}
