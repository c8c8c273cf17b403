import type { ReactNode } from 'react';

/** The empty, full-width 50 px bar at the top of inner pages (spec §2). */
export function HeaderPlaceholder() {
  return <div className="header-placeholder" aria-hidden="true" />;
}

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Short label above the title. */
  eyebrow?: ReactNode;
  /** Extra content under the subtitle (calls to action, meta lines). */
  children?: ReactNode;
}

/** Page header block: the page's one h1 and an optional subtitle. */
export function PageHeader({ title, subtitle, eyebrow, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <HeaderPlaceholder />
      <div className="container page-header__inner">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
