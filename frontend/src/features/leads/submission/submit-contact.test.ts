import { describe, expect, it, vi } from 'vitest';
import type { ContactFormValues } from './contact-form';
import { submitContactForm, type ContactSubmission } from './submit-contact';

const VALUES: ContactFormValues = {
  companyName: 'CareLine Mobility',
  yourName: 'Marcus Lee',
  email: 'marcus@carelinemobility.example',
  phone: '(555) 010-2233',
  howCanWeHelp: 'Power wheelchair prior authorizations take us 40 days.',
  howManyUsers: '11-25',
  yearsInBusiness: '9',
  claimsPerMonth: '600',
  currentSoftware: 'Homegrown',
  aboutProducts: 'Complex rehab, power mobility, seating',
};

const OPENED = Date.UTC(2026, 2, 2, 14, 0, 0);

function submission(overrides: Partial<ContactSubmission> = {}): ContactSubmission {
  return {
    values: VALUES,
    honeypot: '',
    openedAt: OPENED,
    now: OPENED + 45_000,
    captchaToken: 'altcha-payload',
    ...overrides,
  };
}

describe('submitContactForm', () => {
  it('sends the payload to the webhook and reports success', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const outcome = await submitContactForm(submission(), { webhookUrl: 'http://x/hook', send });

    expect(send).toHaveBeenCalledWith('http://x/hook', {
      ...VALUES,
      timestamp: '2026-03-02T14:00:45.000Z',
      source: 'ClaimBridge website contact form',
      recaptchaToken: 'altcha-payload',
    });
    expect(outcome).toMatchObject({
      kind: 'sent',
      toast: {
        title: 'Message sent!',
        description: "Your message has been sent. We'll get back to you within 24 hours.",
      },
    });
  });

  it('sends nothing when a check fails, and reports that check', async () => {
    const send = vi.fn();
    const cases: [Partial<ContactSubmission>, string][] = [
      [{ honeypot: 'filled by a bot' }, 'honeypot'],
      [{ now: OPENED + 2999 }, 'too-fast'],
      [{ values: { ...VALUES, email: 'marcus@careline' } }, 'email'],
      [{ captchaToken: null }, 'captcha'],
    ];
    for (const [overrides, check] of cases) {
      const outcome = await submitContactForm(submission(overrides), { webhookUrl: 'http://x', send });
      expect(outcome).toMatchObject({ kind: 'rejected', check });
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('reports an error when no webhook is configured', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.fn();
    const outcome = await submitContactForm(submission(), { webhookUrl: undefined, send });
    expect(send).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      kind: 'failed',
      toast: {
        title: 'Error',
        description: 'Failed to submit form. Please try again or contact us directly.',
      },
    });
  });
});
