/** Splits a comma-separated list (tags, keywords): items trimmed, empty items dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The text shown in a comma-separated list input for stored items. */
export function joinCommaList(items: readonly string[] | null | undefined): string {
  return (items ?? []).join(', ');
}

/** An optional text field as stored: trimmed, or null when blank. */
function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** A record's optional text columns as a form's inputs hold them: '' for null. */
export function optionalTextsToForm<Key extends string>(
  row: Readonly<Record<Key, string | null>>,
  keys: readonly Key[],
): Record<Key, string> {
  // fromEntries types its keys as string; they are exactly `keys`.
  return Object.fromEntries(keys.map((key) => [key, row[key] ?? ''])) as Record<Key, string>;
}

/** A form's optional texts as they are stored: each trimmed, or null when blank (orNull). */
export function optionalTextsToRow<Key extends string>(
  form: Readonly<Record<Key, string>>,
  keys: readonly Key[],
): Record<Key, string | null> {
  return Object.fromEntries(keys.map((key) => [key, orNull(form[key])])) as Record<Key, string | null>;
}

export interface CounterState {
  length: number;
  max: number;
  /** Inside the recommended range (when one is given). */
  inRange: boolean;
  /** Longer than max. */
  over: boolean;
}

/** A character counter: "length/max", with an optional recommended [min, max] range. */
export function counterState(text: string, max: number, recommended?: readonly [number, number]): CounterState {
  const length = text.length;
  return {
    length,
    max,
    inRange: recommended ? length >= recommended[0] && length <= recommended[1] : length <= max,
    over: length > max,
  };
}
