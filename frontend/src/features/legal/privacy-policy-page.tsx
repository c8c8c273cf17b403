import { Link } from 'react-router';
import { company } from '@/config/company';
import { useToday } from '@/lib/render-context';
import { CompanyContactAddress, LegalDocument, numberedSections, type LegalSection } from './legal-document';

/** Minimum age for the site (spec §9). */
export const PRIVACY_AGE_THRESHOLD = 16;

/** The 11 numbered sections of spec §2, in order. */
export const PRIVACY_SECTION_TITLES = [
  'Information We Collect',
  'How We Use Your Information',
  'How We Share Your Information',
  'Data Security',
  'Data Retention',
  'Your Privacy Rights',
  'Cookies and Tracking Technologies',
  "Children's Privacy",
  'International Users',
  'Changes to This Policy',
  'Contact Us',
] as const;

function sections(): LegalSection[] {
  const name = company.name;
  const content = [
    <>
      <h3>1.1 Information you provide</h3>
      <p>
        When you fill in our contact or whitepaper forms, we collect your company name, your name, work email address
        and phone number, and your answers about your business: how we can help, number of users, years in business,
        claims per month, current software and the products you supply. When you email or call us, we keep what you send
        us.
      </p>
      <p>
        Please do not send patient health information through this website. Patient data we process for clients is
        covered by a business associate agreement, not by this policy.
      </p>
      <h3>1.2 Information collected automatically</h3>
      <p>
        When you visit the site we record the pages you view, the referring page, your browser and device type, how long
        you stay on a page and how far you scroll. These records are tied to a random session identifier, not to your
        name. Our servers also log IP addresses and request times to keep the service secure.
      </p>
      <h3>1.3 Information from third parties</h3>
      <p>
        We may receive business contact details from event organizers, referral partners and public professional
        sources, and verification results from our spam-protection service when you submit a form.
      </p>
    </>,
    <>
      <p>We use personal information to:</p>
      <ul>
        <li>answer your request, usually within 24 hours, and send the resources you asked for;</li>
        <li>provide, support and bill for our services under a client agreement;</li>
        <li>understand which pages are useful and improve the site;</li>
        <li>send occasional product and industry updates, which you can stop at any time;</li>
        <li>detect spam, abuse and security incidents;</li>
        <li>meet legal, tax and regulatory obligations.</li>
      </ul>
    </>,
    <>
      <p>
        <strong>We do not sell your personal information</strong>, and we do not share it for cross-context behavioral
        advertising. We share it only with:
      </p>
      <ul>
        <li>
          service providers that host, secure and support our site and services, under contracts that limit their use of
          the data to our instructions;
        </li>
        <li>professional advisers such as auditors and lawyers, under confidentiality duties;</li>
        <li>authorities, when the law requires it or to protect rights and safety;</li>
        <li>a successor company, if {name} is involved in a merger or acquisition.</li>
      </ul>
    </>,
    <>
      <p>
        Data sent between your browser and our site is encrypted with TLS 1.2 or higher. Stored data, including backups,
        is encrypted at rest with AES-256. Access is limited to staff who need it, protected by individual accounts and
        multi-factor authentication, and logged.
      </p>
      <p>
        No system is perfectly secure. If a breach affects your information, we will notify you as the law requires.
      </p>
    </>,
    <>
      <p>
        We keep contact and lead information for as long as we have a business relationship with you and for up to three
        years after our last contact, unless you ask us to delete it sooner. Website analytics records are kept for 26
        months. Client records are kept as our agreements and healthcare record rules require.
      </p>
    </>,
    <>
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>know what personal information we hold about you and get a copy;</li>
        <li>correct information that is wrong;</li>
        <li>ask us to delete your information;</li>
        <li>opt out of marketing emails, using the link in any email or by contacting us;</li>
        <li>not be treated differently for exercising these rights.</li>
      </ul>
      <p>
        To make a request, contact us as shown in section 11. We will confirm your identity and reply within 45 days.
      </p>
    </>,
    <>
      <p>
        We use cookies and similar browser storage to remember your cookie choice, keep the site secure and measure how
        it is used. You can accept or decline non-essential cookies in the banner shown on your first visit. Our{' '}
        <Link to="/cookie-policy">Cookie Policy</Link> explains each type and how to manage them.
      </p>
    </>,
    <>
      <p>
        This site is for businesses and is not directed to children under {PRIVACY_AGE_THRESHOLD}. We do not knowingly
        collect personal information from anyone under {PRIVACY_AGE_THRESHOLD}. If you believe a child has given us
        information, contact us and we will delete it.
      </p>
    </>,
    <>
      <p>
        {name} is based in the United States, and your information is processed and stored in the United States. If you
        visit from another country, you understand that US data protection law may differ from the law where you live.
      </p>
    </>,
    <>
      <p>
        We may update this policy when our practices or the law change. The date at the top shows the latest version. If
        a change materially affects how we use your information, we will post a notice on the site or email you before
        it takes effect.
      </p>
    </>,
    <>
      <p>Questions or requests about this policy or your information:</p>
      <CompanyContactAddress withWebsite />
    </>,
  ];
  return numberedSections('privacy', PRIVACY_SECTION_TITLES, content);
}

export function PrivacyPolicyPage() {
  const today = useToday('day');
  return (
    <LegalDocument
      title="Privacy Policy"
      subtitle={`How ${company.name} collects, uses, shares and protects your personal information.`}
      lastUpdated={today}
      intro={
        <p>
          This policy explains how {company.name} handles personal information collected through this website and in our
          business dealings with equipment suppliers. By using the site you agree to the practices described here.
        </p>
      }
      sections={sections()}
    />
  );
}
