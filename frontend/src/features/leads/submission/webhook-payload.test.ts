import { describe, expect, it } from 'vitest';
import specLists from '@/testing/spec-lists.json';
import type { ContactFormValues } from './contact-form';
import { buildWebhookPayload, CONTACT_FORM_SOURCE } from './webhook-payload';

const VALUES: ContactFormValues = {
  companyName: 'Summit Home Medical',
  yourName: 'Dana Whitfield',
  email: 'dana@summithomemedical.com',
  phone: '(615) 555-0187',
  howCanWeHelp: 'Our CPAP resupply denials doubled this quarter.',
  howManyUsers: '5-10',
  yearsInBusiness: '12',
  claimsPerMonth: '1,400',
  currentSoftware: 'Spreadsheets and a clearinghouse portal',
  aboutProducts: 'CPAP and supplies, oxygen concentrators, hospital beds',
};

describe('buildWebhookPayload', () => {
  it('carries every form answer plus timestamp, source and captcha token, in spec order', () => {
    const payload = buildWebhookPayload(VALUES, {
      submittedAt: new Date('2026-03-02T14:05:09.123Z'),
      captchaToken: 'captcha-solution',
    });

    expect(Object.keys(payload)).toEqual(specLists.webhookPayloadKeys);
    expect(payload).toEqual({
      ...VALUES,
      timestamp: '2026-03-02T14:05:09.123Z',
      source: 'ClaimBridge website contact form',
      recaptchaToken: 'captcha-solution',
    });
  });

  it('does not send the name split', () => {
    const payload = buildWebhookPayload(VALUES, { submittedAt: new Date(0), captchaToken: 't' });
    expect(payload).not.toHaveProperty('firstName');
    expect(payload).not.toHaveProperty('lastName');
    expect(payload.yourName).toBe('Dana Whitfield');
  });

  it('trims answers and uses the fixed source label by default', () => {
    const payload = buildWebhookPayload(
      { ...VALUES, companyName: '  Summit Home Medical ', email: ' dana@summithomemedical.com\n' },
      { submittedAt: new Date(0), captchaToken: 't' },
    );
    expect(payload.companyName).toBe('Summit Home Medical');
    expect(payload.email).toBe('dana@summithomemedical.com');
    expect(payload.source).toBe(CONTACT_FORM_SOURCE);
    expect(payload.timestamp).toBe('1970-01-01T00:00:00.000Z');
  });

  it('accepts another source label (the whitepaper form)', () => {
    const payload = buildWebhookPayload(VALUES, {
      submittedAt: new Date(0),
      captchaToken: 't',
      source: 'ClaimBridge website whitepaper form',
    });
    expect(payload.source).toBe('ClaimBridge website whitepaper form');
  });
});
