import type { ReactNode } from 'react';
import { ContactDialogProvider } from './contact-dialog-provider';
import { InlineLeadFormProvider } from './inline-lead-form-provider';
import { WhitepaperDownloadProvider } from './whitepaper-download-provider';

/**
 * Every way the public site captures a lead, for shared code to use through its contexts
 * (components/lead-capture): the contact dialog, the whitepaper download form and the lead form
 * blocks' inline form.
 */
export function LeadCaptureProvider({ children }: { children: ReactNode }) {
  return (
    <ContactDialogProvider>
      <WhitepaperDownloadProvider>
        <InlineLeadFormProvider>{children}</InlineLeadFormProvider>
      </WhitepaperDownloadProvider>
    </ContactDialogProvider>
  );
}
