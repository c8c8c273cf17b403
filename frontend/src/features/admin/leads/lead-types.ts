import type { Tables } from '../../../lib/database.types';
import type { WhitepaperSubmissionRow } from '../../whitepapers/whitepaper-submission';

/** A whitepaper_submissions row: what the form writes, with its id and time. */
export type WhitepaperSubmission = Pick<
  Tables<'whitepaper_submissions'>,
  keyof WhitepaperSubmissionRow | 'id' | 'created_at'
>;

/** A lead_deliveries row (the webhook outbox): pending, delivering, delivered or failed. */
export type LeadDelivery = Pick<
  Tables<'lead_deliveries'>,
  'id' | 'lead_id' | 'target_url' | 'status' | 'attempts' | 'last_attempt_at' | 'last_status' | 'last_error' | 'delivered_at'
>;

/** A leads row (contact inquiries accepted by the relay) with its deliveries. */
export type RelayedLead = Pick<
  Tables<'leads'>,
  'id' | 'source' | 'email' | 'company_name' | 'full_name' | 'payload' | 'received_at'
> & { lead_deliveries: LeadDelivery[] | null };

/** One inbox row, whichever table it came from. */
export interface InboxItem {
  key: string;
  kind: 'Whitepaper' | 'Contact';
  receivedAt: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  /** Label/value pairs of the detail view. */
  details: ReadonlyArray<readonly [string, string]>;
  deliveries: LeadDelivery[];
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

export function submissionToItem(row: WhitepaperSubmission): InboxItem {
  return {
    key: `w-${row.id}`,
    kind: 'Whitepaper',
    receivedAt: row.created_at,
    name: `${row.first_name} ${row.last_name}`.trim(),
    company: row.company_name,
    email: row.email,
    phone: row.phone,
    details: [
      ['Company size', row.company_size],
      ['Years in business', row.revenue],
      ['Current challenges', row.current_challenges],
    ],
    deliveries: [],
  };
}

export function leadToItem(row: RelayedLead): InboxItem {
  // The relay stores the posted JSON object as it came.
  const payload: Record<string, unknown> =
    typeof row.payload === 'object' && row.payload !== null && !Array.isArray(row.payload) ? row.payload : {};
  return {
    key: `l-${row.id}`,
    kind: 'Contact',
    receivedAt: row.received_at,
    name: row.full_name || text(payload.yourName),
    company: row.company_name || text(payload.companyName),
    email: row.email,
    phone: text(payload.phone),
    details: Object.entries(payload)
      .filter(([key]) => !['recaptchaToken', 'captchaToken', 'website', 'honeypot'].includes(key))
      .map(([key, value]) => [key, text(value)] as const),
    deliveries: row.lead_deliveries ?? [],
  };
}

/** Newest first, then filtered by a case-insensitive search over name, company, email, phone. */
export function inboxItems(
  submissions: readonly WhitepaperSubmission[],
  leads: readonly RelayedLead[],
  search: string,
): InboxItem[] {
  const needle = search.trim().toLowerCase();
  return [...submissions.map(submissionToItem), ...leads.map(leadToItem)]
    .filter(
      (item) =>
        needle === '' ||
        [item.name, item.company, item.email, item.phone].some((field) => field.toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}

/** One CSV field (RFC 4180 quoting; formula-looking cells are prefixed against CSV injection). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function inboxCsv(items: readonly InboxItem[]): string {
  const header = ['Type', 'Received', 'Name', 'Company', 'Email', 'Phone', 'Details'];
  const rows = items.map((item) => [
    item.kind,
    item.receivedAt,
    item.name,
    item.company,
    item.email,
    item.phone,
    item.details.map(([label, value]) => `${label}: ${value}`).join('; '),
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
