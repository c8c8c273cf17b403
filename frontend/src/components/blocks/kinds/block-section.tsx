import type { ReactNode } from 'react';
import { flagOf, textOf } from '../block-data';
import type { BlockData } from '../block-schema';

/** A block's section id: its anchor, if it has one (a link target, `#anchor`). */
export function anchorOf(data: BlockData): string | undefined {
  return typeof data.anchor === 'string' && data.anchor ? data.anchor : undefined;
}

/**
 * The id of a block's h2: `${blockId}-title` (block ids are unique on a page). The site's own
 * pages were seeded with block ids that keep the title ids they always had (`services-list`
 * gives `services-list-title`).
 */
export function titleIdOf(blockId: string): string {
  return `${blockId}-title`;
}

/**
 * A block laid out as a marketing page's section (components/marketing/page-section.tsx): a
 * full-width band, tinted when `surface` is set, whose container opens with the section header
 * (eyebrow, h2 title, lead) from the block's fields, then the block's own content.
 */
export function BlockSection({ data, blockId, children }: { data: BlockData; blockId: string; children: ReactNode }) {
  const titleId = titleIdOf(blockId);
  const eyebrow = textOf(data, 'eyebrow');
  const lead = textOf(data, 'lead');
  return (
    <section
      id={anchorOf(data)}
      className={flagOf(data, 'surface') ? 'section section--surface' : 'section'}
      aria-labelledby={titleId}
    >
      <div className="container">
        <div className="section__header">
          {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
          <h2 id={titleId} className="section__title">
            {textOf(data, 'title')}
          </h2>
          {lead && <p className="section__lead">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
