import type { PageSeoRecord } from '@/data/page-seo/types';
import { joinCommaList, orNull, splitCommaList } from '@/features/admin/shared/split-list';

export const OG_TYPES = ['website', 'article'] as const;
export const PAGE_TWITTER_CARD_TYPES = ['summary_large_image', 'summary'] as const;

/** A page_seo_settings row (spec §3), as the public site reads it. */
export type PageSeo = PageSeoRecord;

export interface PageSeoForm {
  page_route: string;
  page_name: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  canonical_url: string;
  content: string;
  featured_image_url: string;
  featured_image_alt: string;
  og_title: string;
  og_description: string;
  og_image: string;
  og_type: string;
  twitter_card_type: string;
  twitter_title: string;
  twitter_description: string;
  twitter_image: string;
  noindex: boolean;
  nofollow: boolean;
}

export const EMPTY_PAGE_SEO_FORM: PageSeoForm = {
  page_route: '',
  page_name: '',
  meta_title: '',
  meta_description: '',
  keywords: '',
  canonical_url: '',
  content: '',
  featured_image_url: '',
  featured_image_alt: '',
  og_title: '',
  og_description: '',
  og_image: '',
  og_type: 'website',
  twitter_card_type: 'summary_large_image',
  twitter_title: '',
  twitter_description: '',
  twitter_image: '',
  noindex: false,
  nofollow: false,
};

export function pageToForm(page: PageSeo): PageSeoForm {
  return {
    page_route: page.page_route,
    page_name: page.page_name,
    meta_title: page.meta_title ?? '',
    meta_description: page.meta_description ?? '',
    keywords: joinCommaList(page.keywords),
    canonical_url: page.canonical_url ?? '',
    content: page.content ?? '',
    featured_image_url: page.featured_image_url ?? '',
    featured_image_alt: page.featured_image_alt ?? '',
    og_title: page.og_title ?? '',
    og_description: page.og_description ?? '',
    og_image: page.og_image ?? '',
    og_type: page.og_type,
    twitter_card_type: page.twitter_card_type,
    twitter_title: page.twitter_title ?? '',
    twitter_description: page.twitter_description ?? '',
    twitter_image: page.twitter_image ?? '',
    noindex: page.noindex,
    nofollow: page.nofollow,
  };
}

export type PageSeoPayload = Omit<PageSeo, 'id' | 'created_at' | 'updated_at' | 'schema_json'>;

export function formToPagePayload(form: PageSeoForm): PageSeoPayload {
  return {
    page_route: form.page_route.trim(),
    page_name: form.page_name.trim(),
    meta_title: orNull(form.meta_title),
    meta_description: orNull(form.meta_description),
    keywords: splitCommaList(form.keywords),
    canonical_url: orNull(form.canonical_url),
    content: form.content,
    featured_image_url: orNull(form.featured_image_url),
    featured_image_alt: orNull(form.featured_image_alt),
    og_title: orNull(form.og_title),
    og_description: orNull(form.og_description),
    og_image: orNull(form.og_image),
    og_type: form.og_type,
    twitter_card_type: form.twitter_card_type,
    twitter_title: orNull(form.twitter_title),
    twitter_description: orNull(form.twitter_description),
    twitter_image: orNull(form.twitter_image),
    noindex: form.noindex,
    nofollow: form.nofollow,
  };
}
