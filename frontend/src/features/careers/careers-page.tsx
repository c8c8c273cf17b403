import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { EmailAddress } from '@/components/ui/email-address';
import { MailIcon } from '@/components/ui/icons';
import {
  DollarIcon,
  GraduationIcon,
  HeartPulseIcon,
  LaptopIcon,
  SunIcon,
  UsersIcon,
} from '@/components/ui/marketing-icons';
import { company } from '@/config/company';
import { IconCardSection, type IconCard } from '@/components/marketing/icon-card-grid';
import './careers.css';

export const NO_OPENINGS_TITLE = 'No Open Positions at This Time';

const BENEFITS: readonly IconCard[] = [
  {
    title: 'Health, dental and vision',
    text: 'Medical, dental and vision plans from your first day, with 90% of employee premiums paid.',
    Icon: HeartPulseIcon,
  },
  {
    title: '401(k) with a 4% match',
    text: 'Dollar for dollar up to 4% of salary, vested immediately.',
    Icon: DollarIcon,
  },
  {
    title: 'Remote or hybrid',
    text: 'Work from home anywhere in the US, or from our office. We send the laptop, monitors and headset.',
    Icon: LaptopIcon,
  },
  {
    title: 'Paid certifications',
    text: 'Exam fees, study time and a raise for CPC, CRCS and CHC certifications, plus a yearly training budget.',
    Icon: GraduationIcon,
  },
  {
    title: 'Time off that gets used',
    text: '20 days of paid time off, 10 paid holidays and your birthday. Coverage is planned so you can log off.',
    Icon: SunIcon,
  },
  {
    title: 'A team that teaches',
    text: 'Every new biller is paired with a senior specialist for the first 90 days, on real claims.',
    Icon: UsersIcon,
  },
];

function resumeHref(email: string) {
  const subject = encodeURIComponent(`Resume: ${company.name} careers`);
  return `mailto:${email}?subject=${subject}`;
}

export function CareersPage() {
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Help equipment suppliers get paid for the care they deliver"
        subtitle={`${company.name} hires billing specialists, compliance analysts and engineers who like solving problems that have a right answer.`}
      />

      <IconCardSection
        titleId="careers-benefits-title"
        title="Benefits"
        lead="What every full-time team member gets, whatever the role."
        cards={BENEFITS}
      />

      <section className="section section--surface" aria-labelledby="careers-openings-title">
        <div className="container">
          <div className="openings">
            <h2 id="careers-openings-title" className="section__title">
              {NO_OPENINGS_TITLE}
            </h2>
            <p className="section__lead">
              We are not hiring for a specific role right now, but we keep every resume we receive and contact people
              first when billing, compliance or engineering roles open.
            </p>
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
    </>
  );
}
