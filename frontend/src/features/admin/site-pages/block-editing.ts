import type { Block, BlockData, FieldSchema, KindSchema } from '@/components/blocks/block-schema';
import { BLOCK_SCHEMA } from '@/components/blocks/block-schema';

/**
 * The editor's changes to a page's blocks, each a new array (React state): add, move, duplicate,
 * remove, and the values a field or list item starts from.
 */

/** A block id unused on the page: "b" and eight random letters and digits (the database allows 1-40). */
export function newBlockId(taken: ReadonlySet<string>, random: () => number = Math.random): string {
  for (;;) {
    let id = 'b';
    for (let i = 0; i < 8; i += 1) id += Math.floor(random() * 36).toString(36);
    if (!taken.has(id)) return id;
  }
}

const idsOf = (blocks: readonly Block[]) => new Set(blocks.map((block) => block.id));

/** A new block of `kind` at `index` (the end when omitted), its data empty but for lists' minimum items. */
export function addBlock(blocks: readonly Block[], kind: string, index = blocks.length): Block[] {
  const schema = BLOCK_SCHEMA.kinds[kind];
  const block: Block = { id: newBlockId(idsOf(blocks)), kind, data: schema ? emptyData(schema.fields) : {} };
  return [...blocks.slice(0, index), block, ...blocks.slice(index)];
}

/** The block at `from` moved to `to` (clamped to the page); the same blocks when nothing moves. */
export function moveBlock<T>(blocks: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(blocks.length - 1, to));
  if (from === target || from < 0 || from >= blocks.length) return [...blocks];
  const next = [...blocks];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** A copy of the block at `index` under a new id, right after it. */
export function duplicateBlock(blocks: readonly Block[], index: number): Block[] {
  const original = blocks[index];
  if (!original) return [...blocks];
  const copy: Block = { ...original, id: newBlockId(idsOf(blocks)), data: structuredClone(original.data) };
  return [...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)];
}

/** The page without the block at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}

/** The block at `index` with `data` as its data. */
export function replaceData(blocks: readonly Block[], index: number, data: BlockData): Block[] {
  return blocks.map((block, at) => (at === index ? { ...block, data } : block));
}

/**
 * `data` with `field` set to `value`; `undefined` removes it (absent is "not given": the schema's
 * default, and no key the database would have to check).
 */
export function withField(data: BlockData, field: string, value: unknown): BlockData {
  if (value !== undefined) return { ...data, [field]: value };
  return Object.fromEntries(Object.entries(data).filter(([key]) => key !== field));
}

/** A new block's or list item's fields: only lists with a minimum get their first items. */
export function emptyData(fields: KindSchema['fields']): BlockData {
  const data: BlockData = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.type === 'list' && field.min) {
      data[name] = Array.from({ length: field.min }, () => emptyItem(field));
    }
  }
  return data;
}

/** What a new item of a list starts as: an object of its fields, or an empty value of its item. */
export function emptyItem(list: FieldSchema): unknown {
  if (list.type !== 'list') return undefined;
  if ('fields' in list) return emptyData(list.fields);
  return emptyValue(list.item);
}

/** An empty value of a scalar field (a list's item): blank text, false, the minimum, the first option. */
function emptyValue(field: FieldSchema): unknown {
  switch (field.type) {
    case 'boolean':
      return false;
    case 'number':
      return field.min;
    case 'choice':
      return field.options[0];
    case 'image':
      return { src: '', alt: '' };
    case 'list':
      return [];
    default:
      return '';
  }
}

/** The campaign kinds and the site's section kinds, each in the schema's order, for the add menu. */
export function kindsByGroup(): { group: KindSchema['group']; title: string; kinds: [string, KindSchema][] }[] {
  const entries = Object.entries(BLOCK_SCHEMA.kinds);
  return [
    { group: 'campaign', title: 'Campaign blocks' },
    { group: 'section', title: 'Site sections' },
  ].map(({ group, title }) => ({
    group: group as KindSchema['group'],
    title,
    kinds: entries.filter(([, schema]) => schema.group === group),
  }));
}

/**
 * Whether the editor shows a field: the hero's image only once its picture is "An image" (an
 * image already given stays shown, so nothing stored is hidden). Every other field always shows.
 */
export function fieldShown(kind: string, name: string, data: BlockData): boolean {
  if (kind === 'hero' && name === 'image') return data.visual === 'image' || data.image != null;
  return true;
}
