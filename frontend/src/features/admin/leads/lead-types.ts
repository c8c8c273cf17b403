import type { WhitepaperSubmissionRow } from '../../whitepapers/whitepaper-submission';

/** A whitepaper_submissions row: what the form writes, with its id and time. */
export interface WhitepaperSubmission extends WhitepaperSubmissionRow {
  id: string;
  created_at: string;
}

/** A lead_deliveries row (the webhook outbox). */
export interface LeadDelivery {
  id: string;
  lead_id: string;
  target_url: string;
  status: 'pending' | 'delivering' | 'delivered' | 'failed';
  attempts: number;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

/** A leads row (contact inquiries accepted by the relay) with its deliveries. */
export interface RelayedLead {
  id: string;
  source: string;
  email: string;
  company_name: string;
  full_name: string;
  payload: Record<string, unknown>;
  received_at: string;
  lead_deliveries: LeadDelivery[] | null;
}

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
  const payload = row.payload;
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
