import { useId, useRef, useState, type SubmitEvent } from 'react';
import { emptyContactForm, HONEYPOT_FIELD, type ContactFormValues } from '@/lib/leads/contact-form';
import type { ContactSubmission } from '@/lib/leads/submit-contact';
import type { CaptchaFieldHandle } from './captcha-field';

/**
 * The state both lead dialogs (contact, whitepaper) keep: the answers, the captcha solution, the
 * busy flag and the refs their form needs, and one submit step that gathers what the checks of
 * spec §5 read (honeypot, time since opening) and runs the dialog's own send.
 */
export function useLeadForm(openedAt: number, onClose: () => void) {
  const idPrefix = useId();
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<CaptchaFieldHandle>(null);

  const close = () => {
    // The widget unmounts with the dialog, so its solution cannot be reused.
    setCaptchaToken(null);
    onClose();
  };

  /** Runs `send` for this submit; `null` when one is already running. */
  const submit = async <T>(
    event: SubmitEvent<HTMLFormElement>,
    send: (submission: ContactSubmission) => Promise<T>,
  ): Promise<T | null> => {
    event.preventDefault();
    if (busy) return null;
    const trap = formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    const honeypot = trap instanceof HTMLInputElement ? trap.value : '';
    setBusy(true);
    const outcome = await send({ values, honeypot, openedAt, now: Date.now(), captchaToken });
    setBusy(false);
    return outcome;
  };

  return {
    idPrefix,
    hintId: `${idPrefix}-submit-hint`,
    values,
    setValues,
    captchaToken,
    setCaptchaToken,
    busy,
    formRef,
    firstFieldRef,
    captchaRef,
    close,
    submit,
  };
}
