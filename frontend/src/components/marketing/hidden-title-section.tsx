import type { ReactNode } from 'react';

interface HiddenTitleSectionProps {
  /** The title's id (the section is labelled by it). */
  titleId: string;
  /** Said by screen readers, not shown: the section's content speaks for itself on screen. */
  title: ReactNode;
  className: string;
  children: ReactNode;
}

/** A full-width section whose h2 title is for screen readers only (statistics, a quote, contact cards). */
export function HiddenTitleSection({ titleId, title, className, children }: HiddenTitleSectionProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className="visually-hidden">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
