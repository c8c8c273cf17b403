/** The fields the SEO score reads (spec §5). */
export interface SeoScoreInput {
  meta_title: string;
  meta_description: string;
  keywords: readonly string[];
  og_title: string;
  og_description: string;
  canonical_url: string;
}

const present = (text: string) => text.trim() !== '';
const between = (text: string, min: number, max: number) => text.length >= min && text.length <= max;

/**
 * SEO score 0-100 (rounded percentage of 100 points): meta title present 15, plus 10 if
 * 30-60 characters; meta description present 15, plus 10 if 120-160; keywords present 10,
 * plus 5 if at least 3; OG title 10; OG description 10; canonical URL 15.
 */
export function seoScore(input: SeoScoreInput): number {
  let points = 0;
  if (present(input.meta_title)) {
    points += 15;
    if (between(input.meta_title, 30, 60)) points += 10;
  }
  if (present(input.meta_description)) {
    points += 15;
    if (between(input.meta_description, 120, 160)) points += 10;
  }
  if (input.keywords.length > 0) {
    points += 10;
    if (input.keywords.length >= 3) points += 5;
  }
  if (present(input.og_title)) points += 10;
  if (present(input.og_description)) points += 10;
  if (present(input.canonical_url)) points += 15;
  return Math.round((points / 100) * 100);
}

/** Save-blocking errors (spec §5). */
export function pageSeoErrors(input: Pick<SeoScoreInput, 'meta_title' | 'meta_description'>): string[] {
  const errors: string[] = [];
  if (!present(input.meta_title)) errors.push('Meta title is required');
  if (!present(input.meta_description)) errors.push('Meta description is required');
  return errors;
}

/** Warnings computed but not displayed (spec §5). */
export function pageSeoWarnings(input: Pick<SeoScoreInput, 'meta_title' | 'meta_description' | 'keywords'>): string[] {
  const warnings: string[] = [];
  if (input.meta_title.length > 60) warnings.push('Meta title is longer than 60 characters');
  if (input.meta_description.length > 160) warnings.push('Meta description is longer than 160 characters');
  if (input.keywords.length === 0) warnings.push('No keywords');
  return warnings;
}

export const PREVIEW_TITLE_FALLBACK = 'Your Page Title';
export const PREVIEW_DESCRIPTION_FALLBACK =
  'Your meta description will appear here. Write a compelling summary of the page in 150-160 characters.';

export interface SearchPreview {
  url: string;
  title: string;
  description: string;
}

/** The search-result preview: canonical URL or the site address (+ route), title, description. */
export function searchPreview(
  input: { canonical_url: string; page_route: string; meta_title: string; meta_description: string },
  siteUrl: string,
): SearchPreview {
  const route = input.page_route.trim();
  const base = siteUrl.replace(/\/+$/, '');
  const fallbackUrl = route ? `${base}${route.startsWith('/') ? route : `/${route}`}` : base;
  return {
    url: input.canonical_url.trim() || fallbackUrl,
    title: input.meta_title.trim() || PREVIEW_TITLE_FALLBACK,
    description: input.meta_description.trim() || PREVIEW_DESCRIPTION_FALLBACK,
  };
}
