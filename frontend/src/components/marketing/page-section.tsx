import type { ReactNode } from 'react';
import { SectionHeader } from './section-header';

export interface PageSectionProps {
  /** The section title's id (the section is labelled by it). */
  titleId: string;
  eyebrow?: string;
  title: string;
  lead: string;
  /** On the surface (tinted) background, as every other section of a page is. */
  surface?: boolean;
  children: ReactNode;
}

/** A marketing page's section: a full-width band whose container opens with its SectionHeader. */
export function PageSection({ titleId, eyebrow, title, lead, surface = false, children }: PageSectionProps) {
  return (
    <section className={surface ? 'section section--surface' : 'section'} aria-labelledby={titleId}>
      <div className="container">
        <SectionHeader id={titleId} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </section>
  );
}
