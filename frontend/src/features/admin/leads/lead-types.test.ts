import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  deliveryLabel,
  filtersProblem,
  filtersSummary,
  inboxItems,
  isNarrowed,
  leadQueryParams,
  type LeadFilters,
} from './lead-types';
import { relayedRow, whitepaperRow } from './lead-test-rows';

const submission = whitepaperRow();
const lead = relayedRow({
  payload: {
    companyName: 'Beta Medical',
    yourName: 'Bob Smith',
    email: 'bob@beta.test',
    phone: '777',
    howCanWeHelp: 'Billing',
    claimsPerMonth: 1200,
    timestamp: '2026-01-03T00:00:00Z',
    source: 'ClaimBridge website contact form',
    recaptchaToken: 'secret',
    website: '',
  },
});

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

  it("labels the contact form's answers, each once: the captcha, honeypot, send time and contact fields are not details", () => {
    const [item] = inboxItems([], [lead], '');
    expect(item).toMatchObject({ name: 'Bob Smith', company: 'Beta Medical', email: 'bob@beta.test', phone: '777' });
    expect(item?.details).toEqual([
      { key: 'howCanWeHelp', label: 'How can we help?', value: 'Billing' },
      { key: 'claimsPerMonth', label: 'Claims per month', value: '1200' },
      { key: 'source', label: 'Sent from', value: 'ClaimBridge website contact form' },
    ]);
  });

  it("labels the whitepaper form's answers as the contact form's, its challenges split back into them", () => {
    const combined = whitepaperRow({
      current_challenges:
        'How can we help: Denials\non oxygen\nClaims per month: 900\nCurrent software: \nProducts: CPAP',
    });
    expect(inboxItems([combined], [], '')[0]?.details).toEqual([
      { key: 'howCanWeHelp', label: 'How can we help?', value: 'Denials\non oxygen' },
      { key: 'howManyUsers', label: 'How many users', value: '10-50' },
      { key: 'yearsInBusiness', label: 'Years in business', value: '5' },
      { key: 'claimsPerMonth', label: 'Claims per month', value: '900' },
      { key: 'aboutProducts', label: 'Products', value: 'CPAP' },
    ]);
    // A text written without the form's labels stays one answer.
    expect(inboxItems([submission], [], '')[0]?.details.map((detail) => detail.label)).toEqual([
      'How many users',
      'Years in business',
      'Current challenges',
    ]);
  });

  it('names delivery states in words', () => {
    expect(['pending', 'delivering', 'delivered', 'failed', 'on_hold'].map(deliveryLabel)).toEqual([
      'Waiting to send',
      'Sending',
      'Sent',
      'Not sent',
      'On hold',
    ]);
  });

  it('carries the pipeline and which table the lead is in', () => {
    const [contact, whitepaper] = inboxItems([submission], [lead], '');
    expect(contact).toMatchObject({ id: 'l1', source: 'contact', status: 'new', assignee: '', spamReason: null });
    expect(whitepaper).toMatchObject({
      id: 's1',
      source: 'whitepaper',
      status: 'qualified',
      assignee: 'Sam Rivera',
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
