import { describe, expect, it } from 'vitest';
import { deliveryLabel, inboxItems } from './lead-types';
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
