import { conversionRate } from './analytics-format';

/** A row of analytics_series (every column is nullable in the generated types, none is in fact). */
export interface SeriesRow {
  period_start: string | null;
  views: number | null;
  visitors: number | null;
  leads: number | null;
}

/** One day or week of the series. */
export interface SeriesPoint {
  /** Its first day (YYYY-MM-DD). */
  start: string;
  views: number;
  visitors: number;
  leads: number;
  /** Leads per 100 visitors; null without visitors. */
  conversion: number | null;
}

export function toSeriesPoints(rows: readonly SeriesRow[]): SeriesPoint[] {
  return rows.flatMap(({ period_start, views, visitors, leads }) => {
    if (period_start === null) return [];
    const people = visitors ?? 0;
    const won = leads ?? 0;
    return [
      { start: period_start, views: views ?? 0, visitors: people, leads: won, conversion: conversionRate(won, people) },
    ];
  });
}

/**
 * The value axis' marks, from 0 to a round top at or above `max`, about `count` steps apart.
 * Steps are 1, 2 or 5 times a power of ten; whole numbers when `whole` (counts).
 */
export function axisTicks(
  max: number,
  { count = 4, whole = true }: { count?: number; whole?: boolean } = {},
): number[] {
  const top = max > 0 ? max : 1;
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const factor = [1, 2, 5, 10].find((candidate) => candidate * magnitude >= rough) ?? 10;
  const step = whole ? Math.max(1, factor * magnitude) : factor * magnitude;
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < top) ticks.push(Number(((ticks.at(-1) ?? 0) + step).toPrecision(12)));
  return ticks;
}

/** The points to label along the time axis: at most `room` of them, evenly spread, the first always. */
export function labelledPoints(length: number, room: number): number[] {
  if (length === 0) return [];
  const every = Math.max(1, Math.ceil(length / Math.max(1, room)));
  return Array.from({ length: Math.ceil(length / every) }, (_, index) => index * every);
}

/** The point nearest to `x` (0 to 1 across the plot) of `length` evenly spread points. */
export function nearestPoint(x: number, length: number): number {
  if (length <= 1) return 0;
  return Math.min(length - 1, Math.max(0, Math.round(x * (length - 1))));
}
