import { useState, type SubmitEvent, type ReactNode } from 'react';
import { BLOG_TOOLBAR, RichTextEditor } from '@/components/ui/rich-text-editor';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { formatDate } from '@/features/admin/shared/format-date';
import { textFieldsOf } from '@/features/admin/shared/admin-text-field';
import { selectFieldsOf, valueOptions } from '@/features/admin/shared/admin-select-field';
import { uploadBlogImage } from '@/features/admin/shared/upload-image';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { LEAVE_QUESTION, useUnsavedChanges } from '@/features/admin/shared/unsaved-changes';
import {
  adminTimeZone,
  formToPayload,
  fromLocalInput,
  scheduleProblem,
  SCHEMA_TYPES,
  TWITTER_CARD_TYPES,
  type BlogFormValues,
  slugFromTitle,
} from './blog-post';
import { useSavePost } from './save-post';
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
}

/** Uploads an editor image; failures get the 'Upload failed' toast. */
async function uploadForEditor(file: File): Promise<string> {
  try {
    return await uploadBlogImage(file);
  } catch (error) {
    toast({ title: 'Upload failed', description: errorMessage(error), variant: 'destructive' });
    throw error;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="admin-section">
      <summary>{title}</summary>
      <div className="admin-section__body">{children}</div>
    </details>
  );
}

export function PostForm({ editingId, initial, canPublish, onSaved, onCancel }: PostFormProps) {
  const [form, setForm] = useState<BlogFormValues>(initial);
  // A new post's address follows its title until someone types one (a saved post's never moves
  // by itself: its address may already be shared).
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(editingId === null && initial.slug === '');
  const save = useSavePost();
  // What is stored now: the form has unsaved changes while it differs.
  const [saved, setSaved] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChanges(dirty);

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
    save.mutate(
      { id: editingId, payload: formToPayload(form) },
      {
        onSuccess: (id) => {
          setSaved(form);
          toast({
            title: editingId ? 'Blog post updated successfully!' : 'Blog post created successfully!',
            description: scheduledAt ? `It will be published on ${formatDate(scheduledAt)}.` : undefined,
          });
          onSaved(id);
        },
        onError: errorToast(),
      },
    );
  };

  return (
    <AdminCard titleId="post-form-title" title={editingId ? 'Edit Post' : 'Create New Post'}>
      <form className="admin-form" onSubmit={onSubmit}>
        <div className="admin-grid-2">
          {text('title', 'Title', { required: true })}
          {text('slug', 'Slug', { required: true, placeholder: 'my-post-url' })}
          {text('category', 'Category', { required: true })}
          {text('read_time', 'Read Time (minutes)', { required: true })}
        </div>
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
            minHeight={300}
            onImageUpload={uploadForEditor}
            onImageInserted={() => {
              toast({
                title: 'Image inserted!',
                description: 'Image has been added to your blog content.',
              });
            }}
          />
        </div>
        <div className="admin-grid-2">
          {text('featured_image_url', 'Featured Image URL', { type: 'url' })}
          {text('featured_image_alt', 'Featured Image Alt Text')}
        </div>

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
          {text('tags', 'Tags (comma-separated)', { placeholder: 'billing, compliance, DME' })}
        </Section>

        <Section title="Social Media Settings">
          {text('og_title', 'Open Graph Title')}
          {text('og_description', 'Open Graph Description', { multiline: true })}
          {text('og_image', 'Open Graph Image URL', { type: 'url' })}
          {select('twitter_card_type', 'Twitter Card Type', valueOptions(TWITTER_CARD_TYPES))}
        </Section>

        <Section title="Advanced Settings">
          {text('author_name', 'Author Name')}
          {select('schema_type', 'Schema Type', valueOptions(SCHEMA_TYPES))}
          {check('noindex', 'NoIndex')}
          {check('nofollow', 'NoFollow')}
        </Section>

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
            {editingId ? 'Update Post' : 'Create Post'}
          </AdminButton>
          {editingId && (
            <AdminButton
              onClick={() => {
                if (!dirty || window.confirm(LEAVE_QUESTION)) onCancel();
              }}
            >
              Cancel
            </AdminButton>
          )}
        </div>
      </form>
    </AdminCard>
  );
}
