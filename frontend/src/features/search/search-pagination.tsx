import { Link } from 'react-router';
import { searchHref } from '@/components/search/search-form';

/** search_site answers pages 1 to 100 only. */
export const MAX_SEARCH_PAGE = 100;

/**
 * The page numbers a pager shows for `page` of `pages`: the first, the last, the current one and
 * its neighbours; null where numbers are left out.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) numbers.push(null);
    numbers.push(n);
  }
  return numbers;
}

interface SearchPaginationProps {
  q: string;
  page: number;
  total: number;
  pageSize: number;
}

/** Links to the other pages of a search's results; nothing when they fit on one. */
export function SearchPagination({ q, page, total, pageSize }: SearchPaginationProps) {
  const pages = Math.min(Math.ceil(total / pageSize), MAX_SEARCH_PAGE);
  if (pages <= 1) return null;
  return (
    <nav className="search-pagination" aria-label="Search results pages">
      <ul className="plain-list search-pagination__list">
        {page > 1 && (
          <li>
            <Link to={searchHref(q, page - 1)} className="search-pagination__link" rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="search-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={searchHref(q, n)}
                className="search-pagination__link"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={searchHref(q, page + 1)} className="search-pagination__link" rel="next">
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
