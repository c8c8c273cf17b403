import { company } from '@/config/company';
import type { BlockData } from './block-schema';

/**
 * Typed reads of a block's fields. The database checked the data against the kind's schema on
 * save, but a block may predate a field or a page may be a preview being typed: every reader
 * falls back to empty rather than throwing.
 */
const COMPANY_TOKEN = /\{company\}/g;

/** Text with `{company}` as the configured company name. */
export function withCompany(text: string): string {
  return text.replace(COMPANY_TOKEN, company.name);
}

/** A text field (with `{company}` filled in), or '' when absent. */
export function textOf(data: BlockData, field: string): string {
  const value = data[field];
  return typeof value === 'string' ? withCompany(value) : '';
}

/** A boolean field, false when absent. */
export function flagOf(data: BlockData, field: string): boolean {
  return data[field] === true;
}

/** A number field, or `fallback` when absent. */
export function numberOf(data: BlockData, field: string, fallback: number): number {
  const value = data[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A choice field, or the first of `options` (the schema's default) when absent or unknown. */
export function choiceOf<T extends string>(data: BlockData, field: string, options: readonly [T, ...T[]]): T {
  const value = data[field];
  return (options as readonly unknown[]).includes(value) ? (value as T) : options[0];
}

/** A list of objects (each item's data), [] when absent. */
export function listOf(data: BlockData, field: string): BlockData[] {
  const value = data[field];
  if (!Array.isArray(value)) return [];
  return value.filter((item: unknown): item is BlockData => typeof item === 'object' && item !== null);
}

/** A list of texts (with `{company}` filled in), [] when absent. */
export function textsOf(data: BlockData, field: string): string[] {
  const value = data[field];
  if (!Array.isArray(value)) return [];
  return value.filter((item: unknown): item is string => typeof item === 'string').map(withCompany);
}

export interface BlockImage {
  src: string;
  alt: string;
}

/** An image field, or null when absent. */
export function imageOf(data: BlockData, field: string): BlockImage | null {
  const value = data[field];
  if (typeof value !== 'object' || value === null) return null;
  const { src, alt } = value as Partial<Record<'src' | 'alt', unknown>>;
  return typeof src === 'string' && src !== '' ? { src, alt: typeof alt === 'string' ? withCompany(alt) : '' } : null;
}

/**
 * The links a block may hold (block-schemas.json's `link` type: a site path but never `//host`, an
 * #anchor, an http(s) URL, mailto:, tel:). The database refuses any other on save; a page also
 * refuses to draw one (an editor's unsaved preview is drawn before any save).
 */
export const BLOCK_LINK =
  /^(\/([^/\s\\][^\s\\]*)?|#[A-Za-z][A-Za-z0-9_-]*|https?:\/\/[^\s/\\]+[^\s\\]*|mailto:[^\s\\]+|tel:[0-9+() .-]+)$/;

/** A link field, or '' when absent or not a link a block may hold. */
export function linkOf(data: BlockData, field: string): string {
  const value = data[field];
  return typeof value === 'string' && value.length <= 2000 && BLOCK_LINK.test(value) ? value : '';
}

/** An action (label + link) of a list of actions. */
export interface BlockAction {
  label: string;
  href: string;
}

/** A list of actions, skipping any without a label or a link. */
export function actionsOf(data: BlockData, field = 'actions'): BlockAction[] {
  return listOf(data, field).flatMap((item) => {
    const label = textOf(item, 'label');
    const href = linkOf(item, 'href');
    return label && href ? [{ label, href }] : [];
  });
}

/** The href that opens the contact dialog instead of linking. */
export const CONTACT_DIALOG_HREF = '#contact';
