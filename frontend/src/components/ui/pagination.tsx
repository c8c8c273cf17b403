import { Link } from 'react-router';
import './pagination.css';

interface PaginationProps {
  /** The nav's accessible name ("Pages of posts in Compliance"). */
  label: string;
  page: number;
  pageCount: number;
  /** The address of page `page` (site-relative). */
  href: (page: number) => string;
}

/** Pages shown by number: the first, the last, and two either side of the current one. */
export function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const shown: (number | 'gap')[] = [];
  for (let candidate = 1; candidate <= pageCount; candidate += 1) {
    if (candidate === 1 || candidate === pageCount || Math.abs(candidate - page) <= 2) {
      shown.push(candidate);
    } else if (shown.at(-1) !== 'gap') {
      shown.push('gap');
    }
  }
  return shown;
}

/**
 * The links between the pages of a paged list (archives, search results): "Page 2 of 5",
 * Previous and Next (rel=prev/next), and the pages by number, the current one marked. Nothing
 * when there is one page.
 */
export function Pagination({ label, page, pageCount, href }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status">
        Page {page} of {pageCount}
      </p>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev" className="pagination__link pagination__step">
              Previous <span className="visually-hidden">page</span>
            </Link>
          </li>
        )}
        {visiblePages(page, pageCount).map((shown, index) =>
          shown === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={shown}>
              <Link to={href(shown)} className="pagination__link" aria-current={shown === page ? 'page' : undefined}>
                <span className="visually-hidden">Page</span> {shown}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={href(page + 1)} rel="next" className="pagination__link pagination__step">
              Next <span className="visually-hidden">page</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
