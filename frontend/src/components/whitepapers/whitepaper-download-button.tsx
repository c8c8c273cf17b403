import { useContext } from 'react';
import { Link } from 'react-router';
import { WhitepaperDownloadContext } from '@/components/lead-capture/whitepaper-download-context';
import type { Whitepaper } from '@/data/whitepapers/types';

interface WhitepaperDownloadButtonProps {
  paper: Whitepaper;
  /** The card title's id, which the button is described by. */
  titleId: string;
}

/**
 * A whitepaper card's action: Download PDF opens the download form (loading its code on hover or
 * focus); a paper without its file yet is Coming Soon. Where no form is provided (an editor's
 * preview) Download PDF leads to /whitepapers.
 */
export function WhitepaperDownloadButton({ paper, titleId }: WhitepaperDownloadButtonProps) {
  const download = useContext(WhitepaperDownloadContext);
  if (!paper.file_path) {
    return (
      <button type="button" className="button button--secondary" disabled aria-describedby={titleId}>
        Coming Soon
      </button>
    );
  }
  if (!download) {
    return (
      <Link to="/whitepapers" className="button button--primary" aria-describedby={titleId}>
        Download PDF
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={download.open}
      onMouseEnter={download.preload}
      onFocus={download.preload}
      aria-describedby={titleId}
    >
      Download PDF
    </button>
  );
}
