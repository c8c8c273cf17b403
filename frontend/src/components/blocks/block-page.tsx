import { Suspense } from 'react';
import { asBlocks } from './block';
import { blockComponent } from './block-registry';

interface BlockPageProps {
  /** The page's stored `blocks` value. */
  blocks: unknown;
  route: string;
}

/**
 * A block page's sections in order. A block of a kind this code does not know (removed since
 * the page was saved, or newer than this build) is skipped: the rest of the page still shows.
 */
export function BlockPage({ blocks, route }: BlockPageProps) {
  return (
    <Suspense fallback={null}>
      {asBlocks(blocks).map((block) => {
        const Component = blockComponent(block.kind);
        return Component ? <Component key={block.id} data={block.data} blockId={block.id} route={route} /> : null;
      })}
    </Suspense>
  );
}
