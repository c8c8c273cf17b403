import type { SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { CaptchaProvider } from '@/config/runtime-config';
import { emptyContactForm } from '@/features/leads/submission/contact-form';
import { submitContactForm } from '@/features/leads/submission/submit-contact';
import { LeadFormDialog } from './lead-form-dialog';
import { useLeadForm } from './use-lead-form';

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
  const { setValues, captchaRef, close } = form;

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
    <LeadFormDialog
      open={open}
      form={form}
      title={CONTACT_DIALOG_TITLE}
      description={
        <p>
          Tell us about your company and where billing hurts. A DME revenue-cycle specialist will reply within 24 hours.
          All fields are required.
        </p>
      }
      captchaProvider={captchaProvider}
      captchaChallengeUrl={captchaChallengeUrl}
      onSubmit={onSubmit}
      submitLabel="Let's Connect"
      busyLabel="Connecting..."
      captchaHint="Complete the verification above to send your message."
    />
  );
}
