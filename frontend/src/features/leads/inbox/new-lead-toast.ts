import type { ToastOptions } from '@/components/ui/toast';
import { answerText } from '@/features/leads/model/lead-fields';

/**
 * The toast of a lead the relay has just stored (the `new` record of an INSERT on public.leads),
 * or null when it must not show: a lead flagged as spam (the relay's captcha and honeypot checks
 * set spam_reason as they store it), or a record that does not say it is clean. Named as the
 * inbox names it: the full name, else the form's "Your name", else the email.
 */
export function newLeadToast(record: Readonly<Record<string, unknown>>): ToastOptions | null {
  if (record.spam_reason !== null) return null;
  const payload = record.payload;
  const answers =
    typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : {};
  const email = answerText(record.email);
  const name = answerText(record.full_name) || answerText(answers.yourName) || email;
  const company = answerText(record.company_name) || answerText(answers.companyName);
  const description = [company, email !== name ? email : ''].filter(Boolean).join(' · ');
  return {
    title: name ? `New lead from ${name}` : 'New lead',
    ...(description ? { description } : {}),
  };
}
