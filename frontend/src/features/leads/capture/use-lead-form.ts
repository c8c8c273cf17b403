import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  CONTACT_FIELDS,
  emptyContactForm,
  HONEYPOT_FIELD,
  type ContactFormValues,
} from '@/features/leads/submission/contact-form';
import type { ContactSubmission } from '@/features/leads/submission/submit-contact';
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

  // A form the server rendered can be typed into before the app's code arrives; hydrating keeps
  // that text on screen but not in state, so it is taken into state once, as the form mounts.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = typedBeforeHydration(form);
    if (typed) setValues((current) => ({ ...current, ...typed }));
  }, []);

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

/** The fields of `form` that hold text (typed before the app ran), or null when none does. */
function typedBeforeHydration(form: HTMLFormElement): Partial<ContactFormValues> | null {
  const typed: Partial<ContactFormValues> = {};
  let any = false;
  for (const { name } of CONTACT_FIELDS) {
    const field = form.elements.namedItem(name);
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== '') {
      typed[name] = field.value;
      any = true;
    }
  }
  return any ? typed : null;
}
