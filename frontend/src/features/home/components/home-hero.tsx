import { Link } from 'react-router';
import { ArrowRightIcon, CheckCircleIcon } from '@/components/ui/icons';
import { ClaimTimelineIllustration } from './claim-timeline-illustration';

export const HERO_HEADLINE = 'Get paid for every piece of equipment you deliver.';

const VALUE_POINTS = [
  'Clean claims before submission: eligibility, DWO, CMN and modifier checks on every order.',
  'Denials worked, not parked: flagged by reason code and payer, routed to a follow-up worklist.',
  'Prior authorizations tracked from request to approval, so deliveries are not held up.',
  'Live reporting on days in A/R, payer mix and cash collected.',
] as const;

export function HomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="hero__eyebrow">Revenue-cycle management for HME/DME suppliers</p>
          <h1 id="hero-title" className="hero__title">
            {HERO_HEADLINE}
          </h1>
          <p className="hero__lead">
            ClaimBridge pairs billing specialists with cloud software built for equipment suppliers. We run intake,
            prior authorization, claims, denials and A/R, so your team can focus on patients and deliveries.
          </p>
          <ul className="plain-list hero__points">
            {VALUE_POINTS.map((point) => (
              <li key={point}>
                <CheckCircleIcon size={22} className="hero__point-icon" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <div className="hero__actions">
            <Link to="/contact" className="button button--primary button--large">
              Schedule Demo
            </Link>
            <Link to="/rcm-services" className="button button--secondary button--large">
              Explore RCM services
              <ArrowRightIcon size={18} />
            </Link>
          </div>
        </div>
        <div className="hero__visual">
          <ClaimTimelineIllustration />
        </div>
      </div>
    </section>
  );
}
