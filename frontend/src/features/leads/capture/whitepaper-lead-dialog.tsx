import type { SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { supabase } from '@/lib/supabase';
import { leadEndpoints } from './lead-endpoints';
import { LeadFormDialog } from './lead-form-dialog';
import { useLeadForm } from './use-lead-form';
import { emptyContactForm } from '@/features/leads/submission/contact-form';
import {
  DOWNLOADS_REDIRECT_DELAY_MS,
  LEAD_TICKET_HEADER,
  submitWhitepaperLead,
  type WhitepaperLeadDeps,
} from '@/features/leads/submission/whitepaper-submission';

export const WHITEPAPER_DIALOG_TITLE = 'Access our whitepapers';

const endpoints = leadEndpoints();

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
  const { setValues, captchaRef, close } = form;

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
    <LeadFormDialog
      open={open}
      form={form}
      title={WHITEPAPER_DIALOG_TITLE}
      description={
        <p>Tell us a little about your company and your downloads open right away. All fields are required.</p>
      }
      captchaProvider={endpoints.captchaProvider}
      captchaChallengeUrl={endpoints.captchaChallengeUrl}
      onSubmit={onSubmit}
      submitLabel="Access Downloads"
      busyLabel="Processing..."
      captchaHint="Complete the verification above to open your downloads."
    />
  );
}
