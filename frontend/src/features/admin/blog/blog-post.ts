import type { Tables } from '@/lib/database.types';
import { addressSlug } from '@/features/admin/shared/address-slug';
import {
  joinCommaList,
  optionalTextsToForm,
  optionalTextsToRow,
  splitCommaList,
} from '@/features/admin/shared/split-list';
import { fromLocalInput, toLocalInput } from '@/features/admin/shared/format-date';

export const TWITTER_CARD_TYPES = ['summary_large_image', 'summary'] as const;
export const SCHEMA_TYPES = ['BlogPosting', 'Article', 'NewsArticle', 'TechArticle'] as const;
export type TwitterCardType = (typeof TWITTER_CARD_TYPES)[number];
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/**
 * A blog_posts row (spec §3), as the database types say, with the two choice columns narrowed to
 * the values their check constraints allow.
 */
export type BlogPost = Omit<Tables<'blog_posts'>, 'twitter_card_type' | 'schema_type'> & {
  twitter_card_type: TwitterCardType;
  schema_type: SchemaType;
};

/** The create/edit form: every editable field as the inputs hold it (tags as typed text). */
export interface BlogFormValues {
  title: string;
  slug: string;
  description: string;
  content: string;
  category: string;
  read_time: string;
  published: boolean;
  /** Publish at a chosen time rather than on save. */
  schedule: boolean;
  /** The chosen time as a datetime-local input holds it: the admin's own time zone. */
  publish_at: string;
  meta_title: string;
  focus_keyword: string;
  featured_image_url: string;
  featured_image_alt: string;
  excerpt: string;
  og_title: string;
  og_description: string;
  og_image: string;
  twitter_card_type: TwitterCardType;
  canonical_url: string;
  author_name: string;
  tags: string;
  schema_type: SchemaType;
  noindex: boolean;
  nofollow: boolean;
}

export const EMPTY_BLOG_FORM: BlogFormValues = {
  title: '',
  slug: '',
  description: '',
  content: '',
  category: '',
  read_time: '5',
  published: false,
  schedule: false,
  publish_at: '',
  meta_title: '',
  focus_keyword: '',
  featured_image_url: '',
  featured_image_alt: '',
  excerpt: '',
  og_title: '',
  og_description: '',
  og_image: '',
  twitter_card_type: 'summary_large_image',
  canonical_url: '',
  author_name: '',
  tags: '',
  schema_type: 'BlogPosting',
  noindex: false,
  nofollow: false,
};

/** The optional text columns: blank in the form, null when stored. */
const OPTIONAL_TEXTS = [
  'meta_title',
  'focus_keyword',
  'featured_image_url',
  'featured_image_alt',
  'excerpt',
  'og_title',
  'og_description',
  'og_image',
  'canonical_url',
  'author_name',
] as const;

/** A stored post as form values: missing optional fields become empty defaults. */
export function postToForm(post: BlogPost): BlogFormValues {
  return {
    title: post.title,
    slug: post.slug,
    description: post.description,
    content: post.content,
    category: post.category,
    read_time: post.read_time || '5',
    published: post.published,
    schedule: isScheduled(post),
    publish_at: post.publish_at ? toLocalInput(post.publish_at) : '',
    ...optionalTextsToForm(post, OPTIONAL_TEXTS),
    twitter_card_type: post.twitter_card_type,
    tags: joinCommaList(post.tags),
    schema_type: post.schema_type,
    noindex: post.noindex,
    nofollow: post.nofollow,
  };
}

/** What a save writes. Not author_id: the database sets it to whoever creates the post. */
export type BlogPostPayload = Omit<BlogPost, 'id' | 'created_at' | 'updated_at' | 'author_id'>;

/** The row written on create or update: tags split on commas, blank optional fields as null. */
export function formToPayload(form: BlogFormValues): BlogPostPayload {
  return {
    title: form.title.trim(),
    slug: form.slug.trim(),
    description: form.description.trim(),
    content: form.content,
    category: form.category.trim(),
    read_time: form.read_time.trim() || '5',
    published: form.published,
    publish_at: form.published && form.schedule ? fromLocalInput(form.publish_at) : null,
    ...optionalTextsToRow(form, OPTIONAL_TEXTS),
    twitter_card_type: form.twitter_card_type,
    tags: splitCommaList(form.tags),
    schema_type: form.schema_type,
    noindex: form.noindex,
    nofollow: form.nofollow,
  };
}

/** The time zone the admin's times are shown and entered in ("America/Chicago"). */
export function adminTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Published with a publish time still ahead. */
export function isScheduled(post: Pick<BlogPost, 'published' | 'publish_at'>, now = Date.now()): boolean {
  return post.published && post.publish_at !== null && new Date(post.publish_at).getTime() > now;
}

export type PostStatus = { label: 'Draft' } | { label: 'Published' } | { label: 'Scheduled'; at: string };

/** What the admin list says about a post. */
export function postStatus(post: Pick<BlogPost, 'published' | 'publish_at'>, now = Date.now()): PostStatus {
  if (!post.published) return { label: 'Draft' };
  if (post.publish_at && isScheduled(post, now)) return { label: 'Scheduled', at: post.publish_at };
  return { label: 'Published' };
}

/** A problem with the form's publish time, or null. */
export function scheduleProblem(
  form: Pick<BlogFormValues, 'published' | 'schedule' | 'publish_at'>,
  now = Date.now(),
): string | null {
  if (!form.published || !form.schedule) return null;
  const at = fromLocalInput(form.publish_at);
  if (!at) return 'Choose the date and time to publish at.';
  if (new Date(at).getTime() <= now) return 'The publish time has passed: choose a later time, or publish now.';
  return null;
}

/**
 * A post address made from its title, as the database accepts it (lower-case letters and digits
 * in runs joined by single hyphens, at most 80 characters): accents dropped, "&" read as "and".
 */
export function slugFromTitle(title: string): string {
  return addressSlug(title, 80);
}

/**
 * What a new draft still needs before it can be stored (and so save itself): the columns the
 * database requires, in words; null when it has them.
 */
export function draftMissing(form: Pick<BlogFormValues, 'title' | 'slug' | 'description' | 'category'>): string | null {
  const missing = [
    !form.title.trim() && 'a title',
    !form.slug.trim() && 'a web address',
    !form.description.trim() && 'a description',
    !form.category.trim() && 'a category',
  ].filter((item): item is string => Boolean(item));
  const last = missing.pop();
  if (last === undefined) return null;
  return missing.length === 0 ? last : `${missing.join(', ')} and ${last}`;
}
