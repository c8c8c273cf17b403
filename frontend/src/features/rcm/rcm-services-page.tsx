import { Link } from 'react-router';
import { Checklist } from '@/components/marketing/checklist';
import { CtaBand } from '@/components/marketing/cta-band';
import { PageHeader } from '@/components/layouts/page-header';
import { CUSTOMER_SEGMENTS, RCM_STEPS } from './segments';
import { PageSection } from '@/components/marketing/page-section';
import './rcm-services.css';

export function RcmServicesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Outsourced revenue-cycle management"
        title="RCM Services"
        subtitle="From intake to payment, run by billing specialists who work only on HME/DME claims. You keep the patients and the deliveries; we get the claims paid."
      >
        <div className="page-header__actions">
          <Link to="/contact" className="button button--accent button--large">
            Schedule Free Assessment
          </Link>
        </div>
      </PageHeader>

      <PageSection
        titleId="rcm-steps-title"
        eyebrow="What is included"
        title="Every step between the order and the payment"
        lead="Take the whole revenue cycle off your team, or only the steps where claims stall today."
      >
        <ol className="plain-list rcm-steps">
          {RCM_STEPS.map((step, index) => (
            <li key={step.title} className="rcm-steps__item">
              <span className="rcm-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="card__title">{step.title}</h3>
              <p className="card__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection
        titleId="rcm-segments-title"
        title="RCM Services by Customer Type"
        lead="A ten-person startup and a twelve-branch chain lose money in different places. Here is where each usually does, and what we change."
        surface
      >
        <ul className="plain-list segment-list">
          {CUSTOMER_SEGMENTS.map((segment) => (
            <li key={segment.id} id={segment.id} className="segment-card">
              <div className="segment-card__media">
                <img
                  className="segment-card__image"
                  src={segment.image.src}
                  alt={segment.image.alt}
                  width={480}
                  height={300}
                  loading="lazy"
                  decoding="async"
                />
              </div>
              <div className="segment-card__body">
                <h3 className="segment-card__title">{segment.title}</h3>
                <p className="card__subtitle">{segment.subtitle}</p>
                <p className="segment-card__description">{segment.description}</p>
                <div className="segment-card__lists">
                  <div>
                    <h4 className="segment-card__list-title">Common pain points</h4>
                    <Checklist items={segment.painPoints} tone="warning" />
                  </div>
                  <div>
                    <h4 className="segment-card__list-title">How we solve them</h4>
                    <Checklist items={segment.solutions} />
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <CtaBand
        id="rcm-consultation"
        title="Find out where your claims are waiting"
        text="We review 50 of your recent claims from order to payment and show you which denials, delays and underpayments cost the most. It takes one call and costs nothing."
        actions={[{ label: 'Book Your Free Consultation', to: '/contact' }]}
      />
    </>
  );
}
