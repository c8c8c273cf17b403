import { useContext, useEffect } from 'react';
import { ListingPage } from '@/components/layouts/listing-page';
import { toast } from '@/components/ui/toast';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import type { Whitepaper } from '@/data/whitepapers/types';
import { QueryProvider } from '@/lib/query-client';
import { LeadFormNoscriptNote } from '@/components/lead-capture/contact-dialog-button';
import {
  WhitepaperDownloadContext,
  type WhitepaperDownloadApi,
} from '@/components/lead-capture/whitepaper-download-context';
import { useWhitepapers } from '@/data/whitepapers/use-whitepapers';
import { LoadingBlock } from '@/components/ui/loading-block';
import '@/styles/whitepapers.css';

export const WHITEPAPERS_ERROR_TOAST = { title: 'Error', description: 'Failed to load whitepapers.' };

function WhitepaperDownloadButton({ paper, titleId, download }: DownloadButtonProps) {
  return paper.file_path ? (
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
  ) : (
    <button type="button" className="button button--secondary" disabled aria-describedby={titleId}>
      Coming Soon
    </button>
  );
}

interface DownloadButtonProps {
  paper: Whitepaper;
  titleId: string;
  download: WhitepaperDownloadApi;
}

/**
 * /whitepapers: the grid; Download PDF and Request Custom Research open the download form, which
 * the public layout hosts.
 */
export function WhitepapersPage() {
  const download = useContext(WhitepaperDownloadContext);
  if (!download) throw new Error('WhitepapersPage must be used inside <WhitepaperDownloadProvider>');

  return (
    <>
      <QueryProvider>
        <Whitepapers download={download} />
      </QueryProvider>
      <section className="section section--surface" aria-labelledby="custom-research-title">
        <div className="container custom-research">
          <h2 id="custom-research-title" className="section__title">
            Request Custom Research
          </h2>
          <p className="section__lead">
            Need numbers for your own payer mix, product lines or region? Our analysts prepare custom benchmarks and
            reports for HME/DME suppliers.
          </p>
          <button
            type="button"
            className="button button--primary button--large"
            onClick={download.open}
            onMouseEnter={download.preload}
            onFocus={download.preload}
          >
            Request Custom Research
          </button>
          <LeadFormNoscriptNote form="research request form" />
        </div>
      </section>
    </>
  );
}

/** The header and the whitepaper grid (the part that loads data). */
function Whitepapers({ download }: { download: WhitepaperDownloadApi }) {
  const { data: papers, isPending, isError, error } = useWhitepapers();

  useEffect(() => {
    if (!isError) return;
    console.error('Whitepapers failed to load:', error);
    toast({ ...WHITEPAPERS_ERROR_TOAST, variant: 'destructive' });
  }, [isError, error]);

  return (
    <ListingPage
      eyebrow="Resources"
      title="Whitepapers"
      subtitle="Practical guides for HME/DME billing, prior authorization and compliance teams, free to download."
      label="Whitepapers"
      items={papers}
      isPending={isPending}
      loading={<LoadingBlock label="Loading whitepapers…" />}
      list={(items) => (
        <>
          <LeadFormNoscriptNote form="download form" />
          <WhitepaperCardGrid
            papers={items}
            idPrefix="whitepaper"
            showFeatured
            action={(paper, titleId) => (
              <WhitepaperDownloadButton paper={paper} titleId={titleId} download={download} />
            )}
          />
        </>
      )}
      empty={!isError && <p className="whitepapers-empty">No whitepapers yet. Check back soon.</p>}
    />
  );
}
