export interface CustomerSegment {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  painPoints: readonly string[];
  solutions: readonly string[];
  image: { src: string; alt: string };
}

/** The five customer types of the RCM page (spec §2), in display order. */
export const CUSTOMER_SEGMENTS: readonly CustomerSegment[] = [
  {
    id: 'small-startups',
    title: 'Small HME/DME Startups',
    subtitle: '1-10 employees',
    description:
      'You are enrolling with payers, passing accreditation and billing your first claims, often with one person handling intake, billing and collections.',
    painPoints: [
      'Payer enrollment delays hold up the first payments',
      'No in-house expertise in modifiers, order rules and LCD coverage criteria',
      'Cash tied up for 60 days or more while claims are learned by trial and error',
      'Too few claims to justify a full-time biller',
    ],
    solutions: [
      'Enrollment support with Medicare, Medicaid and commercial plans',
      'Claims billed correctly from the first one, with edits before submission',
      'A named billing specialist who answers the phone',
      'Monthly pricing that grows with your claim volume',
    ],
    image: {
      src: '/images/rcm/small-startups.svg',
      alt: 'Go-live checklist for a new supplier: NPI, accreditation and surety bond done, payer enrollments in progress',
    },
  },
  {
    id: 'growing-companies',
    title: 'Growing HME/DME Companies',
    subtitle: '10-50 employees',
    description:
      'Volume is up, new payers and product lines are coming on, and the billing process that worked at 200 claims a month is breaking at 1,500.',
    painPoints: [
      'Denials rising as volume outpaces staff',
      'Prior authorizations tracked in spreadsheets and inboxes',
      'Days in A/R creeping past 50',
      'Months spent hiring and training each new biller',
    ],
    solutions: [
      'Denial worklists by reason code and payer, worked within 5 business days',
      'Prior authorization tracking from request to approval',
      'Billing capacity that grows with volume, without hiring',
      'A monthly KPI review with your leadership team',
    ],
    image: {
      src: '/images/rcm/growing-companies.svg',
      alt: 'Bar chart of monthly claim volume rising 38 percent over six months',
    },
  },
  {
    id: 'established-providers',
    title: 'Established HME/DME Providers',
    subtitle: '50+ employees',
    description:
      'You have a billing department. The question is whether it is working the claims that matter most, and whether leadership can see the numbers before month end.',
    painPoints: [
      'Aged A/R over 90 days that nobody has time to work',
      'Underpayments unnoticed across dozens of payer contracts',
      'Audit exposure (TPE, RAC, UPIC) without a routine documentation review',
      'Reports pulled by hand at month end',
    ],
    solutions: [
      'A/R cleanup projects that run alongside your team',
      'Underpayment checks against contracted rates and fee schedules',
      'Quarterly documentation audits and help answering record requests',
      'Live dashboards for days in A/R, clean claim rate and denial trends',
    ],
    image: {
      src: '/images/rcm/established-providers.svg',
      alt: 'Revenue-cycle dashboard: 32 days in A/R, 96 percent clean claims, 4.1 percent denial rate, with A/R days trending down',
    },
  },
  {
    id: 'specialized-suppliers',
    title: 'Specialized HME/DME Suppliers',
    subtitle: 'CPAP, oxygen, wheelchairs',
    description:
      'Respiratory and mobility lines carry the strictest documentation rules and the longest rental cycles in equipment billing.',
    painPoints: [
      'PAP adherence windows missed, turning paid rentals into denials',
      'Oxygen qualifying tests and 36-month rental caps tracked by hand',
      'Power mobility prior authorizations that take weeks',
      'Resupply shipped without the patient contact on record',
    ],
    solutions: [
      'PAP adherence checkpoints at day 30 and day 75 of the first 90',
      'Oxygen rental month counters with cap and retest alerts',
      'Complex rehab documentation packets checked before submission',
      'Resupply schedules that follow refill contact and shipping rules',
    ],
    image: {
      src: '/images/rcm/specialized-suppliers.svg',
      alt: 'Product tiles for CPAP devices, oxygen cylinders and wheelchairs',
    },
  },
  {
    id: 'multi-location-chains',
    title: 'Multi-location HME/DME Chains',
    subtitle: 'Several branches, one revenue cycle',
    description:
      'Each branch has its own intake habits, referral sources and payer mix, and billing has to turn all of them into clean claims.',
    painPoints: [
      'Intake and documentation done differently at each branch',
      'No single view of A/R and denials across locations',
      'Duplicate patients and orders between branch systems',
      'Branch managers who cannot see their own numbers',
    ],
    solutions: [
      'One intake standard and checklist set for every branch',
      'Central worklists with branch filters and named owners',
      'Consolidated and per-branch reporting, updated daily',
      'A rollout playbook for newly acquired locations',
    ],
    image: {
      src: '/images/rcm/multi-location-chains.svg',
      alt: 'Four branch locations connected to one central billing worklist',
    },
  },
];

/** What the managed service covers, in the order a claim meets it. */
export const RCM_STEPS = [
  {
    title: 'Intake and eligibility',
    text: 'Orders checked for a complete written order, eligibility and benefits before anything ships.',
  },
  {
    title: 'Prior authorization',
    text: 'Requests submitted with the right records, followed up every 48 hours, approvals stored with the order.',
  },
  {
    title: 'Claims',
    text: 'HCPCS codes and modifiers checked, claims scrubbed against payer edits and sent within one business day of delivery.',
  },
  {
    title: 'Payment posting',
    text: 'ERA files posted automatically, paper EOBs keyed within two business days, secondary claims released.',
  },
  {
    title: 'Denials and appeals',
    text: 'Every denial routed by reason code, corrected or appealed with a deadline, root causes reported monthly.',
  },
  {
    title: 'A/R and reporting',
    text: 'Open claims followed up by age and value, with live reporting on days in A/R, cash and denial trends.',
  },
] as const;
