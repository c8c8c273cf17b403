import type { Tables } from '@/lib/database.types';
import type { Whitepaper } from '@/data/whitepapers/types';

/** A whitepapers row as the admin list reads it. */
export type AdminWhitepaper = Whitepaper & { updated_at: string };

/** The create/edit form as its inputs hold it (pages as typed text). */
export interface WhitepaperFormValues {
  title: string;
  description: string;
  category: string;
  pages: string;
  featured: boolean;
}

export const EMPTY_WHITEPAPER_FORM: WhitepaperFormValues = {
  title: '',
  description: '',
  category: '',
  pages: '',
  featured: false,
};

/** Categories already used on the site, offered as suggestions (any other text is allowed). */
export const SUGGESTED_CATEGORIES = [
  'Revenue Cycle',
  'Prior Authorization',
  'Compliance',
  'Analytics',
  'Reimbursement',
] as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 600;
export const MAX_PAGES = 10_000;

export function paperToForm(paper: Whitepaper): WhitepaperFormValues {
  return {
    title: paper.title,
    description: paper.description,
    category: paper.category,
    pages: paper.pages ? String(paper.pages) : '',
    featured: paper.featured,
  };
}

export type WhitepaperFormErrors = Partial<Record<keyof WhitepaperFormValues, string>>;

/** Field messages for the form; empty when it can be saved. */
export function validateWhitepaperForm(form: WhitepaperFormValues): WhitepaperFormErrors {
  const errors: WhitepaperFormErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = 'Enter a title.';
  else if (title.length > TITLE_MAX) errors.title = `Keep the title under ${TITLE_MAX + 1} characters.`;
  if (!form.category.trim()) errors.category = 'Enter a category, e.g. Prior Authorization.';
  if (form.description.trim().length > DESCRIPTION_MAX) {
    errors.description = `Keep the description under ${DESCRIPTION_MAX + 1} characters.`;
  }
  const pages = form.pages.trim();
  if (pages && !(/^\d+$/.test(pages) && Number(pages) >= 1 && Number(pages) <= MAX_PAGES)) {
    errors.pages = `Pages must be a whole number from 1 to ${MAX_PAGES}, or empty.`;
  }
  return errors;
}

/** The row fields a save writes (file_path is set by the upload, not the form). */
export type WhitepaperPayload = Pick<
  Tables<'whitepapers'>,
  'title' | 'description' | 'category' | 'pages' | 'featured'
>;

export function formToPayload(form: WhitepaperFormValues): WhitepaperPayload {
  const pages = form.pages.trim();
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    category: form.category.trim(),
    pages: pages ? Number(pages) : null,
    featured: form.featured,
  };
}
