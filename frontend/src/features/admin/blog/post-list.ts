/** The admin post list's filters, as they are kept in the page's address (so a view can be shared). */
export const POST_STATUSES = ['all', 'draft', 'scheduled', 'published'] as const;
export type PostStatusFilter = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatusFilter, string> = {
  all: 'All posts',
  draft: 'Drafts',
  scheduled: 'Scheduled',
  published: 'Published',
};

export interface PostListFilters {
  search: string;
  status: PostStatusFilter;
  /** A category, or '' for every one. */
  category: string;
  /** An author's user id, or '' for everyone. */
  author: string;
  /** 1-based. */
  page: number;
}

export const POSTS_PER_PAGE = 20;

export const DEFAULT_POST_FILTERS: PostListFilters = { search: '', status: 'all', category: '', author: '', page: 1 };

const isStatus = (value: string | null): value is PostStatusFilter =>
  (POST_STATUSES as readonly (string | null)[]).includes(value);

/** The filters an address asks for; anything unknown or malformed falls back to the default. */
export function filtersFromSearch(params: URLSearchParams): PostListFilters {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('q') ?? '').slice(0, 200),
    status: isStatus(status) ? status : 'all',
    category: params.get('category') ?? '',
    author: params.get('author') ?? '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The address's query for these filters: only what differs from the default, so /admin/blog stays clean. */
export function searchFromFilters(filters: PostListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.category) params.set('category', filters.category);
  if (filters.author) params.set('author', filters.author);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * A value for a PostgREST `or=(...)` list, double-quoted so commas, dots and parentheses typed in
 * the search box stay text (inside quotes a backslash escapes `"` and `\`). `*` is PostgREST's
 * wildcard, so one typed is dropped rather than matching everything.
 */
export function quotedPattern(search: string): string {
  const text = search
    .trim()
    .replace(/\*/g, '')
    .replace(/[\\"]/g, (char) => `\\${char}`);
  return `"*${text}*"`;
}

/** The rows `range(from, to)` asks for on a page. */
export function pageRange(page: number): readonly [from: number, to: number] {
  const from = (page - 1) * POSTS_PER_PAGE;
  return [from, from + POSTS_PER_PAGE - 1];
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
}

/** "21–40 of 1,000": what the list shows. */
export function shownRange(page: number, shown: number, total: number): string {
  if (total === 0) return 'No posts';
  const from = (page - 1) * POSTS_PER_PAGE + 1;
  const format = (count: number) => count.toLocaleString('en-US');
  return `${format(from)}–${format(from + shown - 1)} of ${format(total)}`;
}
