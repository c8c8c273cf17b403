import type { ContactFormValues } from './contact-form';
import type { LeadCheck, ToastMessage } from './lead-checks';
import { splitName } from './name-split';
import { sendLeadWebhook } from './send-webhook';
import type { WebhookPayload } from './webhook-payload';
import { checkSubmission, submissionPayload, type ContactSubmission } from './submit-contact';
import type { WhitepaperSubmissionRow } from '@/data/whitepapers/types';

export const ANTISPAM_TOAST: ToastMessage = {
  title: 'Too many requests',
  description: 'Please wait a few minutes before submitting again',
};

export const LEAD_ERROR_TOAST: ToastMessage = {
  title: 'Error',
  description: 'Failed to submit form. Please try again or contact us directly',
};

export const LEAD_SUCCESS_TOAST: ToastMessage = {
  title: 'Thank you!',
  description: 'Your information has been submitted. Redirecting to your downloads...',
};

/** Wait between the success toast and the redirect to /downloads (spec §9). */
export const DOWNLOADS_REDIRECT_DELAY_MS = 1000;

/** The help request, claims per month, current software and products as one text. */
export function combinedChallenges(values: ContactFormValues): string {
  return [
    `How can we help: ${values.howCanWeHelp.trim()}`,
    `Claims per month: ${values.claimsPerMonth.trim()}`,
    `Current software: ${values.currentSoftware.trim()}`,
    `Products: ${values.aboutProducts.trim()}`,
  ].join('\n');
}

/**
 * The §3 mapping: name split into first and last name, job title always empty, company
 * size holds the how-many-users answer, revenue the years-in-business answer.
 */
export function buildWhitepaperSubmission(values: ContactFormValues): WhitepaperSubmissionRow {
  const { firstName, lastName } = splitName(values.yourName);
  return {
    company_name: values.companyName.trim(),
    first_name: firstName,
    last_name: lastName,
    email: values.email.trim(),
    phone: values.phone.trim(),
    job_title: '',
    company_size: values.howManyUsers.trim(),
    revenue: values.yearsInBusiness.trim(),
    current_challenges: combinedChallenges(values),
  };
}

/** What the form sends: the same as the contact dialog's. */
export type WhitepaperLeadSubmission = ContactSubmission;

/**
 * The request header that carries antispam-check's single-use lead ticket on the insert: the
 * database accepts a visitor's whitepaper_submissions row only with a fresh ticket issued for
 * the row's email (migration 20261126000200_lead_tickets.sql).
 */
export const LEAD_TICKET_HEADER = 'x-claimbridge-lead-ticket';

/** The ticket in antispam-check's answer (`{allowed: true, ticket}`), if there is one. */
export function leadTicketOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'ticket' in data) {
    const { ticket } = data;
    if (typeof ticket === 'string' && ticket) return ticket;
  }
  return undefined;
}

/** The backend calls of the form, injected so the flow is testable without a server. */
export interface WhitepaperLeadDeps {
  antispamCheck: (body: { email: string; ip: string; recaptchaToken: string }) => Promise<{
    data?: unknown;
    error: unknown;
  }>;
  /** The insert, sending `ticket` in the {@link LEAD_TICKET_HEADER} header. */
  insertSubmission: (row: WhitepaperSubmissionRow, ticket: string | undefined) => Promise<{ error: unknown }>;
  webhookUrl: string | undefined;
  send?: typeof sendLeadWebhook;
}

export type WhitepaperLeadOutcome =
  | { kind: 'rejected'; check: LeadCheck; toast: ToastMessage }
  | { kind: 'spam'; error: unknown; toast: ToastMessage }
  | { kind: 'failed'; error: unknown; toast: ToastMessage }
  | { kind: 'submitted'; row: WhitepaperSubmissionRow; payload: WebhookPayload; toast: ToastMessage };

/**
 * The whitepaper form's submit (spec §5, §7, §8): the four checks in order, the anti-spam
 * function, the whitepaper_submissions insert (carrying the lead ticket the anti-spam function
 * issued), then the webhook POST of the contact payload.
 */
export async function submitWhitepaperLead(
  submission: WhitepaperLeadSubmission,
  deps: WhitepaperLeadDeps,
): Promise<WhitepaperLeadOutcome> {
  const check = checkSubmission(submission);
  if (!check.ok) return { kind: 'rejected', check: check.failed, toast: check.toast };

  try {
    const antispam = await deps.antispamCheck({
      email: submission.values.email.trim(),
      ip: 'unknown',
      recaptchaToken: submission.captchaToken ?? '',
    });
    if (antispam.error) {
      console.error('Anti-spam check rejected the whitepaper form:', antispam.error);
      return { kind: 'spam', error: antispam.error, toast: ANTISPAM_TOAST };
    }

    const row = buildWhitepaperSubmission(submission.values);
    const inserted = await deps.insertSubmission(row, leadTicketOf(antispam.data));
    if (inserted.error)
      throw inserted.error instanceof Error ? inserted.error : new Error(JSON.stringify(inserted.error));

    const payload = submissionPayload(submission);
    if (deps.webhookUrl) {
      await (deps.send ?? sendLeadWebhook)(deps.webhookUrl, payload);
    } else {
      console.warn('No lead webhook URL is configured; the whitepaper lead was stored only.');
    }
    return { kind: 'submitted', row, payload, toast: LEAD_SUCCESS_TOAST };
  } catch (error) {
    console.error('Whitepaper form submission failed:', error);
    return { kind: 'failed', error, toast: LEAD_ERROR_TOAST };
  }
}
