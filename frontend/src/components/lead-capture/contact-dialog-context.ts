import { createContext, useContext } from 'react';

/**
 * Opens the public site's one contact dialog. Buttons anywhere use it; the leads feature
 * provides it (features/leads/contact-dialog-provider.tsx), composed by the public layout.
 */
export interface ContactDialogApi {
  /** Opens the dialog and records the opening time. */
  open: () => void;
  /** Starts loading the dialog code (call on hover or focus of a trigger). */
  preload: () => void;
}

export const ContactDialogContext = createContext<ContactDialogApi | null>(null);

export function useContactDialog(): ContactDialogApi {
  const api = useContext(ContactDialogContext);
  if (!api) throw new Error('useContactDialog must be used inside <ContactDialogProvider>');
  return api;
}
