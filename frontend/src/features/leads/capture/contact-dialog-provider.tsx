import { useMemo, useState, type ReactNode } from 'react';
import { ContactDialogContext, type ContactDialogApi } from '@/components/lead-capture/contact-dialog-context';
import { lazyLeadDialog, useLeadDialog } from './lazy-lead-dialog';
import { runtimeConfig } from '@/config/runtime-config';
import { resolveUrl } from '@/lib/urls';

/** Endpoints from the runtime configuration, resolved against the Supabase URL. */
function contactEndpoints() {
  const { supabaseUrl, webhookUrl, captchaChallengeUrl, captchaProvider } = runtimeConfig;
  return {
    webhookUrl: webhookUrl ? resolveUrl(webhookUrl, supabaseUrl) : undefined,
    captchaChallengeUrl: captchaChallengeUrl ? resolveUrl(captchaChallengeUrl, supabaseUrl) : undefined,
    captchaProvider,
  };
}

const contactDialog = lazyLeadDialog<ReturnType<typeof contactEndpoints>>(
  async () => (await import('./contact-dialog')).ContactDialog,
  'Contact dialog',
);

/** Hosts the one contact dialog of the public site; its code loads on first use. */
export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [endpoints] = useState(contactEndpoints);
  const dialog = useLeadDialog(contactDialog, endpoints);
  const api = useMemo<ContactDialogApi>(() => ({ open: dialog.open, preload: contactDialog.preload }), [dialog.open]);

  return (
    <ContactDialogContext value={api}>
      {children}
      {dialog.element}
    </ContactDialogContext>
  );
}
