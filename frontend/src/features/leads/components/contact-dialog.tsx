import type { SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { CaptchaProvider } from '@/config/runtime-config';
import { emptyContactForm } from '@/lib/leads/contact-form';
import { submitContactForm } from '@/lib/leads/submit-contact';
import { CaptchaField } from '@/components/lead-form/captcha-field';
import { LeadFormFields } from '@/components/lead-form/lead-form-fields';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import '@/components/lead-form/lead-form.css';

export const CONTACT_DIALOG_TITLE = 'Connect with us';

export interface ContactDialogProps {
  open: boolean;
  /** Epoch ms when the dialog was opened (the too-fast check measures from here). */
  openedAt: number;
  onClose: () => void;
  webhookUrl: string | undefined;
  captchaProvider: CaptchaProvider;
  captchaChallengeUrl: string | undefined;
}

/**
 * The contact dialog of spec §2-§5. Answers survive closing and reopening; they are
 * cleared only after a successful send. A failed check keeps the dialog open as it is.
 */
export function ContactDialog({
  open,
  openedAt,
  onClose,
  webhookUrl,
  captchaProvider,
  captchaChallengeUrl,
}: ContactDialogProps) {
  const form = useLeadForm(openedAt, onClose);
  const { values, setValues, captchaToken, formRef, firstFieldRef, captchaRef, close, hintId, idPrefix } = form;
  const sending = form.busy;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    const outcome = await form.submit(event, (submission) => submitContactForm(submission, { webhookUrl }));
    if (!outcome) return;

    if (outcome.kind === 'sent') {
      toast(outcome.toast);
      setValues(emptyContactForm());
      captchaRef.current?.reset();
      close();
    } else {
      toast({ ...outcome.toast, variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={CONTACT_DIALOG_TITLE}
      description={
        <p>
          Tell us about your company and where billing hurts. A DME revenue-cycle specialist will
          reply within 24 hours. All fields are required.
        </p>
      }
      initialFocusRef={firstFieldRef}
      className="contact-dialog"
    >
      <form
        ref={formRef}
        className="contact-form"
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        aria-busy={sending || undefined}
      >
        <LeadFormFields
          idPrefix={idPrefix}
          values={values}
          setValues={setValues}
          firstFieldRef={firstFieldRef}
        />

        <CaptchaField
          ref={captchaRef}
          provider={captchaProvider}
          challengeUrl={captchaChallengeUrl}
          onChange={form.setCaptchaToken}
        />

        <div className="contact-form__actions">
          <button
            type="submit"
            className="button button--primary button--large contact-form__submit"
            disabled={sending || !captchaToken}
            aria-describedby={captchaToken ? undefined : hintId}
          >
            {sending ? 'Connecting...' : "Let's Connect"}
          </button>
          {!captchaToken && (
            <p id={hintId} className="contact-form__hint">
              Complete the verification above to send your message.
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
