import type { ContactFormValues } from './contact-form';

/** Fixed `source` label of leads sent from the site's contact dialog. */
export const CONTACT_FORM_SOURCE = 'ClaimBridge website contact form';

/** The JSON body POSTed to the lead webhook (spec §7), in this key order. */
export interface WebhookPayload extends ContactFormValues {
  /** ISO 8601 time of the submit. */
  timestamp: string;
  source: string;
  recaptchaToken: string;
}

export interface WebhookPayloadMeta {
  submittedAt: Date;
  captchaToken: string;
  source?: string;
}

/** Builds the webhook body from the form answers (trimmed). The name split is not part of it. */
export function buildWebhookPayload(values: ContactFormValues, meta: WebhookPayloadMeta): WebhookPayload {
  return {
    companyName: values.companyName.trim(),
    yourName: values.yourName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    howCanWeHelp: values.howCanWeHelp.trim(),
    howManyUsers: values.howManyUsers.trim(),
    yearsInBusiness: values.yearsInBusiness.trim(),
    claimsPerMonth: values.claimsPerMonth.trim(),
    currentSoftware: values.currentSoftware.trim(),
    aboutProducts: values.aboutProducts.trim(),
    timestamp: meta.submittedAt.toISOString(),
    source: meta.source ?? CONTACT_FORM_SOURCE,
    recaptchaToken: meta.captchaToken,
  };
}
