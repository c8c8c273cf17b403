import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { localIsoDate } from './dates';
import type { HeadSpec } from './head';
import type { PageData } from './page-data';

/** An image the page shows above the fold, preloaded from the head (server renders only). */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** How much of "today" a render showed: the server keeps the page until that part changes. */
export type DateUse = 'none' | 'year' | 'day';

const DATE_USE_RANK: Record<DateUse, number> = { none: 0, year: 1, day: 2 };

/** What a server render reports beside its markup (see entry-server.tsx). */
export class RenderReport {
  readonly imagePreloads: ImagePreload[] = [];
  /** The lazily loaded modules the page rendered (their chunks are preloaded). */
  readonly modules: string[] = [];
  dateUse: DateUse = 'none';
  /**
   * The page's head (lib/use-head.ts): the last one a page claimed, else the route's SEO
   * record's; null when neither is known (the server then titles the page with the company name).
   */
  head: HeadSpec | null = null;
  /** Whether a page claimed the head, even before knowing it: a record's head then stays out. */
  private headClaimed = false;

  addModule(moduleId: string): void {
    if (!this.modules.includes(moduleId)) this.modules.push(moduleId);
  }

  addImagePreload(preload: ImagePreload): void {
    if (!this.imagePreloads.some((known) => known.href === preload.href)) this.imagePreloads.push(preload);
  }

  useDate(use: DateUse): void {
    if (DATE_USE_RANK[use] > DATE_USE_RANK[this.dateUse]) this.dateUse = use;
  }

  claimHead(head: HeadSpec | null): void {
    this.headClaimed = true;
    if (head) this.head = head;
  }

  /** A head for a page that claims none (the route's SEO record). */
  offerHead(head: HeadSpec): void {
    if (!this.headClaimed) this.head = head;
  }
}

interface RenderContextValue {
  /** The embedded data of a server-rendered page; null when the browser renders alone. */
  pageData: PageData | null;
  /** Set only while rendering on the server. */
  report: RenderReport | null;
}

const RenderContext = createContext<RenderContextValue>({ pageData: null, report: null });

export function RenderProvider({
  pageData,
  report = null,
  children,
}: {
  pageData: PageData | null;
  report?: RenderReport | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  // The embedded data serves the first page only: once the visitor has left it, even coming
  // back asks the backend (its data may have changed since).
  const [leftFirstPage, setLeftFirstPage] = useState(false);
  if (!leftFirstPage && pageData && pathname !== pageData.path) setLeftFirstPage(true);
  const value = useMemo(
    () => ({ pageData: leftFirstPage ? null : pageData, report }),
    [leftFirstPage, pageData, report],
  );
  return <RenderContext value={value}>{children}</RenderContext>;
}

/**
 * A resource of the page's embedded data, while the location is still the page the server
 * rendered; `undefined` otherwise (the feature then asks the backend as usual).
 */
export function useInitialResource(name: string): unknown {
  const { pageData } = useContext(RenderContext);
  const { pathname } = useLocation();
  if (!pageData || pageData.path !== pathname || !(name in pageData.resources)) return undefined;
  return pageData.resources[name];
}

/** Server renders only: records that the page rendered the lazily loaded module `moduleId`. */
export function useReportModule(moduleId: string | undefined): void {
  const { report } = useContext(RenderContext);
  if (report && moduleId) report.addModule(moduleId);
}

/** Server renders only: the report of the render in progress, or null in the browser. */
export function useRenderReport(): RenderReport | null {
  return useContext(RenderContext).report;
}

/** Server renders only: asks the head for an image preload (the page's largest image). */
export function usePreloadImage(preload: ImagePreload | null): void {
  const { report } = useContext(RenderContext);
  if (report && preload) report.addImagePreload(preload);
}

const noSubscription = () => () => undefined;

/**
 * Today's calendar date ("2026-11-26"). The server renders with its own day and the browser
 * hydrates with that same day (no mismatch), then shows the visitor's local day. `use` says
 * what the caller shows of it, so the server knows how long its rendering stays right.
 */
export function useToday(use: Exclude<DateUse, 'none'>): string {
  const { pageData, report } = useContext(RenderContext);
  report?.useDate(use);
  return useSyncExternalStore(
    noSubscription,
    () => localIsoDate(new Date()),
    () => pageData?.renderedOn ?? localIsoDate(new Date()),
  );
}

/** False while rendering on the server and hydrating, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
