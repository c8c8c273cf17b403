import type { ReactNode } from 'react';
import { FileTextIcon } from '@/components/ui/marketing-icons';
import type { Whitepaper } from '@/data/whitepapers/types';

/** "1 page", "12 pages", or null when the count is unknown. */
export function pageCountLabel(pages: number | null): string | null {
  if (!pages) return null;
  return pages === 1 ? '1 page' : `${pages} pages`;
}

interface WhitepaperCardGridProps {
  papers: readonly Whitepaper[];
  /** The page's prefix of a title's id (`<prefix>-<paper id>`), which labels its card. */
  idPrefix: string;
  /** Show the Featured badge of a featured paper. */
  showFeatured?: boolean;
  /** A card's footer, the page's download button, given the title's id to be described by. */
  action: (paper: Whitepaper, titleId: string) => ReactNode;
  /** The title's heading: h2 on the listing pages (under their h1), h3 in a block page's section (under its h2). */
  titleLevel?: 'h2' | 'h3';
}

/** The whitepapers as a card grid (whitepapers and downloads pages), three a row on wide screens. */
export function WhitepaperCardGrid({
  papers,
  idPrefix,
  showFeatured = false,
  action,
  titleLevel = 'h2',
}: WhitepaperCardGridProps) {
  return (
    <ul className="card-grid card-grid--3">
      {papers.map((paper) => (
        <WhitepaperCard
          key={paper.id}
          paper={paper}
          titleId={`${idPrefix}-${paper.id}`}
          showFeatured={showFeatured}
          action={action}
          titleLevel={titleLevel}
        />
      ))}
    </ul>
  );
}

interface WhitepaperCardProps {
  paper: Whitepaper;
  titleId: string;
  showFeatured: boolean;
  action: WhitepaperCardGridProps['action'];
  titleLevel: 'h2' | 'h3';
}

/** One card: badges, page count, title, description, action. */
function WhitepaperCard({ paper, titleId, showFeatured, action, titleLevel: Title }: WhitepaperCardProps) {
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
        <Title id={titleId} className="card__title">
          {paper.title}
        </Title>
        {paper.description && <p className="card__text">{paper.description}</p>}
        <div className="card__footer">{action(paper, titleId)}</div>
      </article>
    </li>
  );
}
