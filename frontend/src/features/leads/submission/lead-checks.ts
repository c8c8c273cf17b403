/**
 * The four submit checks shared by both lead forms (spec §5), in the order they run.
 * Pure: the caller passes the clock reading and the form state.
 */

/** Minimum time between opening a lead form and submitting it (spec §9). */
export const MIN_FILL_TIME_MS = 3000;

/** Text, at-sign, text, dot, text; no spaces anywhere. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ToastMessage {
  title: string;
  description: string;
}

export type LeadCheck = 'honeypot' | 'too-fast' | 'email' | 'captcha';

export const LEAD_CHECK_MESSAGES: Record<LeadCheck, ToastMessage> = {
  honeypot: { title: 'Submission failed', description: 'Please try again later.' },
  'too-fast': {
    title: 'Please slow down',
    description: 'Please take a moment to review your information.',
  },
  email: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  captcha: { title: 'Please verify', description: 'Please complete the reCAPTCHA verification.' },
};

export interface LeadCheckInput {
  /** Value of the hidden honeypot field. */
  honeypot: string;
  /** Epoch milliseconds when the form was opened. */
  openedAt: number;
  /** Epoch milliseconds of the submit. */
  now: number;
  email: string;
  /** Captcha solution, or null while the captcha is not completed. */
  captchaToken: string | null;
}

export type LeadCheckResult = { ok: true } | { ok: false; failed: LeadCheck; toast: ToastMessage };

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

function failure(failed: LeadCheck): LeadCheckResult {
  return { ok: false, failed, toast: LEAD_CHECK_MESSAGES[failed] };
}

/** Runs the checks in spec order and reports the first that fails. */
export function runLeadChecks(input: LeadCheckInput): LeadCheckResult {
  if (input.honeypot !== '') return failure('honeypot');
  if (input.now - input.openedAt < MIN_FILL_TIME_MS) return failure('too-fast');
  if (!isValidEmail(input.email)) return failure('email');
  if (!input.captchaToken) return failure('captcha');
  return { ok: true };
}
