import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ListingPage } from '@/components/layouts/listing-page';
import { CheckCircleIcon } from '@/components/ui/icons';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import { toast } from '@/components/ui/toast';
import type { Whitepaper } from '@/data/whitepapers/types';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { useWhitepapers } from '@/data/whitepapers/use-whitepapers';
import { LoadingBlock } from '@/components/ui/loading-block';
import { NoPublicUrlError, pdfFileName, saveFromUrl } from './download-file';
import { fileExistsQuery, WHITEPAPER_FILES_RESOURCE, WHITEPAPERS_BUCKET } from '@/data/whitepapers/file-exists-query';
import '@/styles/whitepapers.css';
import './downloads.css';

export const DOWNLOAD_NO_URL_TOAST = {
  title: 'Download Error',
  description: 'Unable to download the whitepaper. Please try again',
};
export const DOWNLOAD_FAILED_TOAST = {
  title: 'Download Error',
  description: 'An unexpected error occurred during download.',
};

async function downloadWhitepaper(paper: Whitepaper & { file_path: string }) {
  const { supabase } = await import('@/lib/supabase');
  const { data } = supabase.storage.from(WHITEPAPERS_BUCKET).getPublicUrl(paper.file_path);
  if (!data.publicUrl) throw new NoPublicUrlError(paper.file_path);
  await saveFromUrl(data.publicUrl, pdfFileName(paper.title));
}

function DownloadButton({ paper, titleId }: { paper: Whitepaper; titleId: string }) {
  const filePath = paper.file_path;
  const embedded = useInitialResource(WHITEPAPER_FILES_RESOURCE) as Record<string, boolean> | undefined;
  const exists = useQuery({
    ...fileExistsQuery(filePath ?? ''),
    enabled: Boolean(filePath),
    initialData: () => (filePath ? embedded?.[filePath] : undefined),
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (exists.isError) console.error('Whitepaper file check failed:', exists.error);
  }, [exists.isError, exists.error]);

  if (!filePath) {
    return (
      <button type="button" className="button button--secondary" disabled aria-describedby={titleId}>
        No File Specified
      </button>
    );
  }
  if (exists.isPending) {
    return (
      <button type="button" className="button button--primary" disabled aria-describedby={titleId}>
        Checking file…
      </button>
    );
  }
  if (!exists.data) {
    return (
      <button type="button" className="button button--secondary" disabled aria-describedby={titleId}>
        File Not Available
      </button>
    );
  }

  const onClick = async () => {
    setBusy(true);
    try {
      await downloadWhitepaper({ ...paper, file_path: filePath });
      toast({ title: 'Download Started', description: `${paper.title} is downloading.` });
    } catch (error) {
      console.error('Whitepaper download failed:', error);
      toast({
        ...(error instanceof NoPublicUrlError ? DOWNLOAD_NO_URL_TOAST : DOWNLOAD_FAILED_TOAST),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button button--primary"
      disabled={busy}
      aria-describedby={titleId}
      onClick={() => {
        void onClick();
      }}
    >
      Download PDF
    </button>
  );
}

function Downloads() {
  const { data: papers, isPending, isError, error } = useWhitepapers();

  useEffect(() => {
    if (isError) console.error('Whitepapers failed to load:', error);
  }, [isError, error]);

  return (
    <ListingPage
      eyebrow="Resources"
      title="Your downloads"
      subtitle="Every ClaimBridge whitepaper, ready to save as a PDF."
      label="Downloads"
      intro={
        <div className="downloads-banner" role="status">
          <CheckCircleIcon size={28} />
          <div>
            <h2 className="downloads-banner__title">Thank you for your interest!</h2>
            <p className="downloads-banner__text">
              Your information was received. Download any whitepaper below; a ClaimBridge specialist will follow up
              within 24 hours.
            </p>
          </div>
        </div>
      }
      items={papers}
      isPending={isPending}
      loading={<LoadingBlock label="Loading whitepapers…" />}
      list={(items) => (
        <WhitepaperCardGrid
          papers={items}
          idPrefix="download"
          action={(paper, titleId) => <DownloadButton paper={paper} titleId={titleId} />}
        />
      )}
      empty={
        <div className="downloads-empty">
          <h2 className="downloads-empty__title">No Whitepapers Available</h2>
          <p>New whitepapers are on the way. Please check back soon.</p>
        </div>
      }
    />
  );
}

/** /downloads: the thank-you banner and every whitepaper with its download. */
export const DownloadsPage = withQueryProvider(Downloads);
