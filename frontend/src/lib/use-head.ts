import { useEffect, useSyncExternalStore } from 'react';
import { applyHead, type HeadSpec } from './head';
import { useRenderReport } from './render-context';

/**
 * How many mounted components claim the head (browser only: effects never run on the server).
 * While any does, the route's SEO record (SiteDataLayout's PageSeo) leaves the head alone.
 */
let claims = 0;
const listeners = new Set<() => void>();

function setClaims(next: number): void {
  claims = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether a page on screen claims the head, read when it is needed (in an effect). A page's
 * effects run before those of the components after it (PageSeo follows the page), so by then
 * the page's claim is already counted, even on the commit that first shows it.
 */
export const isHeadClaimed = (): boolean => claims > 0;

/**
 * Whether a page on screen claims the head, as state: false on the server and while
 * hydrating, then updated as pages claim and release it.
 */
export function useHeadClaimed(): boolean {
  return useSyncExternalStore(subscribe, isHeadClaimed, () => false);
}

/**
 * The page builds its own head. On the server the render reports `spec` (the server writes
 * it into the document, see entry-server.tsx); in the browser it is applied once mounted and
 * again whenever it changes. `null` (data still loading) claims the head without writing
 * anything: the previous head stays until the page knows its own, and the route's SEO record
 * never overwrites it meanwhile.
 */
export function useHead(spec: HeadSpec | null): void {
  const report = useRenderReport();
  if (report) report.claimHead(spec);

  useEffect(() => {
    setClaims(claims + 1);
    return () => {
      setClaims(claims - 1);
    };
  }, []);

  useAppliedHead(spec, false);
}

/**
 * The head of a page that does not build its own (the route's SEO record): reported by the
 * server render and applied in the browser unless a page on screen claims the head.
 */
export function useUnclaimedHead(spec: HeadSpec): void {
  const report = useRenderReport();
  if (report) report.offerHead(spec);

  // A page that claims the head (useHead) has applied it already: its effects ran first.
  useAppliedHead(spec, true);
}

/**
 * Applies `spec` in the browser once mounted and whenever it changes by value (a spec rebuilt on
 * each render with the same content is not applied again); `unlessClaimed`: not while a page on
 * screen claims the head.
 */
function useAppliedHead(spec: HeadSpec | null, unlessClaimed: boolean): void {
  const key = spec ? JSON.stringify(spec) : null;
  useEffect(() => {
    if (key !== null && !(unlessClaimed && isHeadClaimed())) applyHead(document, JSON.parse(key) as HeadSpec);
  }, [key, unlessClaimed]);
}
