import type { SelectOption } from '@/features/admin/shared/admin-select-field';
import type { Tables } from '@/lib/database.types';
import type { WhitepaperSubmissionRow } from '@/data/whitepapers/types';
import { answerText, challengeAnswers, humanLabel, leadDetails, type LeadDetail } from './lead-fields';

/** Where a lead is in the pipeline (the tables' check constraint holds the same list). */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  closed: 'Closed',
};

/** The statuses as select options, in pipeline order. */
export const STATUS_OPTIONS: readonly SelectOption<LeadStatus>[] = LEAD_STATUSES.map((status) => [
  status,
  STATUS_LABELS[status],
]);

/** The longest note the database keeps. */
export const NOTE_MAX = 5000;

/** The reason stored when staff flag a lead (the relay stores its own, e.g. 'captcha missing'). */
export const STAFF_SPAM_REASON = 'Marked as spam by staff';

/**
 * The pipeline columns both lead tables share (the admin may change status, assignee and the spam
 * flag; notes are a thread of their own, lead_notes, and the old internal_note column is no longer
 * read or written).
 */
type PipelineColumns = 'status' | 'assignee' | 'spam_reason' | 'spam_flagged_at' | 'updated_at';

/** A whitepaper_submissions row: what the form writes, with its id, time and pipeline. */
export type WhitepaperSubmission = Pick<
  Tables<'whitepaper_submissions'>,
  keyof WhitepaperSubmissionRow | 'id' | 'created_at' | PipelineColumns
>;

/** A lead_deliveries row (the webhook outbox): pending, delivering, delivered or failed. */
export type LeadDelivery = Pick<
  Tables<'lead_deliveries'>,
  | 'id'
  | 'lead_id'
  | 'target_url'
  | 'status'
  | 'attempts'
  | 'last_attempt_at'
  | 'last_status'
  | 'last_error'
  | 'delivered_at'
>;

/** How a delivery's status reads on screen. */
const DELIVERY_LABELS: ReadonlyMap<string, string> = new Map([
  ['pending', 'Waiting to send'],
  ['delivering', 'Sending'],
  ['delivered', 'Sent'],
  ['failed', 'Not sent'],
]);

export function deliveryLabel(status: string): string {
  return DELIVERY_LABELS.get(status) ?? humanLabel(status);
}

/** A leads row (contact inquiries accepted by the relay) with its deliveries. */
export type RelayedLead = Pick<
  Tables<'leads'>,
  'id' | 'source' | 'email' | 'company_name' | 'full_name' | 'payload' | 'received_at' | PipelineColumns
> & { lead_deliveries: LeadDelivery[] | null };

/** Which table a lead is in: the contact form (through the lead relay) or the whitepaper form. */
export type LeadSource = 'contact' | 'whitepaper';

/** One inbox row, whichever table it came from. */
export interface InboxItem {
  key: string;
  id: string;
  source: LeadSource;
  kind: 'Whitepaper' | 'Contact';
  receivedAt: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  /** The form's other answers, labelled (the name, company, email and phone are the fields above). */
  details: readonly LeadDetail[];
  deliveries: LeadDelivery[];
  status: LeadStatus;
  assignee: string;
  /** Why it is spam; null when it is not. */
  spamReason: string | null;
  spamFlaggedAt: string | null;
  updatedAt: string;
}

export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}

function pipelineOf(row: Pick<Tables<'leads'>, PipelineColumns>) {
  return {
    // Any other value cannot pass the check constraint; 'new' keeps the type honest.
    status: isLeadStatus(row.status) ? row.status : 'new',
    assignee: row.assignee,
    spamReason: row.spam_reason,
    spamFlaggedAt: row.spam_flagged_at,
    updatedAt: row.updated_at,
  } as const;
}

/** How each table's rows show in the inbox: their key prefix (ids of the two tables may meet) and kind. */
const SOURCE_ITEMS = {
  whitepaper: { keyPrefix: 'w', kind: 'Whitepaper' },
  contact: { keyPrefix: 'l', kind: 'Contact' },
} as const satisfies Record<LeadSource, { keyPrefix: string; kind: InboxItem['kind'] }>;

/** What an inbox row takes from its table's own columns (the rest is its source and pipeline). */
type ItemContent = Pick<InboxItem, 'receivedAt' | 'name' | 'company' | 'email' | 'phone' | 'details' | 'deliveries'>;

/** The inbox key of a lead: its table's prefix and its id. */
export function itemKey(source: LeadSource, id: string): string {
  return `${SOURCE_ITEMS[source].keyPrefix}-${id}`;
}

/** The inbox row of a row of either lead table. */
function inboxItem(
  source: LeadSource,
  row: Pick<Tables<'leads'>, 'id' | PipelineColumns>,
  content: ItemContent,
): InboxItem {
  const { kind } = SOURCE_ITEMS[source];
  return { key: itemKey(source, row.id), id: row.id, source, kind, ...content, ...pipelineOf(row) };
}

export function submissionToItem(row: WhitepaperSubmission): InboxItem {
  return inboxItem('whitepaper', row, {
    receivedAt: row.created_at,
    name: `${row.first_name} ${row.last_name}`.trim(),
    company: row.company_name,
    email: row.email,
    phone: row.phone,
    // What the form asked (company_size holds the how-many-users answer, revenue the years in business).
    details: leadDetails([
      ['howManyUsers', row.company_size],
      ['yearsInBusiness', row.revenue],
      ['jobTitle', row.job_title],
      ...challengeAnswers(row.current_challenges),
    ]),
    deliveries: [],
  });
}

export function leadToItem(row: RelayedLead): InboxItem {
  // The relay stores the posted JSON object as it came.
  const payload: Record<string, unknown> =
    typeof row.payload === 'object' && row.payload !== null && !Array.isArray(row.payload) ? row.payload : {};
  return inboxItem('contact', row, {
    receivedAt: row.received_at,
    name: row.full_name || answerText(payload.yourName),
    company: row.company_name || answerText(payload.companyName),
    email: row.email,
    phone: answerText(payload.phone),
    details: leadDetails(Object.entries(payload)),
    deliveries: row.lead_deliveries ?? [],
  });
}

/** Newest first, then filtered by a case-insensitive search over name, company, email, phone, assignee. */
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
        [item.name, item.company, item.email, item.phone, item.assignee].some((field) =>
          field.toLowerCase().includes(needle),
        ),
    )
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}
