import type { Revision } from './revisions-query';

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Saved',
  delete: 'Deleted',
  restore: 'Restored',
};

/** Field names as the editors label them. */
const FIELD_LABELS: Record<string, string> = {
  content: 'Content',
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  category: 'Category',
  read_time: 'Read time',
  published: 'Published',
  publish_at: 'Publish time',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  focus_keyword: 'Focus keyword',
  featured_image_url: 'Featured image',
  featured_image_alt: 'Featured image alt text',
  excerpt: 'Excerpt',
  og_title: 'Open Graph title',
  og_description: 'Open Graph description',
  og_image: 'Open Graph image',
  og_type: 'Open Graph type',
  twitter_card_type: 'Twitter card type',
  twitter_title: 'Twitter title',
  twitter_description: 'Twitter description',
  twitter_image: 'Twitter image',
  canonical_url: 'Canonical URL',
  author_name: 'Author',
  tags: 'Tags',
  keywords: 'Keywords',
  schema_type: 'Schema type',
  schema_json: 'Schema JSON',
  noindex: 'NoIndex',
  nofollow: 'NoFollow',
  page_name: 'Page name',
  page_route: 'Page route',
};

export function actionText(revision: Pick<Revision, 'action'>): string {
  return ACTIONS[revision.action] ?? revision.action;
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

/** What changed, in a few words: "Content, Title and 3 more". */
export function changedSummary(changed: readonly string[]): string {
  const labels = changed.map(fieldLabel);
  if (labels.length <= 3) return labels.join(', ');
  return `${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
}

/** A stored field value as text for the diff. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value, null, 2);
}

/** The field's value in a revision document (previous or snapshot). */
export function fieldOf(doc: unknown, field: string): unknown {
  return typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)[field] : undefined;
}

export { formatDate as formatWhen } from '@/features/admin/shared/format-date';
