import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { EmailAddress } from '@/components/ui/email-address';
import { company, telHref } from '@/config/company';
import { formatIsoDateLong } from '@/lib/dates';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A policy's sections from its titles and their contents, in order, with ids `<idPrefix>-1`, `-2`… */
export function numberedSections(
  idPrefix: string,
  titles: readonly string[],
  contents: readonly ReactNode[],
): LegalSection[] {
  return titles.map((title, index) => ({
    id: `${idPrefix}-${index + 1}`,
    title,
    content: contents[index],
  }));
}

/**
 * The company's address, email and phone as a policy's contact section gives them (and its website
 * if asked: the configured company website, `company.websiteUrl`, never the host that serves the
 * page, which is localhost on a developer's machine).
 */
export function CompanyContactAddress({ withWebsite = false }: { withWebsite?: boolean }) {
  return (
    <address className="legal__contact">
      <strong>{company.name}</strong>
      {company.address && <span>{company.address}</span>}
      {company.email && (
        <span>
          Email:{' '}
          <a href={`mailto:${company.email}`}>
            <EmailAddress address={company.email} />
          </a>
        </span>
      )}
      {company.phone && (
        <span>
          Phone: <a href={telHref(company.phone)}>{company.phone}</a>
        </span>
      )}
      {withWebsite && (
        <span>
          Website: <a href={company.websiteUrl}>{company.websiteUrl.replace(/^https?:\/\//, '')}</a>
        </span>
      )}
    </address>
  );
}

interface LegalDocumentProps {
  title: string;
  subtitle: string;
  /** The last-updated date, YYYY-MM-DD (shown in en-US long form, e.g. "January 30, 2025"). */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Shared layout of the policy pages: numbered sections with a table of contents. */
export function LegalDocument({ title, subtitle, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} subtitle={subtitle}>
        <p className="legal__updated">
          Last updated: <time dateTime={lastUpdated}>{formatIsoDateLong(lastUpdated)}</time>
        </p>
      </PageHeader>

      <div className="section">
        <div className="container legal">
          <nav className="legal__toc" aria-labelledby="legal-toc-title">
            <h2 id="legal-toc-title" className="legal__toc-title">
              Contents
            </h2>
            <ol className="plain-list legal__toc-list">
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
