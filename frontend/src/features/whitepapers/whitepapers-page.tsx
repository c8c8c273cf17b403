import { useContext } from 'react';
import { ListingPage } from '@/components/layouts/listing-page';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import { QueryProvider } from '@/lib/query-client';
import { LeadFormNoscriptNote } from '@/components/lead-capture/contact-dialog-button';
import { WhitepaperDownloadContext } from '@/components/lead-capture/whitepaper-download-context';
import { useWhitepaperList } from '@/components/whitepapers/use-whitepaper-list';
import { WhitepaperDownloadButton } from '@/components/whitepapers/whitepaper-download-button';
import { LoadingBlock } from '@/components/ui/loading-block';
import '@/styles/whitepapers.css';

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
        <Whitepapers />
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
function Whitepapers() {
  const { data: papers, isPending, isError } = useWhitepaperList();

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
            action={(paper, titleId) => <WhitepaperDownloadButton paper={paper} titleId={titleId} />}
          />
        </>
      )}
      empty={!isError && <p className="whitepapers-empty">No whitepapers yet. Check back soon.</p>}
    />
  );
}
