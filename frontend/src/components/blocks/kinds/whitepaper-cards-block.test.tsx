import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Whitepaper } from '@/data/whitepapers/types';
import { browserQueryClient } from '@/lib/query-client';
import { RenderProvider } from '@/lib/render-context';
import type { BlockData } from '../block-schema';
import { WhitepaperCardsBlock, papersToShow } from './whitepaper-cards-block';
import {
  WhitepaperDownloadContext,
  type WhitepaperDownloadApi,
} from '@/components/lead-capture/whitepaper-download-context';

function paper(id: string, title: string, featured: boolean, filePath: string | null): Whitepaper {
  return {
    id,
    title,
    description: `${title}: what the payer rules require and how suppliers document it.`,
    category: 'Compliance',
    pages: 12,
    featured,
    file_path: filePath,
    created_at: '2026-05-01T12:00:00Z',
  };
}

// In the list's order: featured first, then newest.
const PAPERS: Whitepaper[] = [
  paper('p1', 'The CPAP Resupply Playbook', true, 'cpap-resupply.pdf'),
  paper('p2', 'Oxygen CMN Checklist', true, null),
  paper('p3', 'Power Mobility Prior Authorization Guide', true, 'pmd-prior-auth.pdf'),
  paper('p4', 'Reading Your Denial Codes', true, 'denial-codes.pdf'),
  paper('p5', 'Competitive Bidding in 2026', false, 'competitive-bidding.pdf'),
];

const ROUTE = '/resources-for-suppliers';

/** The block on a server-rendered page that embedded `papers` as its `whitepapers` resource. */
function renderBlock(data: BlockData, papers: Whitepaper[] | undefined, download: WhitepaperDownloadApi | null = null) {
  return render(
    <MemoryRouter initialEntries={[ROUTE]}>
      <RenderProvider
        pageData={{ path: ROUTE, renderedOn: '2026-06-01', resources: papers ? { whitepapers: papers } : {} }}
      >
        <WhitepaperDownloadContext value={download}>
          <WhitepaperCardsBlock data={data} blockId="papers" route={ROUTE} />
        </WhitepaperDownloadContext>
      </RenderProvider>
    </MemoryRouter>,
  );
}

const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

afterEach(() => {
  browserQueryClient().clear();
});

describe('papersToShow', () => {
  it('takes featured papers (the default) or all, at most the limit (3 by default)', () => {
    expect(papersToShow(PAPERS, {}).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(papersToShow(PAPERS, { show: 'featured', limit: 12 }).map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(papersToShow(PAPERS, { show: 'all', limit: 5 }).map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(papersToShow(PAPERS, { show: 'all', limit: 1 }).map((p) => p.id)).toEqual(['p1']);
  });
});

describe('WhitepaperCardsBlock', () => {
  it("shows the embedded papers with /whitepapers' cards under the section's h2", () => {
    renderBlock(
      { anchor: 'guides', eyebrow: 'Free guides', title: 'Guides for DME billing teams', show: 'all', limit: 4 },
      PAPERS,
    );
    const section = screen.getByRole('region', { name: 'Guides for DME billing teams' });
    expect(section.id).toBe('guides');
    expect(cardTitles()).toEqual([
      'The CPAP Resupply Playbook',
      'Oxygen CMN Checklist',
      'Power Mobility Prior Authorization Guide',
      'Reading Your Denial Codes',
    ]);
    expect(screen.getAllByText('Featured')).toHaveLength(4);
    // A paper without its file yet says so, as on /whitepapers.
    const comingSoon = screen.getByRole<HTMLButtonElement>('button', { name: 'Coming Soon' });
    expect(comingSoon.disabled).toBe(true);
  });

  it('opens the download form from the page, as /whitepapers does', () => {
    const download = { open: vi.fn(), preload: vi.fn() };
    renderBlock({ title: 'Guides', limit: 1 }, PAPERS, download);
    const button = screen.getByRole('button', { name: 'Download PDF' });
    expect(button.getAttribute('aria-describedby')).toBe('papers-paper-p1');
    act(() => {
      fireEvent.focus(button);
      fireEvent.click(button);
    });
    expect(download.preload).toHaveBeenCalled();
    expect(download.open).toHaveBeenCalledTimes(1);
  });

  it('links to /whitepapers where no download form is provided (an editor preview)', () => {
    renderBlock({ title: 'Guides', limit: 1 }, PAPERS);
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe('/whitepapers');
  });

  it('shows nothing at all, not even the heading, when no paper matches', () => {
    const onlyUnfeatured = PAPERS.filter((p) => !p.featured);
    const { container, unmount } = renderBlock({ title: 'Featured guides', show: 'featured' }, onlyUnfeatured);
    expect(container.innerHTML).toBe('');
    unmount();
    browserQueryClient().clear();
    expect(renderBlock({ title: 'Guides', show: 'all' }, []).container.innerHTML).toBe('');
  });
});
