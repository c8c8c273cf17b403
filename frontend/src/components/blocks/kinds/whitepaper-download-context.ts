import { createContext } from 'react';

/**
 * Opens the whitepaper download form (the lead dialog /whitepapers opens), for the whitepaper
 * cards block. The form lives in the whitepapers feature, which shared code cannot import, so
 * the page that shows blocks provides it (as the public layout provides the contact dialog).
 * Without it (an editor's preview) a card's download button leads to /whitepapers instead.
 */
export interface WhitepaperDownloadApi {
  /** Opens the form and records the opening time. */
  open: () => void;
  /** Starts loading the form's code (call on hover or focus of a download button). */
  preload: () => void;
}

export const WhitepaperDownloadContext = createContext<WhitepaperDownloadApi | null>(null);
