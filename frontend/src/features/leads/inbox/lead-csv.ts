import { localDay, plainDateTime } from '@/features/admin/shared/format-date';
import { byFieldOrder, fieldLabel } from '@/features/leads/model/lead-fields';
import type { LeadNote } from '@/features/leads/pipeline/lead-notes-query';
import { STATUS_LABELS, type InboxItem } from '@/features/leads/model/lead-types';

/**
 * One CSV field (RFC 4180 quoting). A cell a spreadsheet would run as a formula (starting with
 * = + - @, a tab or carriage return, also after leading spaces, or their full-width forms) is
 * prefixed with an apostrophe, so it opens as text (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[\t\r]|^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The columns every export starts with: the lead's kind, time, pipeline and contact. */
const LEAD_COLUMNS: ReadonlyArray<readonly [header: string, cell: (item: InboxItem) => string]> = [
  ['Type', (item) => item.kind],
  ['Received', (item) => plainDateTime(item.receivedAt)],
  ['Status', (item) => STATUS_LABELS[item.status]],
  ['Assignee', (item) => item.assignee],
  ['Spam reason', (item) => item.spamReason ?? ''],
  ['Flagged as spam', (item) => plainDateTime(item.spamFlaggedAt)],
  ['Updated', (item) => plainDateTime(item.updatedAt)],
  ['Name', (item) => item.name],
  ['Company', (item) => item.company],
  ['Email', (item) => item.email],
  ['Phone', (item) => item.phone],
];

/** A lead's notes in one cell, oldest first, a line each: "2026-12-06 14:03 Sam Rivera: text". */
function notesCell(notes: readonly LeadNote[]): string {
  return notes.map((note) => `${plainDateTime(note.createdAt)} ${note.author}: ${note.body}`).join('\n');
}

/**
 * The leads as CSV: the lead columns, then one column per form answer any of them has (labelled,
 * in form order), then their notes (`notes` by inbox key). Times are in the admin's time zone.
 */
export function inboxCsv(items: readonly InboxItem[], notes: ReadonlyMap<string, readonly LeadNote[]>): string {
  const detailKeys = byFieldOrder(items.flatMap((item) => item.details.map((detail) => detail.key)));
  const header = [...LEAD_COLUMNS.map(([title]) => title), ...detailKeys.map(fieldLabel), 'Notes'];
  const rows = items.map((item) => {
    const answers = new Map(item.details.map((detail) => [detail.key, detail.value]));
    return [
      ...LEAD_COLUMNS.map(([, cell]) => cell(item)),
      ...detailKeys.map((key) => answers.get(key) ?? ''),
      notesCell(notes.get(item.key) ?? []),
    ];
  });
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The export's file name, dated in the admin's time zone. */
export function csvFileName(now: Date): string {
  return `leads-${localDay(now)}.csv`;
}
