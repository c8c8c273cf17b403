/**
 * A block page's blocks as stored in block_pages.blocks, read without the schema: what the public
 * page needs to draw them (the schema, block-schema.ts, is the editor's and the database's).
 */
export type BlockData = Record<string, unknown>;

/** One block of a page, as stored in block_pages.blocks. */
export interface Block {
  id: string;
  kind: string;
  data: BlockData;
}

/** A stored page's `blocks` value as blocks, whatever it holds (the database checked it on save). */
export function asBlocks(value: unknown): Block[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, kind, data } = entry as Partial<Record<keyof Block, unknown>>;
    if (typeof id !== 'string' || typeof kind !== 'string' || typeof data !== 'object' || data === null) return [];
    return [{ id, kind, data: data as BlockData }];
  });
}
