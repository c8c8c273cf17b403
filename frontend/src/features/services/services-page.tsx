import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Checklist } from '@/components/marketing/checklist';
import { CtaBand, GET_STARTED } from '@/components/marketing/cta-band';
import { PageHeader } from '@/components/layouts/page-header';
import { ArrowRightIcon, type IconProps } from '@/components/ui/icons';
import {
  DashboardIcon,
  PackageIcon,
  PlugIcon,
  ProstheticIcon,
  StoreIcon,
  TrendingUpIcon,
  TruckIcon,
  WheelchairIcon,
} from '@/components/ui/marketing-icons';
import { IconCardItem } from '@/components/marketing/icon-card-grid';
import { PageSection } from '@/components/marketing/page-section';
import { TitledTextList } from '@/components/marketing/titled-text-list';

interface Service {
  id: string;
  title: string;
  description: string;
  points: readonly string[];
  Icon: ComponentType<IconProps>;
  link?: { to: string; label: string };
}

export const SERVICES: readonly Service[] = [
  {
    id: 'hme-dme-software',
    title: 'HME/DME Software',
    description:
      'One cloud system for intake, documentation, billing, inventory and reporting, built around how equipment is ordered, delivered and rented.',
    points: [
      'Eligibility checked on order entry and before every rental month',
      'Documentation checklists by HCPCS family hold a claim until it is complete',
      'Rental billing with RR and KH, KI or KJ modifiers applied for you',
    ],
    Icon: DashboardIcon,
  },
  {
    id: 'retail-dme',
    title: 'Retail DME',
    description:
      'Sell walk-in and online items and bill insurance from the same counter, with one inventory behind both.',
    points: [
      'Point of sale for cash, card, HSA and FSA payments',
      'Split one sale between the payer and the patient balance',
      'Stock shared across showroom, warehouse and delivery vans',
    ],
    Icon: StoreIcon,
  },
  {
    id: 'mobile-delivery-management',
    title: 'Mobile Delivery Management',
    description:
      'Drivers record proof of delivery on a phone, and the signed ticket reaches billing before the van reaches its next stop.',
    points: [
      'Signature, date, items and serial numbers required before a ticket closes',
      'Barcode scans link each serial number to the patient and the rental',
      'Route planning with arrival-window texts for patients',
    ],
    Icon: TruckIcon,
  },
  {
    id: 'api-integrations',
    title: 'API Integrations',
    description:
      'Connect ClaimBridge to your EHR, billing, CRM and communication tools so orders and documents stop being re-keyed.',
    points: [
      'REST API and signed webhooks for orders, claims and deliveries',
      'HL7 v2 and FHIR orders in; X12 270/271, 837P and 835 for payers',
      'A sandbox with test patients, payers and remittances',
    ],
    Icon: PlugIcon,
    link: { to: '/api-integrations', label: 'See integrations' },
  },
  {
    id: 'complex-rehab',
    title: 'Complex Rehab',
    description:
      'Power mobility and custom seating from evaluation to payment, where one missing document can hold a chair for months.',
    points: [
      'Face-to-face exam, written order and home assessment tracked per chair',
      'ATP and therapist evaluations kept with the order, not in email',
      'Prior authorization status for every power mobility device that needs it',
    ],
    Icon: WheelchairIcon,
  },
  {
    id: 'mail-order',
    title: 'Mail Order',
    description: 'Resupply programs that ship on schedule and stay inside the refill rules payers audit.',
    points: [
      'Patient contact no sooner than 14 days before shipping, with the answer recorded',
      'Outreach by text, email and phone, with a biller only for exceptions',
      'CPAP supplies, diabetic testing, urological and ostomy programs',
    ],
    Icon: PackageIcon,
  },
  {
    id: 'orthotics-prosthetics',
    title: 'Orthotics & Prosthetics',
    description: 'Custom-fabricated and off-the-shelf devices coded and documented right the first time.',
    points: [
      'L-code selection that separates custom-fitted from off-the-shelf',
      'Practitioner notes, functional level and detailed written orders in one file',
      'Casting, fitting and delivery dates checked against the claim',
    ],
    Icon: ProstheticIcon,
  },
  {
    id: 'cash-flow-acceleration',
    title: 'Cash Flow Acceleration',
    description:
      'Specialists who know DME payers work your denials and aged A/R until the money is in or the reason is documented.',
    points: [
      'Every denial worked by reason code within 5 business days',
      'Cleanup projects for A/R older than 90 days',
      'Payments checked against fee schedules and contracts for underpayments',
    ],
    Icon: TrendingUpIcon,
  },
];

const MODELS = [
  {
    title: 'Software',
    text: 'Your team runs billing in ClaimBridge. We configure payers, checklists and reports, migrate open orders and train every role.',
  },
  {
    title: 'Managed service',
    text: 'Our billing specialists run intake checks, claims, posting, denials and A/R in your ClaimBridge account, with a monthly review.',
  },
  {
    title: 'Both',
    text: 'Keep intake and delivery in house and hand us claims, denials and aged A/R. Most growing suppliers start here.',
  },
] as const;

export function ServicesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="Software and billing services for HME/DME suppliers"
        subtitle="Eight ways we help equipment suppliers get orders documented, delivered, billed and paid: as software your team runs, or as a service we run for you."
      />

      <PageSection
        titleId="services-list-title"
        title="What we do"
        lead="Every service runs on the same platform, so intake, delivery and billing share one record of each order."
      >
        <ul className="card-grid card-grid--4">
          {SERVICES.map(({ id, title, description, points, Icon, link }) => (
            <IconCardItem key={id} id={id} title={title} Icon={Icon}>
              <p className="card__text">{description}</p>
              <Checklist items={points} />
              {link && (
                <p className="card__footer">
                  <Link to={link.to} className="text-link">
                    {link.label}
                    <ArrowRightIcon size={16} />
                  </Link>
                </p>
              )}
            </IconCardItem>
          ))}
        </ul>
      </PageSection>

      <PageSection
        titleId="services-models-title"
        title="Software, service or both"
        lead="Start with the part that costs you the most today. Moving between models does not mean moving systems."
        surface
      >
        <TitledTextList items={MODELS} className="card-grid card-grid--3" />
      </PageSection>

      <CtaBand
        id="services-demo"
        title="See it with your own claims"
        text="In 30 minutes we walk through intake, delivery and billing with orders like yours, and show where your claims wait today."
        actions={[{ label: 'Schedule Demo', to: '/contact' }, GET_STARTED]}
      />
    </>
  );
}
