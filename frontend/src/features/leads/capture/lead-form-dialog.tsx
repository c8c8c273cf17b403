import type { ReactNode, SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { CaptchaProvider } from '@/config/runtime-config';
import { LeadFormControls } from './lead-form-controls';
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
  const { formRef, firstFieldRef, close, busy } = form;
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
        <LeadFormControls
          form={form}
          captchaProvider={captchaProvider}
          captchaChallengeUrl={captchaChallengeUrl}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          captchaHint={captchaHint}
        />
      </form>
    </Dialog>
  );
}
