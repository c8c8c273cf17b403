import type { SelectOption } from './admin-select-field';

/**
 * Plain words for what the database, storage and the standards call things: what staff read on
 * screen. The stored values (column values, bucket and file names) stay as they are; only the
 * words shown come from here, so a label is changed in one place.
 */
export const GLOSSARY = {
  /** A post's `slug`. */
  slug: 'Web address',
  /** An auth session, as the activity log and the account screen name one. */
  session: 'Sign-in',
  sessions: 'sign-ins',
  /** A whitepaper's PDF in its storage bucket. */
  fileStored: 'File uploaded',
  fileMissing: 'File missing',
  noFile: 'No file',
} as const;

/** Twitter's (X's) own names for its card types (`twitter_card_type`). */
export const TWITTER_CARD_LABELS: Readonly<Record<'summary' | 'summary_large_image', string>> = {
  summary_large_image: 'Summary with large image',
  summary: 'Summary',
};

/** The options of a select of stored values, each shown by its plain label. */
export function labelledOptions<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
): readonly SelectOption<Value>[] {
  return values.map((value) => [value, labels[value]]);
}
