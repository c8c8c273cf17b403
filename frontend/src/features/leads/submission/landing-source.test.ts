import { describe, expect, it, vi } from 'vitest';
import type { ContactFormValues } from './contact-form';
import { landingLeadSource, submitLandingLead } from './landing-source';
import type { ContactSubmission } from './submit-contact';

const VALUES: ContactFormValues = {
  companyName: 'Bayside Respiratory Supply',
  yourName: 'Priya Raman',
  email: 'priya@baysiderespiratory.example',
  phone: '(510) 555-0142',
  howCanWeHelp: 'Oxygen CMN renewals keep lapsing and our recertifications are denied.',
  howManyUsers: '5-10',
  yearsInBusiness: '14',
  claimsPerMonth: '900',
  currentSoftware: 'Brightree',
  aboutProducts: 'Oxygen concentrators, CPAP and resupply',
};

const OPENED = Date.UTC(2026, 5, 10, 15, 0, 0);

function submission(overrides: Partial<ContactSubmission> = {}): ContactSubmission {
  return {
    values: VALUES,
    honeypot: '',
    openedAt: OPENED,
    now: OPENED + 60_000,
    captchaToken: 'altcha-payload',
    ...overrides,
  };
}

describe('landingLeadSource', () => {
  it('names the landing page by its route', () => {
    expect(landingLeadSource('/cpap-resupply-webinar')).toBe('ClaimBridge landing page /cpap-resupply-webinar');
    expect(landingLeadSource('/')).toBe('ClaimBridge landing page /');
  });
});

describe('submitLandingLead', () => {
  it("sends the contact payload with the page as its source, and the contact form's success", async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const outcome = await submitLandingLead(submission(), '/oxygen-cmn-checklist', {
      webhookUrl: 'http://x/functions/v1/lead-relay',
      send,
    });

    const expected = {
      ...VALUES,
      timestamp: '2026-06-10T15:01:00.000Z',
      source: 'ClaimBridge landing page /oxygen-cmn-checklist',
      recaptchaToken: 'altcha-payload',
    };
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('http://x/functions/v1/lead-relay', expected);
    expect(outcome).toEqual({
      kind: 'sent',
      payload: expected,
      toast: {
        title: 'Message sent!',
        description: "Your message has been sent. We'll get back to you within 24 hours.",
      },
    });
  });

  it('runs the four lead checks first and sends nothing when one fails', async () => {
    const send = vi.fn();
    const cases: [Partial<ContactSubmission>, string][] = [
      [{ honeypot: 'https://spam.example' }, 'honeypot'],
      [{ now: OPENED + 2999 }, 'too-fast'],
      [{ values: { ...VALUES, email: 'priya at bayside' } }, 'email'],
      [{ captchaToken: null }, 'captcha'],
    ];
    for (const [overrides, check] of cases) {
      const outcome = await submitLandingLead(submission(overrides), '/webinar', { webhookUrl: 'http://x', send });
      expect(outcome).toMatchObject({ kind: 'rejected', check });
    }
    expect(send).not.toHaveBeenCalled();
  });

  it("reports the contact form's error when no webhook is configured", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi.fn();
    const outcome = await submitLandingLead(submission(), '/webinar', { webhookUrl: undefined, send });
    expect(send).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({
      kind: 'failed',
      toast: { title: 'Error', description: 'Failed to submit form. Please try again or contact us directly.' },
    });
  });
});
