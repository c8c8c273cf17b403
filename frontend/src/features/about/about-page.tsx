import { PageHeader } from '@/components/layouts/page-header';
import { CtaBand, GET_STARTED } from '@/components/marketing/cta-band';
import { AwardIcon, TargetIcon } from '@/components/ui/marketing-icons';
import { company } from '@/config/company';
import { SectionHeader } from '@/components/marketing/section-header';
import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';
import { StatList } from '@/components/marketing/stat-list';
import { TitledTextList } from '@/components/marketing/titled-text-list';
import './about.css';

/** The four stat tiles of spec §2, value first visually, label first for screen readers. */
export const ABOUT_STATS = [
  { value: '2016', label: 'Founded' },
  { value: '100%', label: 'Focus on HME/DME' },
  { value: 'Top 3', label: 'Start-up ranking' },
  { value: '24/7', label: 'Team on call' },
] as const;

const PRINCIPLES = [
  {
    title: 'Numbers over adjectives',
    text: 'Every client gets the same monthly scorecard we use internally: clean claim rate, denial rate by reason, days in A/R and cash collected.',
  },
  {
    title: 'Fix it upstream',
    text: 'Most denials start at intake or delivery. We change the checklist or the claim edit that let the error through, not just the claim.',
  },
  {
    title: 'Answer the phone',
    text: 'Each client has a named specialist and a direct line. Urgent authorization and delivery questions reach someone at any hour.',
  },
] as const;

export function AboutPage() {
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title={`About ${company.name}`}
        subtitle="Revenue-cycle specialists and software for home and durable medical equipment suppliers since 2016."
      />

      <section className="section" aria-labelledby="about-story-title">
        <div className="container two-column">
          <div className="prose">
            <h2 id="about-story-title" className="section__title">
              Our story
            </h2>
            <p>
              {company.name} was founded in 2016 by two people who knew equipment billing from the inside. One had run
              billing for a regional oxygen and CPAP supplier; the other had built the spreadsheets and scripts that
              kept that office afloat. Claims were not failing because people did not care. They failed because
              documentation arrived late, payer rules changed quietly and nobody could see the backlog until the month
              closed.
            </p>
            <p>
              We started as a billing service for five local suppliers and built software for our own team, because
              nothing on the market followed a claim from order to payment the way equipment billing needs. Suppliers
              asked to use it themselves. Today the same platform runs our managed service and the billing departments
              of suppliers who keep it in house.
            </p>
            <p>
              We still work only with HME and DME suppliers. That is why our billers know when a claim needs KX, GA or
              GZ without looking it up, and why our software treats a capped rental as the normal case instead of a
              workaround.
            </p>
          </div>

          <div className="about-mission">
            <span className="card__icon">
              <TargetIcon size={24} />
            </span>
            <h2 className="about-mission__title">Our mission</h2>
            <p className="about-mission__text">
              Get equipment suppliers paid fully and on time for the care they deliver, so they can keep patients
              breathing, moving and at home.
            </p>
          </div>
        </div>
      </section>

      <HiddenTitleSection
        titleId="about-stats-title"
        title={<>{company.name} at a glance</>}
        className="section section--surface section--tight"
      >
        <StatList stats={ABOUT_STATS} />
      </HiddenTitleSection>

      <section className="section" aria-labelledby="about-principles-title">
        <div className="container two-column">
          <div>
            <SectionHeader
              id="about-principles-title"
              title="How we work"
              lead="Three habits that explain most of what our clients notice in the first 90 days."
            />
            <TitledTextList items={PRINCIPLES} className="plain-list about-principles" />
          </div>

          <article className="recognition-card" aria-labelledby="about-recognition-title">
            <span className="recognition-card__icon">
              <AwardIcon size={28} />
            </span>
            <p className="recognition-card__eyebrow">Recognition</p>
            <h2 id="about-recognition-title" className="recognition-card__title">
              Ranked top 3 among healthcare revenue-cycle start-ups
            </h2>
            <p>
              In 2019, three years after our first client went live, {company.name} placed third of 42 companies in the
              Mid-South Healthcare Innovation start-up ranking, judged on measured client results.
            </p>
            <dl className="recognition-card__facts">
              <div>
                <dt>Average days in A/R, first 40 clients</dt>
                <dd>58 → 34</dd>
              </div>
              <div>
                <dt>Clean claim rate after 6 months</dt>
                <dd>96%</dd>
              </div>
            </dl>
          </article>
        </div>
      </section>

      <CtaBand
        id="about-cta"
        title="Talk to people who only do equipment billing"
        text="Tell us what you supply and how you bill today. We reply within 24 hours."
        actions={[GET_STARTED, { label: 'Join the team', to: '/careers' }]}
      />
    </>
  );
}
