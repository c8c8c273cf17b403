import { useMemo, type ReactNode } from 'react';
import { lazyLeadDialog, useLeadDialog } from './lazy-lead-dialog';
import {
  WhitepaperDownloadContext,
  type WhitepaperDownloadApi,
} from '@/components/lead-capture/whitepaper-download-context';

/** The whitepaper download form, loaded on first use. */
const whitepaperLeadDialog = lazyLeadDialog(
  async () => (await import('./whitepaper-lead-dialog')).WhitepaperLeadDialog,
  'Whitepaper form',
);

/** Hosts the whitepaper download form for /whitepapers and block pages' whitepaper cards. */
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
