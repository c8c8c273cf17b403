import type { ReactNode } from 'react';

interface AdminCardProps {
  /** The title's id (the card is labelled by it). */
  titleId: string;
  title: ReactNode;
  /** Classes after admin-card (e.g. the panel's own block). */
  className?: string;
  children: ReactNode;
}

/** An admin page's panel: a white card opened by its h2 title. */
export function AdminCard({ titleId, title, className, children }: AdminCardProps) {
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
