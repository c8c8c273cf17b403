import { createContext } from 'react';

/**
 * Opens the whitepaper download form, for /whitepapers and the whitepaper cards block. The form
 * lives in the leads feature, which shared code and other features cannot import, so the public
 * layout provides it (as it provides the contact dialog). Without it (an editor's preview) a
 * card's download button leads to /whitepapers instead.
 */
export interface WhitepaperDownloadApi {
  /** Opens the form and records the opening time. */
  open: () => void;
  /** Starts loading the form's code (call on hover or focus of a download button). */
  preload: () => void;
}

export const WhitepaperDownloadContext = createContext<WhitepaperDownloadApi | null>(null);
