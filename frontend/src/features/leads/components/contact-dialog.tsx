import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import type { CaptchaProvider } from '../../../config/runtime-config';
import {
  CONTACT_FIELDS,
  emptyContactForm,
  HONEYPOT_FIELD,
  type ContactField,
  type ContactFormValues,
} from '../contact-form';
import { submitContactForm } from '../submit-contact';
import { CaptchaField, type CaptchaFieldHandle } from './captcha-field';
import './contact-dialog.css';

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
  const idPrefix = useId();
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const hintId = `${idPrefix}-submit-hint`;

  const close = () => {
    // The widget unmounts with the dialog, so its solution cannot be reused.
    setCaptchaToken(null);
    onClose();
  };

  const onFieldChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as ContactField;
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const trap = formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    const honeypot = trap instanceof HTMLInputElement ? trap.value : '';

    setSending(true);
    const outcome = await submitContactForm(
      { values, honeypot, openedAt, now: Date.now(), captchaToken },
      { webhookUrl },
    );
    setSending(false);

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
        <div className="contact-form__grid">
          {CONTACT_FIELDS.map((field, index) => {
            const id = `${idPrefix}-${field.name}`;
            const className = field.half ? 'field field--half' : 'field';
            return (
              <div key={field.name} className={className}>
                <label htmlFor={id} className="field__label">
                  {field.label}
                </label>
                {field.type === 'textarea' ? (
                  <textarea
                    id={id}
                    name={field.name}
                    className="field__control field__control--multiline"
                    rows={3}
                    required
                    placeholder={field.placeholder}
                    value={values[field.name]}
                    onChange={onFieldChange}
                  />
                ) : (
                  <input
                    ref={index === 0 ? firstFieldRef : undefined}
                    id={id}
                    name={field.name}
                    type={field.type}
                    className="field__control"
                    required
                    autoComplete={field.autoComplete}
                    placeholder={field.placeholder}
                    value={values[field.name]}
                    onChange={onFieldChange}
                  />
                )}
              </div>
            );
          })}
        </div>

        {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input
            id={`${idPrefix}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <CaptchaField
          ref={captchaRef}
          provider={captchaProvider}
          challengeUrl={captchaChallengeUrl}
          onChange={setCaptchaToken}
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
