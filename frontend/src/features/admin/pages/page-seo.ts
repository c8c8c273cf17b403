import type { PageSeoRecord } from '@/data/page-seo/types';
import {
  joinCommaList,
  optionalTextsToForm,
  optionalTextsToRow,
  splitCommaList,
} from '@/features/admin/shared/split-list';

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

/** The optional text columns: blank in the form, null when stored. */
const OPTIONAL_TEXTS = [
  'meta_title',
  'meta_description',
  'canonical_url',
  'featured_image_url',
  'featured_image_alt',
  'og_title',
  'og_description',
  'og_image',
  'twitter_title',
  'twitter_description',
  'twitter_image',
] as const;

export function pageToForm(page: PageSeo): PageSeoForm {
  return {
    ...optionalTextsToForm(page, OPTIONAL_TEXTS),
    page_route: page.page_route,
    page_name: page.page_name,
    keywords: joinCommaList(page.keywords),
    content: page.content ?? '',
    og_type: page.og_type,
    twitter_card_type: page.twitter_card_type,
    noindex: page.noindex,
    nofollow: page.nofollow,
  };
}

export type PageSeoPayload = Omit<PageSeo, 'id' | 'created_at' | 'updated_at' | 'schema_json'>;

export function formToPagePayload(form: PageSeoForm): PageSeoPayload {
  return {
    ...optionalTextsToRow(form, OPTIONAL_TEXTS),
    page_route: form.page_route.trim(),
    page_name: form.page_name.trim(),
    keywords: splitCommaList(form.keywords),
    content: form.content,
    og_type: form.og_type,
    twitter_card_type: form.twitter_card_type,
    noindex: form.noindex,
    nofollow: form.nofollow,
  };
}
