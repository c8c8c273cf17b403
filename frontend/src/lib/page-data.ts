/**
 * The data a server-rendered page was rendered with, embedded in it as a JSON data block so the
 * browser hydrates the same markup without asking for the same rows again (crates/site writes
 * it; each feature reads its own resource by name).
 */
export interface PageData {
  /** The path the page was rendered for (the data belongs to this first page only). */
  path: string;
  /** The server's UTC calendar day when it rendered the page ("2026-11-26"). */
  renderedOn: string;
  /**
   * Each resource the page read, as the feature's query returns it (e.g. `pageSeo`: the
   * route's page_seo_settings row or null; `blogPosts`: the published list).
   */
  resources: Record<string, unknown>;
  /** The lazily loaded modules the page rendered: the browser loads them before hydrating. */
  modules?: string[];
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

function isPageData(value: unknown): value is PageData {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<PageData>;
  return (
    typeof candidate.path === 'string' &&
    typeof candidate.renderedOn === 'string' &&
    typeof candidate.resources === 'object'
  );
}

/** The page's embedded data, or null when the page was not rendered by the server. */
export function readPageData(doc: Pick<Document, 'getElementById'>): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isPageData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
