import { ContactDialogProvider } from '@/features/leads/contact-dialog-provider';
import { PreviewFramePage } from '@/features/admin/site-pages/preview-frame-page';

/** The block editor's preview frame, with the site's contact dialog (as the public layout has it). */
export function PreviewFrameRoute() {
  return (
    <ContactDialogProvider>
      <PreviewFramePage />
    </ContactDialogProvider>
  );
}
