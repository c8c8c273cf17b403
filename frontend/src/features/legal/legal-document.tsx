import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  subtitle: string;
  /** The date in en-US long form, e.g. "January 30, 2025". */
  lastUpdated: string;
  /** ISO date for the <time> element. */
  lastUpdatedIso: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Shared layout of the policy pages: numbered sections with a table of contents. */
export function LegalDocument({ title, subtitle, lastUpdated, lastUpdatedIso, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} subtitle={subtitle}>
        <p className="legal__updated">
          Last updated: <time dateTime={lastUpdatedIso}>{lastUpdated}</time>
        </p>
      </PageHeader>

      <div className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title" className="legal__toc-title">
              Contents
            </h2>
            <ol className="legal__toc-list">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <Link to={`#${section.id}`}>
                    {index + 1}. {section.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>

          <div className="prose legal__body">
            {intro}
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>
                  {index + 1}. {section.title}
                </h2>
                {section.content}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
