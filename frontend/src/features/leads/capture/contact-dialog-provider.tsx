import { useMemo, useState, type ReactNode } from 'react';
import { ContactDialogContext, type ContactDialogApi } from '@/components/lead-capture/contact-dialog-context';
import { lazyLeadDialog, useLeadDialog } from './lazy-lead-dialog';
import { leadEndpoints } from './lead-endpoints';

const contactDialog = lazyLeadDialog<ReturnType<typeof leadEndpoints>>(
  async () => (await import('./contact-dialog')).ContactDialog,
  'Contact dialog',
);

/** Hosts the one contact dialog of the public site; its code loads on first use. */
export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [endpoints] = useState(leadEndpoints);
  const dialog = useLeadDialog(contactDialog, endpoints);
  const api = useMemo<ContactDialogApi>(() => ({ open: dialog.open, preload: contactDialog.preload }), [dialog.open]);

  return (
    <ContactDialogContext value={api}>
      {children}
      {dialog.element}
    </ContactDialogContext>
  );
}
