import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { company } from '@/config/company';
import { CompanyContactAddress, LegalDocument, numberedSections, type LegalSection } from './legal-document';

/** Static last-updated date of the cookie policy (spec §9). */
export const COOKIE_POLICY_UPDATED = '2025-01-30';

export const COOKIE_SECTION_TITLES = [
  'What Are Cookies',
  'Types of Cookies We Use',
  'Third-Party Cookies',
  'Managing Your Cookie Preferences',
  'Do Not Track',
  'Updates to This Policy',
  'Contact Us',
] as const;

/** The storage table's columns: the first names each row (its row header). */
const STORAGE_COLUMNS = ['Name', 'Type', 'Purpose', 'Kept for'] as const;

const STORAGE_ROWS: readonly { name: ReactNode; key: string; cells: readonly [string, string, string] }[] = [
  {
    key: 'cookieConsent',
    name: <code>cookieConsent</code>,
    cells: ['Essential', 'Remembers whether you accepted or declined cookies', 'Until you clear it'],
  },
  {
    key: 'admin_token',
    name: <code>admin_token</code>,
    cells: ['Essential', 'Keeps staff signed in to the admin area', 'Until sign-out (valid 8 hours)'],
  },
  {
    key: 'session',
    name: 'Session identifier',
    cells: ['Analytics', 'Links page views in one visit for time on page and scroll depth', 'One visit'],
  },
];

const STORAGE_CAPTION_ID = 'cookie-storage-caption';

/**
 * The browser storage the site sets. A phone's column is too narrow for four columns, so there
 * each row is a block of labelled lines (legal.css; a cell's label is its column's name, in
 * `data-label`) and nothing has to scroll sideways. The table roles are spelled out because
 * some browsers drop a table's semantics once its parts are displayed as blocks.
 */
function StorageTable() {
  const [, ...cellColumns] = STORAGE_COLUMNS;
  return (
    <div className="storage-table" role="region" aria-labelledby={STORAGE_CAPTION_ID} tabIndex={0}>
      <table role="table">
        <caption id={STORAGE_CAPTION_ID}>Browser storage this site sets</caption>
        <thead role="rowgroup">
          <tr role="row">
            {STORAGE_COLUMNS.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {STORAGE_ROWS.map((row) => (
            <tr key={row.key} role="row">
              <th scope="row" role="rowheader">
                {row.name}
              </th>
              {row.cells.map((cell, index) => (
                <td key={cellColumns[index]} role="cell" data-label={cellColumns[index]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sections(): LegalSection[] {
  const content = [
    <>
      <p>
        Cookies are small text files a website stores in your browser. Similar technologies, such as local storage, keep
        information in your browser in the same way. They let a site remember your choices between pages and visits, and
        help its owner understand how the site is used.
      </p>
    </>,
    <>
      <h3>2.1 Essential cookies</h3>
      <p>
        Needed for the site to work and to stay secure: remembering your cookie choice and keeping staff signed in to
        the site&apos;s admin area. Our spam protection runs in your browser without cookies. Essential storage cannot
        be switched off in our banner.
      </p>
      <h3>2.2 Performance and analytics cookies</h3>
      <p>
        Tell us which pages are visited, how long visitors stay and how far they scroll, using a random session
        identifier. We use this only in aggregate, to improve the site.
      </p>
      <h3>2.3 Functional cookies</h3>
      <p>
        Remember choices that make the site easier to use on later visits. The site sets none today; any we add will be
        listed here first.
      </p>
      <h3>2.4 Marketing and advertising cookies</h3>
      <p>
        Measure whether our advertising reaches equipment suppliers and limit how often you see the same ad. The site
        sets none today; any we add will be set only if you choose Accept All.
      </p>
      <StorageTable />
    </>,
    <>
      <p>
        Some cookies are set by other companies whose services appear on our pages, such as embedded videos, social
        media links and advertising partners. Their use of cookies is governed by their own privacy policies. We do not
        allow them to use our site to collect patient information.
      </p>
    </>,
    <>
      <p>You decide which non-essential cookies we use:</p>
      <ul>
        <li>
          <strong>Cookie banner.</strong> On your first visit, choose Accept All or Decline. Closing the banner counts
          as Decline. To change your choice, clear this site&apos;s data in your browser and the banner will appear
          again.
        </li>
        <li>
          <strong>Browser settings.</strong> Every major browser lets you block or delete cookies, for all sites or one
          site. Blocking essential cookies may stop forms from working.
        </li>
        <li>
          <strong>Opt-out tools.</strong> Industry tools such as the Network Advertising Initiative and Digital
          Advertising Alliance opt-out pages, and the opt-out add-ons some analytics providers publish, stop
          participating companies from using cookies for interest-based ads.
        </li>
      </ul>
    </>,
    <>
      <p>
        Some browsers send a Do Not Track signal. There is no agreed standard for how websites should respond to it, so
        our site does not currently respond to Do Not Track signals. Your choice in the cookie banner still applies.
      </p>
    </>,
    <>
      <p>
        We may update this policy when we add or remove cookies or when the law changes. The date at the top shows the
        latest version.
      </p>
    </>,
    <>
      <p>Questions about cookies on this site:</p>
      <CompanyContactAddress />
    </>,
  ];
  return numberedSections('cookies', COOKIE_SECTION_TITLES, content);
}

export function CookiePolicyPage() {
  return (
    <LegalDocument
      title="Cookie Policy"
      subtitle={`Which cookies ${company.name} uses, why, and how you can control them.`}
      lastUpdated={COOKIE_POLICY_UPDATED}
      intro={
        <p>
          This policy explains how {company.name} uses cookies and similar technologies on this website. Read it with
          our <Link to="/privacy-policy">Privacy Policy</Link>, which covers the personal information these technologies
          can collect.
        </p>
      }
      sections={sections()}
    />
  );
}
