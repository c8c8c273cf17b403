import { joinCommaList, splitCommaList } from '../shared/split-list';

export const TWITTER_CARD_TYPES = ['summary_large_image', 'summary'] as const;
export const SCHEMA_TYPES = ['BlogPosting', 'Article', 'NewsArticle', 'TechArticle'] as const;
export type TwitterCardType = (typeof TWITTER_CARD_TYPES)[number];
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** A blog_posts row (spec §3). */
export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  description: string;
  content: string;
  category: string;
  read_time: string;
  published: boolean;
  meta_title: string | null;
  focus_keyword: string | null;
  featured_image_url: string | null;
  featured_image_alt: string | null;
  excerpt: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  twitter_card_type: TwitterCardType;
  canonical_url: string | null;
  author_name: string | null;
  tags: string[];
  schema_type: SchemaType;
  noindex: boolean;
  nofollow: boolean;
  created_at: string;
  updated_at: string;
}

/** The create/edit form: every editable field as the inputs hold it (tags as typed text). */
export interface BlogFormValues {
  title: string;
  slug: string;
  description: string;
  content: string;
  category: string;
  read_time: string;
  published: boolean;
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
    meta_title: post.meta_title ?? '',
    focus_keyword: post.focus_keyword ?? '',
    featured_image_url: post.featured_image_url ?? '',
    featured_image_alt: post.featured_image_alt ?? '',
    excerpt: post.excerpt ?? '',
    og_title: post.og_title ?? '',
    og_description: post.og_description ?? '',
    og_image: post.og_image ?? '',
    twitter_card_type: post.twitter_card_type,
    canonical_url: post.canonical_url ?? '',
    author_name: post.author_name ?? '',
    tags: joinCommaList(post.tags),
    schema_type: post.schema_type,
    noindex: post.noindex,
    nofollow: post.nofollow,
  };
}

export type BlogPostPayload = Omit<BlogPost, 'id' | 'created_at' | 'updated_at'>;

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

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
    meta_title: orNull(form.meta_title),
    focus_keyword: orNull(form.focus_keyword),
    featured_image_url: orNull(form.featured_image_url),
    featured_image_alt: orNull(form.featured_image_alt),
    excerpt: orNull(form.excerpt),
    og_title: orNull(form.og_title),
    og_description: orNull(form.og_description),
    og_image: orNull(form.og_image),
    twitter_card_type: form.twitter_card_type,
    canonical_url: orNull(form.canonical_url),
    author_name: orNull(form.author_name),
    tags: splitCommaList(form.tags),
    schema_type: form.schema_type,
    noindex: form.noindex,
    nofollow: form.nofollow,
  };
}
