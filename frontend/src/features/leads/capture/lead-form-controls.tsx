import type { CaptchaProvider } from '@/config/runtime-config';
import { CaptchaField } from './captcha-field';
import { LeadFormFields } from './lead-form-fields';
import type { useLeadForm } from './use-lead-form';

export interface LeadFormControlsProps {
  /** The form's state (useLeadForm). */
  form: ReturnType<typeof useLeadForm>;
  captchaProvider: CaptchaProvider;
  captchaChallengeUrl: string | undefined;
  /** Load the captcha widget only when the form nears the viewport (a form on the page itself). */
  captchaWhenNear?: boolean;
  /** The submit button's text, and its text while the form is sending. */
  submitLabel: string;
  busyLabel: string;
  /** Under the button until the captcha is solved. */
  captchaHint: string;
}

/**
 * What every lead form shows inside its `<form>`: the contact fields, the captcha and the submit
 * button, which stays disabled until the captcha is solved (the hint under it says so).
 */
export function LeadFormControls({
  form,
  captchaProvider,
  captchaChallengeUrl,
  captchaWhenNear = false,
  submitLabel,
  busyLabel,
  captchaHint,
}: LeadFormControlsProps) {
  const { values, setValues, captchaToken, firstFieldRef, captchaRef, hintId, idPrefix, busy } = form;
  return (
    <>
      <LeadFormFields idPrefix={idPrefix} values={values} setValues={setValues} firstFieldRef={firstFieldRef} />

      <CaptchaField
        ref={captchaRef}
        provider={captchaProvider}
        challengeUrl={captchaChallengeUrl}
        onChange={form.setCaptchaToken}
        loadWhenNear={captchaWhenNear}
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
    </>
  );
}
