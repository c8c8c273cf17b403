import { lazy, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { toast } from '@/components/ui/toast';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import type { Whitepaper } from '@/data/whitepapers/types';
import { QueryProvider } from '@/lib/query-client';
import { LeadFormNoscriptNote } from '@/components/contact-dialog/contact-dialog-button';
import { useWhitepapers } from '@/data/whitepapers/use-whitepapers';
import { LoadingBlock } from '@/components/ui/loading-block';
import '@/styles/whitepapers.css';

export const WHITEPAPERS_ERROR_TOAST = { title: 'Error', description: 'Failed to load whitepapers.' };

const loadLeadDialog = () => import('./whitepaper-lead-dialog');
const WhitepaperLeadDialog = lazy(async () => ({ default: (await loadLeadDialog()).WhitepaperLeadDialog }));

function preloadLeadDialog() {
  loadLeadDialog().catch((error: unknown) => {
    console.error('Whitepaper form failed to load:', error);
  });
}

function WhitepaperDownloadButton({ paper, titleId, onDownload }: DownloadButtonProps) {
  return paper.file_path ? (
    <button
      type="button"
      className="button button--primary"
      onClick={onDownload}
      onMouseEnter={preloadLeadDialog}
      onFocus={preloadLeadDialog}
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

interface FormState {
  open: boolean;
  openedAt: number;
  mounted: boolean;
}

/** /whitepapers: the grid; Download PDF and Request Custom Research open the lead form. */
export function WhitepapersPage() {
  return (
    <QueryProvider>
      <Whitepapers />
    </QueryProvider>
  );
}

function Whitepapers() {
  const { data: papers, isPending, isError, error } = useWhitepapers();
  const [form, setForm] = useState<FormState>({ open: false, openedAt: 0, mounted: false });

  useEffect(() => {
    if (!isError) return;
    console.error('Whitepapers failed to load:', error);
    toast({ ...WHITEPAPERS_ERROR_TOAST, variant: 'destructive' });
  }, [isError, error]);

  const openForm = () => {
    setForm({ open: true, openedAt: Date.now(), mounted: true });
  };

  return (
    <>
      <PageHeader
        eyebrow="Resources"
        title="Whitepapers"
        subtitle="Practical guides for HME/DME billing, prior authorization and compliance teams, free to download."
      />
      <section className="section" aria-label="Whitepapers">
        <div className="container">
          {isPending ? (
            <LoadingBlock label="Loading whitepapers…" />
          ) : papers && papers.length > 0 ? (
            <>
              <LeadFormNoscriptNote form="download form" />
              <WhitepaperCardGrid
                papers={papers}
                idPrefix="whitepaper"
                showFeatured
                action={(paper, titleId) => (
                  <WhitepaperDownloadButton paper={paper} titleId={titleId} onDownload={openForm} />
                )}
              />
            </>
          ) : (
            !isError && <p className="whitepapers-empty">No whitepapers yet. Check back soon.</p>
          )}
        </div>
      </section>
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
            onClick={openForm}
            onMouseEnter={preloadLeadDialog}
            onFocus={preloadLeadDialog}
          >
            Request Custom Research
          </button>
          <LeadFormNoscriptNote form="research request form" />
        </div>
      </section>
      {form.mounted && (
        <Suspense fallback={null}>
          <WhitepaperLeadDialog
            open={form.open}
            openedAt={form.openedAt}
            onClose={() => {
              setForm((current) => ({ ...current, open: false }));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
