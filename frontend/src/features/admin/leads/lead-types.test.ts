import { describe, expect, it } from 'vitest';
import { csvField, inboxCsv, inboxItems, type RelayedLead, type WhitepaperSubmission } from './lead-types';

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
};
const lead: RelayedLead = {
  id: 'l1',
  source: 'contact',
  email: 'bob@beta.test',
  company_name: 'Beta Medical',
  full_name: 'Bob Smith',
  payload: { phone: '777', howCanWeHelp: 'Billing', recaptchaToken: 'secret' },
  received_at: '2026-01-03T00:00:00Z',
  lead_deliveries: null,
};

describe('inboxItems', () => {
  it('merges both sources newest first', () => {
    expect(inboxItems([submission], [lead], '').map((item) => item.kind)).toEqual(['Contact', 'Whitepaper']);
  });

  it('searches name, company, email and phone case-insensitively', () => {
    expect(inboxItems([submission], [lead], 'ACME').map((item) => item.email)).toEqual(['ada@acme.test']);
    expect(inboxItems([submission], [lead], '777').map((item) => item.name)).toEqual(['Bob Smith']);
    expect(inboxItems([submission], [lead], 'nobody')).toEqual([]);
  });

  it('leaves the captcha token out of the details', () => {
    const [item] = inboxItems([], [lead], '');
    expect(item?.details.map(([label]) => label)).toEqual(['phone', 'howCanWeHelp']);
  });
});

describe('CSV export', () => {
  it('quotes fields with commas, quotes and newlines, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
  });

  it('has a header and one line per item', () => {
    const csv = inboxCsv(inboxItems([submission], [], ''));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Type,Received,Name,Company,Email,Phone,Details');
    expect(lines[1]).toContain('Whitepaper,2026-01-02T00:00:00Z,Ada Lovelace,Acme DME,ada@acme.test,555,');
  });
});
