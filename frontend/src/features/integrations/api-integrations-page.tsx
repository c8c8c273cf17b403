import type { ComponentType } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { CtaBand } from '@/components/marketing/cta-band';
import { ChipList } from '@/components/ui/chip-list';
import type { IconProps } from '@/components/ui/icons';
import {
  CodeIcon,
  FileTextIcon,
  LockIcon,
  MessageIcon,
  ReceiptIcon,
  StethoscopeIcon,
  TargetIcon,
  TerminalIcon,
  UsersIcon,
  WebhookIcon,
} from '@/components/ui/marketing-icons';
import { company } from '@/config/company';
import { ContactDialogButton } from '@/components/contact-dialog/contact-dialog-button';
import { IconCardSection, type IconCard } from '@/components/marketing/icon-card-grid';
import { PageSection } from '@/components/marketing/page-section';
import './api-integrations.css';

export const API_FEATURES: readonly IconCard[] = [
  {
    title: 'REST API',
    text: 'Patients, orders, documents, deliveries and claims over JSON, described by an OpenAPI 3 specification you can generate clients from.',
    Icon: CodeIcon,
  },
  {
    title: 'Webhooks',
    text: 'Signed events such as order.created, authorization.approved, delivery.completed, claim.paid and claim.denied, retried for up to 3 days.',
    Icon: WebhookIcon,
  },
  {
    title: 'Healthcare standards',
    text: 'HL7 v2 and FHIR R4 orders from referral sources; X12 270/271, 276/277, 837P and 835 with payers and clearinghouses.',
    Icon: FileTextIcon,
  },
  {
    title: 'Security built in',
    text: 'OAuth 2.0 client credentials, TLS 1.2 or higher, keys scoped to one integration, and an audit log of every call.',
    Icon: LockIcon,
  },
  {
    title: 'Sandbox',
    text: 'Test patients, payers and remittance files in a sandbox you can reset at any time, with the same API as production.',
    Icon: TerminalIcon,
  },
  {
    title: 'Integration engineers',
    text: 'An engineer scopes each project with your team. Most standard connections go live in 2 to 4 weeks.',
    Icon: UsersIcon,
  },
];

interface IntegrationCategory {
  id: string;
  title: string;
  description: string;
  systems: readonly string[];
  Icon: ComponentType<IconProps>;
}

export const INTEGRATION_CATEGORIES: readonly IntegrationCategory[] = [
  {
    id: 'ehr',
    title: 'EHR and e-ordering',
    description: 'Receive orders with the clinical notes attached, and send status back to the referring practice.',
    systems: [
      'Epic',
      'Oracle Health (Cerner)',
      'athenahealth',
      'eClinicalWorks',
      'NextGen Healthcare',
      'Parachute Health',
    ],
    Icon: StethoscopeIcon,
  },
  {
    id: 'billing',
    title: 'Billing, clearinghouses and accounting',
    description: 'Send claims and eligibility requests, receive remittances, and post cash to the general ledger.',
    systems: ['Waystar', 'Availity', 'Change Healthcare', 'QuickBooks Online', 'Sage Intacct'],
    Icon: ReceiptIcon,
  },
  {
    id: 'crm',
    title: 'CRM',
    description: 'Track referral sources and their documentation completeness next to your sales pipeline.',
    systems: ['Salesforce', 'HubSpot', 'Microsoft Dynamics 365', 'Zoho CRM'],
    Icon: TargetIcon,
  },
  {
    id: 'communication',
    title: 'Patient and team communication',
    description: 'Text delivery windows and resupply reminders to patients, and alert your team when work needs them.',
    systems: ['Twilio', 'RingCentral', 'Microsoft Teams', 'Slack', 'SendGrid'],
    Icon: MessageIcon,
  },
];

export function ApiIntegrationsPage() {
  return (
    <>
      <PageHeader
        eyebrow="API Integrations"
        title={`Connect ${company.name} to the systems you already use`}
        subtitle="Orders, documents, claims and delivery status move between your EHR, billing, CRM and communication tools without anyone re-keying them."
      >
        <div className="page-header__actions">
          <ContactDialogButton className="button button--accent button--large">Request API Access</ContactDialogButton>
        </div>
      </PageHeader>

      <IconCardSection
        titleId="api-features-title"
        title="Built for developers and billing teams"
        lead="The same API our own apps use, with the standards equipment billing runs on."
        cards={API_FEATURES}
      />

      <PageSection
        titleId="api-categories-title"
        title="Integrations by category"
        lead="Prebuilt connections to the systems our clients use most. Anything with an API or a standard file format can be connected."
        surface
      >
        <ul className="card-grid">
          {INTEGRATION_CATEGORIES.map(({ id, title, description, systems, Icon }) => (
            <li key={id} id={id} className="card">
              <div className="integration__heading">
                <span className="card__icon">
                  <Icon size={24} />
                </span>
                <h3 className="card__title">{title}</h3>
              </div>
              <p className="card__text">{description}</p>
              <ChipList label={`${title} systems`} items={systems} chipClassName="integration__system" />
            </li>
          ))}
        </ul>
        <p className="integration__note">
          Product names are trademarks of their owners. Some connections use the vendor&apos;s partner program or a
          license you provide.
        </p>
      </PageSection>

      <CtaBand
        id="api-cta"
        title="Plan your integration"
        text="Tell us which systems you run. An integration engineer will map the data flows and give you a go-live date."
        actions={[
          { label: 'Request API Access', contact: true },
          { label: 'Talk to an Integration Engineer', to: '/contact' },
        ]}
      />
    </>
  );
}
