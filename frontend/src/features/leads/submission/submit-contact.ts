import type { ContactFormValues } from './contact-form';
import { runLeadChecks, type LeadCheck, type ToastMessage } from './lead-checks';
import { sendLeadWebhook } from './send-webhook';
import { buildWebhookPayload, type WebhookPayload } from './webhook-payload';

export const CONTACT_SUCCESS_TOAST: ToastMessage = {
  title: 'Message sent!',
  description: "Your message has been sent. We'll get back to you within 24 hours.",
};

export const CONTACT_ERROR_TOAST: ToastMessage = {
  title: 'Error',
  description: 'Failed to submit form. Please try again or contact us directly.',
};

export interface ContactSubmission {
  values: ContactFormValues;
  honeypot: string;
  openedAt: number;
  now: number;
  captchaToken: string | null;
}

/** The four lead checks of a submitted lead form (contact or whitepaper), in order. */
export function checkSubmission(submission: ContactSubmission) {
  return runLeadChecks({
    honeypot: submission.honeypot,
    openedAt: submission.openedAt,
    now: submission.now,
    email: submission.values.email,
    captchaToken: submission.captchaToken,
  });
}

/** The webhook payload of a submitted lead form, stamped with the time it was submitted. */
export function submissionPayload(submission: ContactSubmission): WebhookPayload {
  return buildWebhookPayload(submission.values, {
    submittedAt: new Date(submission.now),
    captchaToken: submission.captchaToken ?? '',
  });
}

export type ContactOutcome =
  | { kind: 'rejected'; check: LeadCheck; toast: ToastMessage }
  | { kind: 'sent'; payload: WebhookPayload; toast: ToastMessage }
  | { kind: 'failed'; error: unknown; toast: ToastMessage };

export interface ContactDeps {
  /** Absolute webhook URL; undefined when the site has none configured. */
  webhookUrl: string | undefined;
  send?: typeof sendLeadWebhook;
}

/**
 * The contact dialog's submit: the four checks in order, then the webhook POST.
 * A failed check sends nothing. A webhook network failure is only logged (the send
 * function swallows it), so the visitor still sees success; anything else that goes
 * wrong, such as no webhook configured, is reported as a failure.
 */
export async function submitContactForm(
  submission: ContactSubmission,
  { webhookUrl, send = sendLeadWebhook }: ContactDeps,
): Promise<ContactOutcome> {
  const check = checkSubmission(submission);
  if (!check.ok) return { kind: 'rejected', check: check.failed, toast: check.toast };

  try {
    if (!webhookUrl) throw new Error('No lead webhook URL is configured (runtime config webhookUrl).');
    const payload = submissionPayload(submission);
    await send(webhookUrl, payload);
    return { kind: 'sent', payload, toast: CONTACT_SUCCESS_TOAST };
  } catch (error) {
    console.error('Contact form submission failed:', error);
    return { kind: 'failed', error, toast: CONTACT_ERROR_TOAST };
  }
}
