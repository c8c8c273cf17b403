import { ContactDialogProvider } from '@/features/leads/capture/contact-dialog-provider';
import { InlineLeadFormProvider } from '@/features/leads/capture/inline-lead-form-provider';
import { PreviewFramePage } from '@/features/admin/site-pages/preview-frame-page';

/**
 * The block editor's preview frame, with the site's contact dialog and lead form blocks' form (as
 * the public layout has them); whitepaper cards link to /whitepapers instead of opening its form.
 */
export function PreviewFrameRoute() {
  return (
    <ContactDialogProvider>
      <InlineLeadFormProvider>
        <PreviewFramePage />
      </InlineLeadFormProvider>
    </ContactDialogProvider>
  );
}
