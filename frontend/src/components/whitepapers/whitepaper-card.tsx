import type { ReactNode } from 'react';
import { FileTextIcon } from '@/components/ui/marketing-icons';
import type { Whitepaper } from '@/data/whitepapers/types';

/** "1 page", "12 pages", or null when the count is unknown. */
export function pageCountLabel(pages: number | null): string | null {
  if (!pages) return null;
  return pages === 1 ? '1 page' : `${pages} pages`;
}

interface WhitepaperCardProps {
  paper: Whitepaper;
  /** The page's prefix of the title's id (`<prefix>-<paper id>`), which labels the card. */
  idPrefix: string;
  /** Show the Featured badge of a featured paper. */
  showFeatured?: boolean;
  /** The card's footer, the page's download button, given the title's id to be described by. */
  action: (titleId: string) => ReactNode;
}

/** A whitepaper in a card grid (whitepapers and downloads pages): badges, page count, title, description, action. */
export function WhitepaperCard({ paper, idPrefix, showFeatured = false, action }: WhitepaperCardProps) {
  const titleId = `${idPrefix}-${paper.id}`;
  const pages = pageCountLabel(paper.pages);
  return (
    <li className="card whitepaper-card">
      <article aria-labelledby={titleId} className="whitepaper-card__inner">
        <div className="whitepaper-card__meta">
          <span className="badge badge--quiet">{paper.category}</span>
          {showFeatured && paper.featured && <span className="badge">Featured</span>}
          {pages && (
            <span className="whitepaper-card__pages">
              <FileTextIcon size={16} />
              {pages}
            </span>
          )}
        </div>
        <h2 id={titleId} className="card__title">
          {paper.title}
        </h2>
        {paper.description && <p className="card__text">{paper.description}</p>}
        <div className="card__footer">{action(titleId)}</div>
      </article>
    </li>
  );
}
