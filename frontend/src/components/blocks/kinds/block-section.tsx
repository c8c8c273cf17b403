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

interface BlockSectionProps {
  data: BlockData;
  blockId: string;
  /** The block kind's own class on the section (`faq-block`), beside `section`. */
  className?: string;
  /** Its own class on the lead paragraph. */
  leadClassName?: string;
  children: ReactNode;
}

/**
 * A block laid out as a marketing page's section (components/marketing/page-section.tsx): a
 * full-width band, tinted when `surface` is set, whose container opens with the section header
 * (eyebrow, h2 title, lead; an eyebrow or lead of only spaces is left out) from the block's
 * fields, then the block's own content.
 */
export function BlockSection({ data, blockId, className, leadClassName, children }: BlockSectionProps) {
  const titleId = titleIdOf(blockId);
  const eyebrow = textOf(data, 'eyebrow').trim();
  const lead = textOf(data, 'lead').trim();
  const sectionClass = ['section', flagOf(data, 'surface') && 'section--surface', className].filter(Boolean).join(' ');
  return (
    <section id={anchorOf(data)} className={sectionClass} aria-labelledby={titleId}>
      <div className="container">
        <div className="section__header">
          {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
          <h2 id={titleId} className="section__title">
            {textOf(data, 'title')}
          </h2>
          {lead && <p className={leadClassName ? `section__lead ${leadClassName}` : 'section__lead'}>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
