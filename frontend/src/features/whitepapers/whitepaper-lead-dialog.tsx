import type { SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { runtimeConfig } from '@/config/runtime-config';
import { supabase } from '@/lib/supabase';
import { resolveUrl } from '@/lib/urls';
import { CaptchaField } from '@/components/lead-form/captcha-field';
import { LeadFormFields } from '@/components/lead-form/lead-form-fields';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { emptyContactForm } from '@/lib/leads/contact-form';
import {
  DOWNLOADS_REDIRECT_DELAY_MS,
  LEAD_TICKET_HEADER,
  submitWhitepaperLead,
  type WhitepaperLeadDeps,
} from './whitepaper-submission';
import '@/components/lead-form/lead-form.css';

export const WHITEPAPER_DIALOG_TITLE = 'Access our whitepapers';

const { supabaseUrl, webhookUrl, captchaChallengeUrl, captchaProvider } = runtimeConfig;
const endpoints = {
  webhookUrl: webhookUrl ? resolveUrl(webhookUrl, supabaseUrl) : undefined,
  captchaChallengeUrl: captchaChallengeUrl ? resolveUrl(captchaChallengeUrl, supabaseUrl) : undefined,
};

/**
 * The real backend calls: the anti-spam function and the insert (no read-back: anon cannot read
 * it), which carries the function's single-use lead ticket in a header.
 */
const backend: WhitepaperLeadDeps = {
  antispamCheck: async (body) => {
    const result = await supabase.functions.invoke<unknown>('antispam-check', { body });
    return { data: result.data, error: result.error as unknown };
  },
  insertSubmission: async (row, ticket) => {
    const insert = supabase.from('whitepaper_submissions').insert(row);
    const { error } = await (ticket ? insert.setHeader(LEAD_TICKET_HEADER, ticket) : insert);
    return { error };
  },
  webhookUrl: endpoints.webhookUrl,
};

export interface WhitepaperLeadDialogProps {
  open: boolean;
  /** Epoch ms when the form was opened (the too-fast check measures from here). */
  openedAt: number;
  onClose: () => void;
}

/** The whitepaper lead form (spec §2-§5, §7-§8): on success, redirects to /downloads after 1 s. */
export function WhitepaperLeadDialog({ open, openedAt, onClose }: WhitepaperLeadDialogProps) {
  const navigate = useNavigate();
  const form = useLeadForm(openedAt, onClose);
  const { values, setValues, captchaToken, formRef, firstFieldRef, captchaRef, close, hintId, idPrefix } = form;
  const processing = form.busy;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    const outcome = await form.submit(event, (submission) => submitWhitepaperLead(submission, backend));
    if (!outcome) return;

    if (outcome.kind === 'submitted') {
      toast(outcome.toast);
      setValues(emptyContactForm());
      close();
      window.setTimeout(() => {
        void navigate('/downloads');
      }, DOWNLOADS_REDIRECT_DELAY_MS);
      return;
    }
    toast({ ...outcome.toast, variant: 'destructive' });
    // A used or refused captcha solution cannot be sent again.
    if (outcome.kind !== 'rejected') captchaRef.current?.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={WHITEPAPER_DIALOG_TITLE}
      description={
        <p>
          Tell us a little about your company and your downloads open right away. All fields are
          required.
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
        aria-busy={processing || undefined}
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
          challengeUrl={endpoints.captchaChallengeUrl}
          onChange={form.setCaptchaToken}
        />

        <div className="contact-form__actions">
          <button
            type="submit"
            className="button button--primary button--large contact-form__submit"
            disabled={processing || !captchaToken}
            aria-describedby={captchaToken ? undefined : hintId}
          >
            {processing ? 'Processing...' : 'Access Downloads'}
          </button>
          {!captchaToken && (
            <p id={hintId} className="contact-form__hint">
              Complete the verification above to open your downloads.
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
