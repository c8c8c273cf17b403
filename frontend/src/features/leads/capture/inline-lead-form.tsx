import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { LeadFormNoscriptNote } from '@/components/lead-capture/contact-dialog-button';
import type { InlineLeadFormProps } from '@/components/lead-capture/inline-lead-form-context';
import { toast } from '@/components/ui/toast';
import type { CaptchaProvider } from '@/config/runtime-config';
import { emptyContactForm } from '../submission/contact-form';
import { submitLandingLead } from '../submission/landing-source';
import { leadEndpoints } from './lead-endpoints';
import { LeadFormControls } from './lead-form-controls';
import { useLeadForm } from './use-lead-form';
import './lead-form.css';
import './inline-lead-form.css';

export interface LandingLeadFormProps extends InlineLeadFormProps {
  webhookUrl: string | undefined;
  captchaProvider: CaptchaProvider;
  captchaChallengeUrl: string | undefined;
}

/**
 * The contact dialog's form, inline: its fields, captcha, honeypot and checks, sent the same way
 * (the lead relay) with this page as the source. Success shows the dialog's toast and a thank-you
 * in the form's place; a failed check or send keeps the answers. Without JavaScript the fields
 * show but the captcha cannot be solved, so the button stays disabled (nothing is sent, no
 * answers land in a URL) and a note gives the company's email and phone instead.
 */
export function LandingLeadForm({
  route,
  titleId,
  submitLabel,
  webhookUrl,
  captchaProvider,
  captchaChallengeUrl,
}: LandingLeadFormProps) {
  // The too-fast check measures from when the form could first be filled: the page's load, then
  // each "Send another message".
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [sent, setSent] = useState(false);
  const form = useLeadForm(openedAt, () => undefined);
  const { setValues, formRef, captchaRef, busy } = form;
  const thanksRef = useRef<HTMLDivElement>(null);

  // Focus follows the form's replacement, so keyboard and screen-reader users hear the outcome.
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    const outcome = await form.submit(event, (submission) => submitLandingLead(submission, route, { webhookUrl }));
    if (!outcome) return;

    if (outcome.kind === 'sent') {
      toast(outcome.toast);
      setValues(emptyContactForm());
      captchaRef.current?.reset();
      setSent(true);
    } else {
      toast({ ...outcome.toast, variant: 'destructive' });
    }
  };

  if (sent) {
    return (
      <div ref={thanksRef} className="lead-form-block__thanks" role="status" tabIndex={-1}>
        <p className="lead-form-block__thanks-title">Message sent!</p>
        <p>Thank you. A DME revenue-cycle specialist will reply within 24 hours.</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setOpenedAt(Date.now());
            setSent(false);
          }}
        >
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      className="contact-form lead-form-block__form"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      aria-busy={busy || undefined}
    >
      <p className="lead-form-block__required">All fields are required.</p>
      <LeadFormControls
        form={form}
        captchaProvider={captchaProvider}
        captchaChallengeUrl={captchaChallengeUrl}
        captchaWhenNear
        submitLabel={submitLabel}
        busyLabel="Sending..."
        captchaHint="Complete the verification above to send your message."
      />
      <LeadFormNoscriptNote form="contact form" />
    </form>
  );
}

/** The lead form block's form, with the endpoints of the runtime configuration. */
export function InlineLeadForm(props: InlineLeadFormProps) {
  const [endpoints] = useState(leadEndpoints);
  return <LandingLeadForm {...props} {...endpoints} />;
}
