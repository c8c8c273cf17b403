import type { ComponentType, ReactNode } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { EmailAddress } from '@/components/ui/email-address';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, type IconProps } from '@/components/ui/icons';
import { company, telHref } from '@/config/company';
import { ContactDialogButton } from '@/components/lead-capture/contact-dialog-button';
import { IconCardItem } from '@/components/marketing/icon-card-grid';
import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';
import { TitledTextList } from '@/components/marketing/titled-text-list';
import './contact.css';

export const REPLY_PROMISE = 'We reply to every request within 24 hours.';

interface ContactCard {
  title: string;
  Icon: ComponentType<IconProps>;
  body: ReactNode;
  note: string;
}

function contactCards(): ContactCard[] {
  const cards: ContactCard[] = [];
  if (company.email) {
    cards.push({
      title: 'Email',
      Icon: MailIcon,
      body: (
        <a href={`mailto:${company.email}`} className="contact-card__email">
          <EmailAddress address={company.email} />
        </a>
      ),
      note: 'Questions, documents and billing requests.',
    });
  }
  if (company.phone) {
    cards.push({
      title: 'Phone',
      Icon: PhoneIcon,
      body: <a href={telHref(company.phone)}>{company.phone}</a>,
      note: 'A billing specialist answers during business hours.',
    });
  }
  if (company.address) {
    cards.push({
      title: 'Address',
      Icon: MapPinIcon,
      body: <address>{company.address}</address>,
      note: 'Visits by appointment.',
    });
  }
  cards.push({
    title: 'Hours',
    Icon: ClockIcon,
    body: <span>{company.hours}</span>,
    note: 'Urgent authorization questions are covered around the clock for clients.',
  });
  return cards;
}

const NEXT_STEPS = [
  {
    title: 'We reply within 24 hours',
    text: 'A revenue-cycle specialist, not a sales script, reads your message and answers it.',
  },
  {
    title: 'A 30-minute call',
    text: 'We ask about your product lines, payer mix, claim volume and where claims stall today.',
  },
  {
    title: 'A free claims review',
    text: 'Send 50 recent claims and we show you which denials, delays and underpayments cost the most.',
  },
] as const;

export function ContactPage() {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Talk to a DME billing specialist"
        subtitle={`Questions about billing, denials, prior authorization or software? ${REPLY_PROMISE}`}
      />

      <HiddenTitleSection titleId="contact-details-title" title="Contact details" className="section">
        <ul className="card-grid card-grid--4 contact-cards">
          {contactCards().map(({ title, Icon, body, note }) => (
            <IconCardItem key={title} title={title} Icon={Icon} className="card contact-card">
              <div className="contact-card__value">{body}</div>
              <p className="card__text">{note}</p>
            </IconCardItem>
          ))}
        </ul>
      </HiddenTitleSection>

      <section className="section section--surface" aria-labelledby="contact-connect-title">
        <div className="container two-column">
          <div>
            <h2 id="contact-connect-title" className="section__title">
              Tell us about your company
            </h2>
            <p className="section__lead">
              Share your claim volume, payers and the software you use today, and we will come to the first call with
              specific answers. {REPLY_PROMISE}
            </p>
            <ContactDialogButton className="button button--primary button--large contact-connect__button">
              Connect with us
            </ContactDialogButton>
          </div>
          <div>
            <h2 className="contact-next__title">What happens next</h2>
            <TitledTextList
              items={NEXT_STEPS}
              className="plain-list contact-next"
              ordered
              itemClassName="contact-next__item"
              titleClassName="contact-next__step"
            />
          </div>
        </div>
      </section>
    </>
  );
}
