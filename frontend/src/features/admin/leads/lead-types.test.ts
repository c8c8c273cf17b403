import { describe, expect, it } from 'vitest';
import {
  CSV_HEADER,
  DEFAULT_FILTERS,
  csvField,
  csvFileName,
  filtersProblem,
  filtersSummary,
  inboxCsv,
  inboxItems,
  isNarrowed,
  leadQueryParams,
  type LeadFilters,
  type RelayedLead,
  type WhitepaperSubmission,
} from './lead-types';

const submission: WhitepaperSubmission = {
  id: 's1',
  company_name: 'Acme DME',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@acme.test',
  phone: '555',
  job_title: '',
  company_size: '10-50',
  revenue: '5',
  current_challenges: 'Denials',
  created_at: '2026-01-02T00:00:00Z',
  status: 'qualified',
  internal_note: 'Wants a demo, "Tuesday"',
  assignee: 'Sam Rivera',
  spam_reason: null,
  spam_flagged_at: null,
  updated_at: '2026-01-05T09:30:00Z',
};
const lead: RelayedLead = {
  id: 'l1',
  source: 'contact',
  email: 'bob@beta.test',
  company_name: 'Beta Medical',
  full_name: 'Bob Smith',
  payload: { phone: '777', howCanWeHelp: 'Billing', recaptchaToken: 'secret', website: '' },
  received_at: '2026-01-03T00:00:00Z',
  lead_deliveries: null,
  status: 'new',
  internal_note: '',
  assignee: '',
  spam_reason: null,
  spam_flagged_at: null,
  updated_at: '2026-01-03T00:00:00Z',
};

const filters = (overrides: Partial<LeadFilters>): LeadFilters => ({ ...DEFAULT_FILTERS, ...overrides });

describe('inboxItems', () => {
  it('merges both sources newest first', () => {
    expect(inboxItems([submission], [lead], '').map((item) => item.kind)).toEqual(['Contact', 'Whitepaper']);
  });

  it('searches name, company, email, phone and assignee case-insensitively', () => {
    expect(inboxItems([submission], [lead], 'ACME').map((item) => item.email)).toEqual(['ada@acme.test']);
    expect(inboxItems([submission], [lead], '777').map((item) => item.name)).toEqual(['Bob Smith']);
    expect(inboxItems([submission], [lead], 'rivera').map((item) => item.name)).toEqual(['Ada Lovelace']);
    expect(inboxItems([submission], [lead], 'nobody')).toEqual([]);
  });

  it('leaves the captcha token and the honeypot out of the details', () => {
    const [item] = inboxItems([], [lead], '');
    expect(item?.details.map(([label]) => label)).toEqual(['phone', 'howCanWeHelp']);
  });

  it('carries the pipeline and which table the lead is in', () => {
    const [contact, whitepaper] = inboxItems([submission], [lead], '');
    expect(contact).toMatchObject({ id: 'l1', source: 'contact', status: 'new', assignee: '', spamReason: null });
    expect(whitepaper).toMatchObject({
      id: 's1',
      source: 'whitepaper',
      status: 'qualified',
      assignee: 'Sam Rivera',
      internalNote: 'Wants a demo, "Tuesday"',
      updatedAt: '2026-01-05T09:30:00Z',
    });
  });
});

describe('filters', () => {
  it.each([
    ['the inbox in any status', DEFAULT_FILTERS, 'contact', false, null],
    ['closed spam', filters({ view: 'spam', status: 'closed' }), 'whitepaper', true, 'closed'],
  ] as const)('ask each table for the view and the status: %s', (_case, leadFilters, table, spam, status) => {
    expect(leadQueryParams(leadFilters, table)).toEqual({ spam, status, since: null, before: null });
  });

  it('leave out the table the source filter excludes', () => {
    expect(leadQueryParams(filters({ source: 'contact' }), 'whitepaper')).toBeNull();
    expect(leadQueryParams(filters({ source: 'contact' }), 'contact')).not.toBeNull();
    expect(leadQueryParams(filters({ source: 'whitepaper' }), 'contact')).toBeNull();
  });

  it('turn the day range into local midnights, the last day included', () => {
    const params = leadQueryParams(filters({ from: '2026-03-07', to: '2026-03-09' }), 'contact');
    expect(params?.since).toBe(new Date(2026, 2, 7).toISOString());
    expect(params?.before).toBe(new Date(2026, 2, 10).toISOString());
    // Across a month's end.
    expect(leadQueryParams(filters({ to: '2026-02-28' }), 'contact')?.before).toBe(new Date(2026, 2, 1).toISOString());
    expect(leadQueryParams(filters({ from: '2026-03-07' }), 'contact')?.before).toBeNull();
  });

  it('explain a range that cannot be applied', () => {
    expect(filtersProblem(DEFAULT_FILTERS)).toBeNull();
    expect(filtersProblem(filters({ from: '2026-03-07', to: '2026-03-07' }))).toBeNull();
    expect(filtersProblem(filters({ from: '2026-03-08', to: '2026-03-07' }))).toBe(
      'The start date is after the end date.',
    );
    expect(filtersProblem(filters({ from: '2026-02-31' }))).toBe('The start date is not a valid date.');
    expect(filtersProblem(filters({ to: 'yesterday' }))).toBe('The end date is not a valid date.');
  });

  it('say whether anything narrows the list, and what, for the export log', () => {
    expect(isNarrowed(DEFAULT_FILTERS, '')).toBe(false);
    expect(isNarrowed(filters({ view: 'spam' }), '  ')).toBe(false);
    expect(isNarrowed(filters({ status: 'new' }), '')).toBe(true);
    expect(isNarrowed(DEFAULT_FILTERS, 'acme')).toBe(true);
    expect(filtersSummary(DEFAULT_FILTERS, '')).toEqual({ view: 'inbox' });
    expect(
      filtersSummary(
        filters({ status: 'contacted', source: 'whitepaper', from: '2026-01-01', to: '2026-01-31' }),
        ' acme ',
      ),
    ).toEqual({
      view: 'inbox',
      status: 'contacted',
      source: 'whitepaper',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'acme',
    });
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

  it('has the pipeline columns, one line per item, and escapes every cell', () => {
    const hostile: RelayedLead = {
      ...lead,
      full_name: '=cmd|"/c calc"!A1',
      assignee: '@Sam',
      internal_note: 'Call back,\n"soon"',
      spam_reason: 'Marked as spam by staff',
      spam_flagged_at: '2026-01-04T00:00:00Z',
    };
    const csv = inboxCsv(inboxItems([submission], [hostile], ''));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[0]).toBe(
      'Type,Received,Status,Assignee,Internal note,Spam reason,Flagged as spam,Updated,Name,Company,Email,Phone,Details',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[1]).toBe(
      `Contact,2026-01-03T00:00:00Z,New,'@Sam,"Call back,\n""soon""",Marked as spam by staff,2026-01-04T00:00:00Z,` +
        `2026-01-03T00:00:00Z,"'=cmd|""/c calc""!A1",Beta Medical,bob@beta.test,777,phone: 777; howCanWeHelp: Billing`,
    );
    expect(lines[2]).toBe(
      'Whitepaper,2026-01-02T00:00:00Z,Qualified,Sam Rivera,"Wants a demo, ""Tuesday""",,,2026-01-05T09:30:00Z,' +
        'Ada Lovelace,Acme DME,ada@acme.test,555,Company size: 10-50; Years in business: 5; Current challenges: Denials',
    );
    expect(lines).toHaveLength(4);
  });

  it('names the file after the local day', () => {
    expect(csvFileName(new Date(2026, 0, 9, 23, 59))).toBe('leads-2026-01-09.csv');
  });
});
