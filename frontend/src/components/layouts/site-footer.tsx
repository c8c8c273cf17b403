import { Link } from 'react-router';
import { useToday } from '@/lib/render-context';
import { company, socialLinks, telHref, type SocialNetwork } from '@/config/company';
import {
  ClockIcon,
  ExternalLinkIcon,
  FacebookIcon,
  LinkedInIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XIcon,
  YouTubeIcon,
} from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';

const SOCIAL_ICONS: Record<SocialNetwork, typeof LinkedInIcon> = {
  linkedin: LinkedInIcon,
  x: XIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
};

interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

function FooterLinkList({ title, links }: { title: string; links: FooterLink[] }) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <nav className="site-footer__column" aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__heading">
        {title}
      </h2>
      <ul className="plain-list site-footer__links">
        {links.map((link) => (
          <li key={link.label}>
            {link.to ? (
              <Link to={link.to} className="site-footer__link">
                {link.label}
              </Link>
            ) : (
              <a href={link.href} className="site-footer__link" rel="noopener">
                {link.label}
                <ExternalLinkIcon size={14} className="site-footer__external" />
                <span className="visually-hidden"> (external site)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const year = useToday('year').slice(0, 4);

  const resources: FooterLink[] = [
    { label: 'Blog', to: '/blog' },
    { label: 'Whitepapers', to: '/whitepapers' },
  ];
  if (company.trainingHubUrl) resources.push({ label: 'Training Hub', href: company.trainingHubUrl });
  if (company.supportDeskUrl) resources.push({ label: 'Support Desk', href: company.supportDeskUrl });

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            <LogoMark size={28} />
            <span>{company.name}</span>
          </h2>
          <p className="site-footer__blurb">
            {company.tagline} Billing specialists and software for intake, prior authorization, claims, denials and A/R,
            built for equipment suppliers.
          </p>

          <ul className="plain-list site-footer__contact">
            {company.email && (
              <li>
                <MailIcon size={18} />
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </li>
            )}
            {company.phone && (
              <li>
                <PhoneIcon size={18} />
                <a href={telHref(company.phone)}>{company.phone}</a>
              </li>
            )}
            {company.address && (
              <li>
                <MapPinIcon size={18} />
                <span>{company.address}</span>
              </li>
            )}
            <li>
              <ClockIcon size={18} />
              <span>{company.hours}</span>
            </li>
          </ul>

          {socialLinks.length > 0 && (
            <ul className="plain-list site-footer__social" aria-label={`${company.name} on social media`}>
              {socialLinks.map(({ network, label, href }) => {
                const SocialIcon = SOCIAL_ICONS[network];
                return (
                  <li key={network}>
                    <a
                      href={href}
                      className="site-footer__social-link"
                      rel="noopener"
                      aria-label={`${company.name} on ${label}`}
                    >
                      <SocialIcon size={20} />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <FooterLinkList
          title="Company"
          links={[
            { label: 'About', to: '/about' },
            { label: 'Careers', to: '/careers' },
          ]}
        />
        <FooterLinkList title="Resources" links={resources} />
        <FooterLinkList
          title="Legal"
          links={[
            { label: 'Cookie Policy', to: '/cookie-policy' },
            { label: 'Privacy Policy', to: '/privacy-policy' },
          ]}
        />
      </div>

      <div className="container site-footer__bottom">
        <p>
          © {year} {company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
