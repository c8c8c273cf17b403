import { useMemo, type ReactNode } from 'react';
import { lazyLeadDialog, useLeadDialog } from '@/components/lead-form/lazy-lead-dialog';
import {
  WhitepaperDownloadContext,
  type WhitepaperDownloadApi,
} from '@/components/blocks/kinds/whitepaper-download-context';

/** The whitepaper download form, loaded on first use (also opened by /whitepapers itself). */
export const whitepaperLeadDialog = lazyLeadDialog(
  async () => (await import('./whitepaper-lead-dialog')).WhitepaperLeadDialog,
  'Whitepaper form',
);

/**
 * Hosts the whitepaper download form for the whitepaper cards of block pages (the form of
 * /whitepapers; its code loads on first use).
 */
export function WhitepaperDownloadProvider({ children }: { children: ReactNode }) {
  const dialog = useLeadDialog(whitepaperLeadDialog, {});
  const api = useMemo<WhitepaperDownloadApi>(
    () => ({ open: dialog.open, preload: whitepaperLeadDialog.preload }),
    [dialog.open],
  );
  return (
    <WhitepaperDownloadContext value={api}>
      {children}
      {dialog.element}
    </WhitepaperDownloadContext>
  );
}
