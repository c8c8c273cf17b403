import { describe, expect, it } from 'vitest';
import { newLeadToast } from './new-lead-toast';

/** A public.leads row as a Postgres Changes INSERT carries it (the relay's columns). */
const record = (overrides: Record<string, unknown> = {}) => ({
  id: '5b0e',
  source: 'ClaimBridge website contact form',
  email: 'dana@summit.example',
  company_name: 'Summit Home Medical',
  full_name: 'Dana Pipeline',
  payload: { yourName: 'Dana Pipeline', companyName: 'Summit Home Medical', email: 'dana@summit.example' },
  received_at: '2026-12-06T10:00:00Z',
  status: 'new',
  assignee: '',
  spam_reason: null,
  spam_flagged_at: null,
  ...overrides,
});

describe('the toast of a new lead', () => {
  it('names the lead, with the company and email', () => {
    expect(newLeadToast(record())).toEqual({
      title: 'New lead from Dana Pipeline',
      description: 'Summit Home Medical · dana@summit.example',
    });
  });

  it('never shows a lead flagged as spam', () => {
    expect(newLeadToast(record({ spam_reason: 'captcha missing', spam_flagged_at: '2026-12-06T10:00:00Z' }))).toBe(
      null,
    );
    expect(newLeadToast(record({ spam_reason: 'honeypot' }))).toBe(null);
  });

  it('shows nothing for a record that does not say it is clean', () => {
    const withoutFlag: Record<string, unknown> = record();
    delete withoutFlag.spam_reason;
    expect(newLeadToast(withoutFlag)).toBe(null);
  });

  it('falls back to the form’s answers, then to the email', () => {
    expect(newLeadToast(record({ full_name: '', company_name: '' }))).toEqual({
      title: 'New lead from Dana Pipeline',
      description: 'Summit Home Medical · dana@summit.example',
    });
    expect(newLeadToast(record({ full_name: '', company_name: '', payload: {} }))).toEqual({
      title: 'New lead from dana@summit.example',
    });
    expect(newLeadToast(record({ full_name: ' ', company_name: '', email: '', payload: null }))).toEqual({
      title: 'New lead',
    });
  });
});
