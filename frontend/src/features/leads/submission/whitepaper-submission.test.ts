import { describe, expect, it, vi } from 'vitest';
import type { ContactFormValues } from './contact-form';
import {
  ANTISPAM_TOAST,
  buildWhitepaperSubmission,
  LEAD_ERROR_TOAST,
  LEAD_SUCCESS_TOAST,
  leadTicketOf,
  submitWhitepaperLead,
  type WhitepaperLeadDeps,
} from './whitepaper-submission';

const values: ContactFormValues = {
  companyName: ' Summit Home Medical ',
  yourName: '  Dana  Marie Whitfield ',
  email: 'dana@summit.example',
  phone: '(555) 010-2000',
  howCanWeHelp: 'Denials are up.',
  howManyUsers: '10-20',
  yearsInBusiness: '12',
  claimsPerMonth: '1,500',
  currentSoftware: 'Brightree',
  aboutProducts: 'CPAP, oxygen',
};

const submission = { values, honeypot: '', openedAt: 0, now: 10_000, captchaToken: 'token' };

function deps(overrides: Partial<WhitepaperLeadDeps> = {}) {
  return {
    antispamCheck: vi.fn(() => Promise.resolve({ data: { allowed: true, ticket: 'ticket-1' }, error: null })),
    insertSubmission: vi.fn(() => Promise.resolve({ error: null })),
    webhookUrl: 'https://hooks.example/lead',
    send: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('whitepaper submission mapping', () => {
  it('maps the form to the §3 columns', () => {
    expect(buildWhitepaperSubmission(values)).toEqual({
      company_name: 'Summit Home Medical',
      first_name: 'Dana',
      last_name: 'Marie Whitfield',
      email: 'dana@summit.example',
      phone: '(555) 010-2000',
      job_title: '',
      company_size: '10-20',
      revenue: '12',
      current_challenges:
        'How can we help: Denials are up.\nClaims per month: 1,500\nCurrent software: Brightree\nProducts: CPAP, oxygen',
    });
  });
});

describe('submitWhitepaperLead', () => {
  it('runs the checks first and sends nothing when one fails', async () => {
    const d = deps();
    const outcome = await submitWhitepaperLead({ ...submission, now: 1000 }, d);
    expect(outcome).toMatchObject({ kind: 'rejected', check: 'too-fast' });
    expect(d.antispamCheck).not.toHaveBeenCalled();
    expect(d.insertSubmission).not.toHaveBeenCalled();
  });

  it('calls antispam-check with email, ip "unknown" and the captcha token, then inserts and posts the webhook', async () => {
    const d = deps();
    const outcome = await submitWhitepaperLead(submission, d);
    expect(d.antispamCheck).toHaveBeenCalledWith({
      email: 'dana@summit.example',
      ip: 'unknown',
      recaptchaToken: 'token',
    });
    expect(d.insertSubmission).toHaveBeenCalledWith(buildWhitepaperSubmission(values), 'ticket-1');
    expect(d.send).toHaveBeenCalledWith(
      'https://hooks.example/lead',
      expect.objectContaining({ companyName: 'Summit Home Medical', recaptchaToken: 'token' }),
    );
    expect(outcome).toMatchObject({ kind: 'submitted', toast: LEAD_SUCCESS_TOAST });
  });

  it('inserts without a ticket when the anti-spam answer has none (the database then refuses it)', async () => {
    const d = deps({ antispamCheck: vi.fn(() => Promise.resolve({ data: { allowed: true }, error: null })) });
    await submitWhitepaperLead(submission, d);
    expect(d.insertSubmission).toHaveBeenCalledWith(buildWhitepaperSubmission(values), undefined);
  });

  it('reads the ticket only from a well-formed answer', () => {
    expect(leadTicketOf({ allowed: true, ticket: 'abc' })).toBe('abc');
    for (const data of [null, undefined, 'abc', { ticket: '' }, { ticket: 42 }, {}]) {
      expect(leadTicketOf(data)).toBeUndefined();
    }
  });

  it('stops with "Too many requests" when the anti-spam check errors', async () => {
    const d = deps({ antispamCheck: vi.fn(() => Promise.resolve({ error: new Error('429') })) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await submitWhitepaperLead(submission, d);
    expect(outcome).toMatchObject({ kind: 'spam', toast: ANTISPAM_TOAST });
    expect(d.insertSubmission).not.toHaveBeenCalled();
  });

  it('reports the generic error toast when the insert fails, without posting the webhook', async () => {
    const d = deps({ insertSubmission: vi.fn(() => Promise.resolve({ error: { message: 'denied' } })) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await submitWhitepaperLead(submission, d);
    expect(outcome).toMatchObject({ kind: 'failed', toast: LEAD_ERROR_TOAST });
    expect(d.send).not.toHaveBeenCalled();
  });
});
