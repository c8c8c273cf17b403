import { useId, useState, type ReactNode } from 'react';
import { labelledOptions, TWITTER_CARD_LABELS } from '@/features/admin/shared/glossary';
import { Dialog } from '@/components/ui/dialog';
import { PAGE_SEO_TOOLBAR, RichTextEditor } from '@/components/ui/rich-text-editor';
import { toast } from '@/components/ui/toast';
import { company } from '@/config/company';
import { selectFieldsOf, valueOptions } from '@/features/admin/shared/admin-select-field';
import { textFieldsOf } from '@/features/admin/shared/admin-text-field';
import { splitCommaList } from '@/features/admin/shared/split-list';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminTabPanel, AdminTabs } from '@/features/admin/shared/admin-tabs';
import { formToPagePayload, OG_TYPES, PAGE_TWITTER_CARD_TYPES, type PageSeoForm } from './page-seo';
import { useSavePageSeo } from './save-page-seo';
import { pageSeoErrors, searchPreview, seoScore } from './seo-score';
import { errorToast } from '@/features/admin/shared/error-toast';
import { checksOf } from '@/features/admin/shared/admin-check';
import { MediaPickerField } from '@/features/admin/shared/media/media-picker-field';
import { useMediaPicker } from '@/features/admin/shared/media/use-media-picker';
import { EditingPresence } from '@/features/admin/shared/presence/editing-presence';
import { useEditorPresence } from '@/features/admin/shared/presence/use-editor-presence';

const TAB_NAMES = ['Basic', 'Content', 'Image', 'Social', 'Advanced', 'Preview'] as const;
type Tab = (typeof TAB_NAMES)[number];
const TABS = TAB_NAMES.map((name) => [name, name] as const);

type TextKey = {
  [K in keyof PageSeoForm]: PageSeoForm[K] extends string ? K : never;
}[keyof PageSeoForm];

export interface PageSeoDialogProps {
  open: boolean;
  /** The record being edited, or null when adding. */
  editingId: string | null;
  initial: PageSeoForm;
  onClose: () => void;
}

export function PageSeoDialog({ open, editingId, initial, onClose }: PageSeoDialogProps) {
  const baseId = useId();
  const [form, setForm] = useState<PageSeoForm>(initial);
  const [tab, setTab] = useState<Tab>('Basic');
  const save = useSavePageSeo();
  const { pickImage, mediaPicker } = useMediaPicker();
  // A stored page open here: its other editors (here or in the content editor) show at the top.
  const editors = useEditorPresence(open && editingId !== null ? { kind: 'page', route: initial.page_route } : null);

  const set = <K extends keyof PageSeoForm>(key: K, value: PageSeoForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
  };

  const field = textFieldsOf<TextKey>(baseId, form, set);

  const select = selectFieldsOf<Pick<PageSeoForm, 'og_type' | 'twitter_card_type'>>(baseId, form, set);

  const keywords = splitCommaList(form.keywords);
  const score = seoScore({ ...form, keywords });
  const preview = searchPreview(form, company.siteUrl);

  const onSave = () => {
    const errors = pageSeoErrors(form);
    if (errors.length > 0) {
      toast({ title: 'Validation Error', description: errors.join(', '), variant: 'destructive' });
      return;
    }
    save.mutate(
      { id: editingId, payload: formToPagePayload(form) },
      {
        onSuccess: () => {
          toast({ title: 'Page SEO settings saved successfully' });
          onClose();
        },
        onError: errorToast(),
      },
    );
  };

  const panel = (name: Tab, children: ReactNode) => (
    <AdminTabPanel baseId={baseId} value={name} selected={tab}>
      {children}
    </AdminTabPanel>
  );

  const check = checksOf<'noindex' | 'nofollow'>(form, set);

  return (
    <Dialog open={open} onClose={onClose} title="Add or Edit Page SEO Settings" className="admin-dialog">
      <EditingPresence editors={editors} />
      <AdminTabs label="Page SEO sections" baseId={baseId} tabs={TABS} selected={tab} onSelect={setTab} />

      {panel(
        'Basic',
        <>
          {field('page_route', 'Page Route', { placeholder: '/services' })}
          {field('page_name', 'Page Name', { placeholder: 'Services' })}
          {field('meta_title', 'Meta Title', {
            maxLength: 60,
            counter: { max: 60 },
          })}
          {field('meta_description', 'Meta Description', {
            maxLength: 160,
            multiline: true,
            counter: { max: 160 },
          })}
          {field('keywords', 'Keywords (comma-separated)', { placeholder: 'dme billing, rcm, claims' })}
          {field('canonical_url', 'Canonical URL', { placeholder: 'https://example.com/page' })}
        </>,
      )}
      {panel(
        'Content',
        <div className="admin-field">
          <span className="admin-label">Page Content</span>
          {tab === 'Content' && (
            <RichTextEditor
              label="Page Content"
              value={form.content}
              onChange={(html) => {
                set('content', html);
              }}
              toolbar={PAGE_SEO_TOOLBAR}
              minHeight={200}
              pickImage={pickImage}
            />
          )}
          {mediaPicker}
        </div>,
      )}
      {panel(
        'Image',
        <>
          <MediaPickerField
            label="Featured Image"
            imageUrl={form.featured_image_url}
            imageAlt={form.featured_image_alt}
            onPick={({ url, alt }) => {
              setForm((current) => ({ ...current, featured_image_url: url, featured_image_alt: alt }));
            }}
          >
            {field('featured_image_url', 'Featured Image URL')}
            {field('featured_image_alt', 'Featured Image Alt Text')}
          </MediaPickerField>
        </>,
      )}
      {panel(
        'Social',
        <>
          <details className="admin-section" open>
            <summary>Open Graph</summary>
            <div className="admin-section__body">
              {field('og_title', 'OG Title')}
              {field('og_description', 'OG Description', { multiline: true })}
              <MediaPickerField
                label="OG Image"
                imageUrl={form.og_image}
                onPick={({ url }) => {
                  set('og_image', url);
                }}
              >
                {field('og_image', 'OG Image URL')}
              </MediaPickerField>
              {select('og_type', 'OG Type', valueOptions(OG_TYPES))}
            </div>
          </details>
          <details className="admin-section">
            <summary>Twitter Card</summary>
            <div className="admin-section__body">
              {select('twitter_card_type', 'Card Type', labelledOptions(PAGE_TWITTER_CARD_TYPES, TWITTER_CARD_LABELS))}
              {field('twitter_title', 'Twitter Title')}
              {field('twitter_description', 'Twitter Description', { multiline: true })}
              <MediaPickerField
                label="Twitter Image"
                imageUrl={form.twitter_image}
                onPick={({ url }) => {
                  set('twitter_image', url);
                }}
              >
                {field('twitter_image', 'Twitter Image URL')}
              </MediaPickerField>
            </div>
          </details>
        </>,
      )}
      {panel(
        'Advanced',
        <>
          {check('noindex', 'NoIndex (hide this page from search engines)')}
          {check('nofollow', 'NoFollow (do not follow links on this page)')}
        </>,
      )}
      {panel(
        'Preview',
        <>
          <div className="admin-score">
            <p>
              SEO Score: <strong>{score}</strong>/100
            </p>
            <div
              className="admin-score__bar"
              role="progressbar"
              aria-label="SEO score"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={score}
            >
              <div className="admin-score__fill" style={{ width: `${score}%` }} />
            </div>
          </div>
          <div className="admin-serp" aria-label="Search result preview">
            <p className="admin-serp__url">{preview.url}</p>
            <p className="admin-serp__title">{preview.title}</p>
            <p className="admin-serp__description">{preview.description}</p>
          </div>
        </>,
      )}

      <div className="admin-actions admin-actions--end">
        <AdminButton onClick={onClose}>Cancel</AdminButton>
        <AdminButton variant="primary" onClick={onSave} disabled={save.isPending}>
          Save Page SEO
        </AdminButton>
      </div>
    </Dialog>
  );
}
