export interface ScrollMetrics {
  /** Pixels scrolled from the top (window.scrollY). */
  scrollTop: number;
  /** Visible height (window.innerHeight). */
  viewportHeight: number;
  /** Full document height (documentElement.scrollHeight). */
  documentHeight: number;
}

/**
 * How far down the page the visitor has seen, in whole percent, 0-100. A page that fits in
 * the viewport counts as fully seen; the result is capped at 100 (overscroll, rounding).
 */
export function scrollDepthPercent({ scrollTop, viewportHeight, documentHeight }: ScrollMetrics): number {
  if (documentHeight <= 0) return 0;
  const seen = Math.max(0, scrollTop) + Math.max(0, viewportHeight);
  const percent = Math.round((seen / documentHeight) * 100);
  return Math.min(100, Math.max(0, percent));
}

/** Whole seconds between two epoch-millisecond readings, never negative. */
export function secondsBetween(start: number, end: number): number {
  return Math.max(0, Math.round((end - start) / 1000));
}
