import type { ReactNode, SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { CaptchaProvider } from '@/config/runtime-config';
import { CaptchaField } from './captcha-field';
import { LeadFormFields } from './lead-form-fields';
import type { useLeadForm } from './use-lead-form';
import './lead-form.css';

export interface LeadFormDialogProps {
  open: boolean;
  /** The dialog's state (useLeadForm). */
  form: ReturnType<typeof useLeadForm>;
  title: string;
  description: ReactNode;
  captchaProvider: CaptchaProvider;
  captchaChallengeUrl: string | undefined;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
  /** The submit button's text, and its text while the form is sending. */
  submitLabel: string;
  busyLabel: string;
  /** Under the button until the captcha is solved. */
  captchaHint: string;
}

/** The frame both lead dialogs share: the contact fields, the captcha and the submit button. */
export function LeadFormDialog({
  open,
  form,
  title,
  description,
  captchaProvider,
  captchaChallengeUrl,
  onSubmit,
  submitLabel,
  busyLabel,
  captchaHint,
}: LeadFormDialogProps) {
  const { values, setValues, captchaToken, formRef, firstFieldRef, captchaRef, close, hintId, idPrefix, busy } = form;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      initialFocusRef={firstFieldRef}
      className="contact-dialog"
    >
      <form
        ref={formRef}
        className="contact-form"
        onSubmit={(event) => {
          void onSubmit(event);
        }}
        aria-busy={busy || undefined}
      >
        <LeadFormFields idPrefix={idPrefix} values={values} setValues={setValues} firstFieldRef={firstFieldRef} />

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
            disabled={busy || !captchaToken}
            aria-describedby={captchaToken ? undefined : hintId}
          >
            {busy ? busyLabel : submitLabel}
          </button>
          {!captchaToken && (
            <p id={hintId} className="contact-form__hint">
              {captchaHint}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
