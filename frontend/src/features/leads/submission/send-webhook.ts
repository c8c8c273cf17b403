import type { WebhookPayload } from './webhook-payload';

/**
 * POSTs the lead to the webhook. `no-cors`: the automation endpoint need not answer
 * CORS, and the response is opaque, so it is not read. A network failure is logged as
 * non-critical and swallowed: the visitor still sees success (spec §8).
 * (In no-cors mode browsers drop the JSON content type; the body stays JSON text.)
 */
export async function sendLeadWebhook(
  url: string,
  payload: WebhookPayload,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  try {
    await fetchImpl(url, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    console.warn('Lead webhook request failed (non-critical):', error);
  }
}
