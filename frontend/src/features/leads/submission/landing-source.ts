import { sendLeadWebhook } from './send-webhook';
import { submitContactForm, type ContactDeps, type ContactOutcome, type ContactSubmission } from './submit-contact';

/**
 * The `source` of a lead sent from a block page's lead form. It names the page's route, so the
 * lead inbox says which landing page a lead came from and public.block_page_stats counts the
 * page's leads by it (the lead relay keeps the first 200 characters; a route has at most 120).
 */
export function landingLeadSource(route: string): string {
  return `ClaimBridge landing page ${route}`;
}

/**
 * A landing page's lead form submit: the contact dialog's path exactly (the four checks in
 * order, then the webhook POST to the lead relay, the same outcomes and toasts), with the page
 * as the payload's source instead of the contact form's.
 */
export async function submitLandingLead(
  submission: ContactSubmission,
  route: string,
  { webhookUrl, send = sendLeadWebhook }: ContactDeps,
): Promise<ContactOutcome> {
  const source = landingLeadSource(route);
  const outcome = await submitContactForm(submission, {
    webhookUrl,
    send: (url, payload) => send(url, { ...payload, source }),
  });
  return outcome.kind === 'sent' ? { ...outcome, payload: { ...outcome.payload, source } } : outcome;
}
