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
export function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
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
