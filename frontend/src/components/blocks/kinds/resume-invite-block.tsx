import { Link } from 'react-router';
import { EmailAddress } from '@/components/ui/email-address';
import { MailIcon } from '@/components/ui/icons';
import { company } from '@/config/company';
import { textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { titleIdOf } from './block-section';
import './resume-invite-block.css';

/** A mailto: link to the company's address, with a subject that says what the email is. */
function resumeHref(email: string) {
  const subject = encodeURIComponent(`Resume: ${company.name} careers`);
  return `mailto:${email}?subject=${subject}`;
}

/**
 * An invitation to send a resume (careers' openings). The address is the configured company
 * email (config/company.ts), never block copy, so it follows the site's settings; without one
 * the button leads to the contact page.
 */
export function ResumeInviteBlock({ data, blockId }: BlockProps) {
  const titleId = titleIdOf(blockId);
  const text = textOf(data, 'text');
  return (
    <section className="section section--surface" aria-labelledby={titleId}>
      <div className="container">
        <div className="openings">
          <h2 id={titleId} className="section__title">
            {textOf(data, 'title')}
          </h2>
          {text && <p className="section__lead">{text}</p>}
          {company.email ? (
            <a href={resumeHref(company.email)} className="button button--primary button--large">
              <MailIcon size={20} />
              <span className="openings__label">
                Send your resume to{' '}
                <span className="openings__email">
                  <EmailAddress address={company.email} />
                </span>
              </span>
            </a>
          ) : (
            <Link to="/contact" className="button button--primary button--large">
              Send us your resume
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
