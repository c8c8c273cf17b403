import { LeadFormNoscriptNote } from '@/components/lead-capture/contact-dialog-button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { WhitepaperCardGrid } from '@/components/whitepapers/whitepaper-card';
import type { Whitepaper } from '@/data/whitepapers/types';
import { useWhitepaperList } from '@/components/whitepapers/use-whitepaper-list';
import { WhitepaperDownloadButton } from '@/components/whitepapers/whitepaper-download-button';
import { QueryProvider } from '@/lib/query-client';
import { choiceOf, numberOf } from '../block-data';
import type { BlockData } from '../block-schema';
import type { BlockProps } from '../block-registry';
import '@/styles/whitepapers.css';
import './whitepaper-cards-block.css';
import { BlockSection } from './block-section';

/** The schema's `show` options, the default first. */
const SHOW_OPTIONS = ['featured', 'all'] as const;

/** How many cards when the block names no limit (the schema allows 1 to 12). */
export const DEFAULT_WHITEPAPER_LIMIT = 3;

/**
 * The papers the block shows: featured ones only or all, in the list's order (featured first,
 * then newest), at most `limit`.
 */
export function papersToShow(papers: readonly Whitepaper[], data: BlockData): Whitepaper[] {
  const show = choiceOf(data, 'show', SHOW_OPTIONS);
  const limit = Math.min(12, Math.max(1, Math.trunc(numberOf(data, 'limit', DEFAULT_WHITEPAPER_LIMIT))));
  return papers.filter((paper) => show === 'all' || paper.featured).slice(0, limit);
}

/** The section with its cards, once there is something to show; nothing when there is none. */
function WhitepaperCards({ data, blockId }: Pick<BlockProps, 'data' | 'blockId'>) {
  const { data: papers, isPending } = useWhitepaperList();

  // A server-rendered page embeds the list, so this waits only in the browser (the editor's preview).
  const shown = papers ? papersToShow(papers, data) : [];
  if (!isPending && shown.length === 0) return null;

  return (
    <BlockSection
      data={data}
      blockId={blockId}
      className="whitepaper-cards-block"
      leadClassName="whitepaper-cards-block__lead"
    >
      {isPending ? (
        <LoadingBlock label="Loading whitepapers…" />
      ) : (
        <>
          <LeadFormNoscriptNote form="download form" />
          <WhitepaperCardGrid
            papers={shown}
            idPrefix={`${blockId}-paper`}
            titleLevel="h3"
            showFeatured
            action={(paper, paperTitleId) => <WhitepaperDownloadButton paper={paper} titleId={paperTitleId} />}
          />
        </>
      )}
    </BlockSection>
  );
}

/**
 * Whitepapers from the library with the cards and download form of /whitepapers: the featured
 * ones or all, at most `limit` (3 unless set). The server embeds the `whitepapers` resource as
 * it does for /whitepapers, so the cards are in the first HTML; no section at all when none match.
 */
export function WhitepaperCardsBlock({ data, blockId }: BlockProps) {
  return (
    <QueryProvider>
      <WhitepaperCards data={data} blockId={blockId} />
    </QueryProvider>
  );
}
