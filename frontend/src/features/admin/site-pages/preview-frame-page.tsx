import { useEffect, useState } from 'react';
import type { Block } from '@/components/blocks/block-schema';
import { BlockPage } from '@/components/blocks/block-page';
import { PREVIEW_READY, previewFromMessage } from './preview-message';
import './site-pages.css';

/**
 * The editor's live preview, inside its iframe (/admin/site-pages/preview-frame; src/app gives it
 * the site's contact dialog, which #contact actions open). It draws the
 * blocks the editor posts (only from this site's own windows, in the editor's shape) with the
 * site's own components and look, so the preview is the page as visitors will see it. It reads
 * nothing itself: without the editor it stays empty.
 */
export function PreviewFramePage() {
  const [page, setPage] = useState<{ route: string; blocks: Block[] } | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const preview = previewFromMessage(event, window.location.origin);
      if (preview) setPage(preview);
    };
    window.addEventListener('message', onMessage);
    // Loaded after the editor sent its first page: ask for it again.
    if (window.parent !== window) window.parent.postMessage(PREVIEW_READY, window.location.origin);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, []);

  return (
    <div className="site">
      <main className="site-main" aria-label="Page preview" aria-busy={page === null || undefined}>
        {page && page.blocks.length > 0 ? (
          <BlockPage blocks={page.blocks} route={page.route} />
        ) : (
          <p className="block-preview-frame__empty">{page ? 'Add a block to see it here.' : 'Loading the preview…'}</p>
        )}
      </main>
    </div>
  );
}
