import { describe, expect, it } from 'vitest';
import { isValidEmail, MIN_FILL_TIME_MS, runLeadChecks, type LeadCheckInput } from './lead-checks';

const OPENED = 1_700_000_000_000;

function valid(overrides: Partial<LeadCheckInput> = {}): LeadCheckInput {
  return {
    honeypot: '',
    openedAt: OPENED,
    now: OPENED + 10_000,
    email: 'dana@summithomemedical.com',
    captchaToken: 'eyJjaGFsbGVuZ2UiOnt9fQ==',
    ...overrides,
  };
}

describe('runLeadChecks', () => {
  it('passes a complete, human-paced submission', () => {
    expect(runLeadChecks(valid())).toEqual({ ok: true });
  });

  /** The exact toast each failed check shows. */
  const toasts = {
    honeypot: { title: 'Submission failed', description: 'Please try again later.' },
    'too-fast': { title: 'Please slow down', description: 'Please take a moment to review your information.' },
    email: { title: 'Invalid email', description: 'Please enter a valid email address.' },
    captcha: { title: 'Please verify', description: 'Please complete the reCAPTCHA verification.' },
  };

  it.each([
    ['a filled honeypot', { honeypot: 'https://spam.example' }, 'honeypot'],
    ['a submit under 3000 ms after opening', { now: OPENED + MIN_FILL_TIME_MS - 1 }, 'too-fast'],
    ['an email that does not match the pattern', { email: 'dana@summithomemedical' }, 'email'],
    ['a null captcha solution', { captchaToken: null }, 'captcha'],
    ['an empty captcha solution', { captchaToken: '' }, 'captcha'],
  ] as const)('rejects %s with the exact toast', (_case, overrides, failed) => {
    expect(runLeadChecks(valid(overrides))).toEqual({ ok: false, failed, toast: toasts[failed] });
  });

  it('waits at least 3000 ms, and accepts a submit exactly 3000 ms after opening', () => {
    expect(MIN_FILL_TIME_MS).toBe(3000);
    expect(runLeadChecks(valid({ now: OPENED + 3000 }))).toEqual({ ok: true });
  });

  it('runs the checks in order: honeypot, time, email, captcha', () => {
    const allBad = {
      honeypot: 'x',
      now: OPENED + 10,
      email: 'not an email',
      captchaToken: null,
    };
    expect(runLeadChecks(valid(allBad))).toMatchObject({ failed: 'honeypot' });
    expect(runLeadChecks(valid({ ...allBad, honeypot: '' }))).toMatchObject({ failed: 'too-fast' });
    expect(runLeadChecks(valid({ ...allBad, honeypot: '', now: OPENED + 5000 }))).toMatchObject({
      failed: 'email',
    });
    expect(runLeadChecks(valid({ ...allBad, honeypot: '', now: OPENED + 5000, email: 'a@b.co' }))).toMatchObject({
      failed: 'captcha',
    });
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'dana.whitfield+rcm@summit-home.medical', 'x@y.z'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'plainaddress', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.co', 'a@b .co', 'a@@b.co'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
