import { describe, expect, it } from 'vitest';
import { plainDateTime } from '@/features/admin/shared/format-date';
import { csvField, csvFileName, inboxCsv } from './lead-csv';
import type { LeadNote } from '@/features/leads/pipeline/lead-notes-query';
import { inboxItems } from '@/features/leads/model/lead-types';
import { relayedRow, whitepaperRow } from '@/features/leads/model/lead-test-rows';

/** An instant given in the test machine's own time zone (the admin's), as the database sends it. */
const stored = (...parts: [number, number, number, number, number, number?, number?]) =>
  new Date(...parts).toISOString();

const submission = whitepaperRow({
  current_challenges: 'How can we help: Denials, "mostly"\nClaims per month: 900\nCurrent software: \nProducts: ',
  created_at: stored(2026, 0, 2, 9, 5, 7, 123),
  updated_at: stored(2026, 0, 5, 9, 30),
});
const lead = relayedRow({
  full_name: '=cmd|"/c calc"!A1',
  payload: {
    email: 'bob@beta.test',
    phone: '777',
    howCanWeHelp: 'Billing',
    currentSoftware: 'Kareo',
    referral: 'Trade show',
    recaptchaToken: 'secret',
  },
  received_at: stored(2026, 0, 3, 14, 3, 59, 999),
  assignee: '@Sam',
  spam_reason: 'Marked as spam by staff',
  spam_flagged_at: stored(2026, 0, 4, 0, 0),
  updated_at: stored(2026, 0, 4, 0, 0),
});

const note = (leadKey: string, author: string, body: string, createdAt: string): LeadNote => ({
  id: `${leadKey}-${body}`,
  leadKey,
  author,
  body,
  createdAt,
});

describe('plainDateTime', () => {
  it('writes a stored time in the admin’s time zone without T, zone or fractions of a second', () => {
    expect(plainDateTime(stored(2026, 11, 6, 14, 3, 27, 123))).toBe('2026-12-06 14:03');
    expect(plainDateTime(stored(2026, 0, 9, 0, 0))).toBe('2026-01-09 00:00');
    // Microseconds, as PostgreSQL sends them.
    expect(plainDateTime(stored(2026, 11, 6, 14, 3).replace('.000Z', '.123456Z'))).toBe('2026-12-06 14:03');
    expect(plainDateTime(null)).toBe('');
    expect(plainDateTime('not a time')).toBe('not a time');
  });
});

describe('CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
  ])('quotes fields with commas, quotes and newlines: %j is written %j', (field, cell) => {
    expect(csvField(field)).toBe(cell);
  });

  it('never lets a cell start a formula', () => {
    for (const formula of ['=SUM(A1)', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =HYPERLINK("x")', '＝1+1']) {
      const cell = csvField(formula);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted, JSON.stringify(formula)).toBe(`'${formula}`);
    }
    // Quoting and defusing together.
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    // Inside a cell they are plain text.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('555-0100')).toBe('555-0100');
  });

  it('has one labelled column per field any lead has, plain local times, the notes, and escapes every cell', () => {
    const notes = new Map([
      [
        'l-l1',
        [
          note('l-l1', 'Earlier note', 'Call back,\n"soon"', stored(2026, 0, 3, 15, 0)),
          note('l-l1', 'Sam Rivera', '=Demo Tuesday', stored(2026, 0, 4, 8, 30, 12)),
        ],
      ],
    ]);
    const csv = inboxCsv(inboxItems([submission], [lead], ''), notes);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Type,Received,Status,Assignee,Spam reason,Flagged as spam,Updated,Name,Company,Email,Phone,' +
        'How can we help?,How many users,Years in business,Claims per month,Current software,Referral,Notes',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[1]).toBe(
      `Contact,2026-01-03 14:03,New,'@Sam,Marked as spam by staff,2026-01-04 00:00,2026-01-04 00:00,` +
        `"'=cmd|""/c calc""!A1",Beta Medical,bob@beta.test,777,Billing,,,,Kareo,Trade show,` +
        `"2026-01-03 15:00 Earlier note: Call back,\n""soon""\n2026-01-04 08:30 Sam Rivera: =Demo Tuesday"`,
    );
    expect(lines[2]).toBe(
      'Whitepaper,2026-01-02 09:05,Qualified,Sam Rivera,,,2026-01-05 09:30,Ada Lovelace,Acme DME,ada@acme.test,555,' +
        '"Denials, ""mostly""",10-50,5,900,,,',
    );
    expect(lines).toHaveLength(4);
    // No time anywhere is written the way the database sends it.
    expect(csv).not.toMatch(/\d{2}:\d{2}:\d{2}|T\d{2}:|Z\b/);
  });

  it('has the lead columns and the notes when nothing has answers', () => {
    expect(inboxCsv([], new Map())).toBe(
      'Type,Received,Status,Assignee,Spam reason,Flagged as spam,Updated,Name,Company,Email,Phone,Notes\r\n',
    );
  });

  it('names the file after the local day', () => {
    expect(csvFileName(new Date(2026, 0, 9, 23, 59))).toBe('leads-2026-01-09.csv');
  });
});
