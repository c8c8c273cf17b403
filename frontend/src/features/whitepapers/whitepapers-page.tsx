import { useEffect } from 'react';
import { ListingPage } from '@/components/layouts/listing-page';
import { useLeadDialog } from '@/components/lead-form/lazy-lead-dialog';
import { toast } from '@/components/ui/toast';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import type { Whitepaper } from '@/data/whitepapers/types';
import { QueryProvider } from '@/lib/query-client';
import { LeadFormNoscriptNote } from '@/components/contact-dialog/contact-dialog-button';
import { useWhitepapers } from '@/data/whitepapers/use-whitepapers';
import { LoadingBlock } from '@/components/ui/loading-block';
import { whitepaperLeadDialog } from './whitepaper-download-provider';
import '@/styles/whitepapers.css';

export const WHITEPAPERS_ERROR_TOAST = { title: 'Error', description: 'Failed to load whitepapers.' };

function WhitepaperDownloadButton({ paper, titleId, onDownload }: DownloadButtonProps) {
  return paper.file_path ? (
    <button
      type="button"
      className="button button--primary"
      onClick={onDownload}
      onMouseEnter={whitepaperLeadDialog.preload}
      onFocus={whitepaperLeadDialog.preload}
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
  onDownload: () => void;
}

/** /whitepapers: the grid; Download PDF and Request Custom Research open the lead form. */
export function WhitepapersPage() {
  const dialog = useLeadDialog(whitepaperLeadDialog, {});

  return (
    <>
      <QueryProvider>
        <Whitepapers onDownload={dialog.open} />
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
            onClick={dialog.open}
            onMouseEnter={whitepaperLeadDialog.preload}
            onFocus={whitepaperLeadDialog.preload}
          >
            Request Custom Research
          </button>
          <LeadFormNoscriptNote form="research request form" />
        </div>
      </section>
      {dialog.element}
    </>
  );
}

/** The header and the whitepaper grid (the part that loads data). */
function Whitepapers({ onDownload }: { onDownload: () => void }) {
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
              <WhitepaperDownloadButton paper={paper} titleId={titleId} onDownload={onDownload} />
            )}
          />
        </>
      )}
      empty={!isError && <p className="whitepapers-empty">No whitepapers yet. Check back soon.</p>}
    />
  );
}
