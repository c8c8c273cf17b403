/** What a search result is: a post, a hand-made article, a site page or a whitepaper. */
export type SearchResultKind = 'post' | 'article' | 'page' | 'whitepaper';

/** One result of search_site (migration 20261206000600_discovery.sql). */
export interface SearchResult {
  kind: SearchResultKind;
  /** The site path it lives at ("/blog/{slug}", "/services", "/whitepapers"). */
  path: string;
  title: string;
  description: string | null;
  /**
   * A fragment of its text with each match between U+E000 and U+E001 (private-use characters
   * no stored text holds); the page turns them into <mark> elements.
   */
  snippet: string | null;
}

/** A title close to a query that found nothing ("Did you mean …"). */
export interface SearchSuggestion {
  title: string;
  path: string;
}

/** What search_site(q, page) answers, as the server also embeds it (resource `siteSearch`). */
export interface SiteSearchAnswer {
  /** The query as asked. */
  query: string;
  /** Results over every page. */
  total: number;
  page: number;
  page_size: number;
  results: SearchResult[];
  /** Only when nothing was found: up to three titles most like the query. */
  suggestions: SearchSuggestion[];
}

/** A row of popular_posts(max_results): the most read visible posts of the last 30 days. */
export interface PopularPost {
  title: string;
  slug: string;
  description: string | null;
  views: number;
}
