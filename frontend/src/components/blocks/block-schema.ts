import schemaDocument from './block-schemas.json';

/**
 * The block kinds of block pages as block-schemas.json describes them. The same document is the
 * database's (private.block_schema()), so the editor and the database refuse the same blocks.
 */
interface FieldBase {
  label: string;
  help?: string;
  required?: boolean;
}

export type FieldSchema =
  | (FieldBase & { type: 'text'; max: number; multiline?: boolean })
  | (FieldBase & { type: 'richtext'; max: number })
  | (FieldBase & { type: 'link' })
  | (FieldBase & { type: 'image' })
  | (FieldBase & { type: 'choice'; options: string[] })
  | (FieldBase & { type: 'boolean' })
  | (FieldBase & { type: 'number'; min: number; max: number })
  | (FieldBase & { type: 'anchor' })
  | (FieldBase & { type: 'list'; max: number; min?: number; item: FieldSchema })
  | (FieldBase & { type: 'list'; max: number; min?: number; fields: Record<string, FieldSchema> });

export type FieldType = FieldSchema['type'];

export interface KindSchema {
  label: string;
  /** "campaign": blocks for new pages; "section": the site's own page sections. */
  group: 'campaign' | 'section';
  description: string;
  fields: Record<string, FieldSchema>;
}

export interface BlockSchemaDocument {
  maxBlocks: number;
  kinds: Record<string, KindSchema>;
}

export const BLOCK_SCHEMA = schemaDocument as unknown as BlockSchemaDocument;

export type { Block, BlockData } from './block';

/** The kind's schema, or undefined for a kind this code does not know (an old or a newer block). */
export function kindSchema(kind: string): KindSchema | undefined {
  return Object.hasOwn(BLOCK_SCHEMA.kinds, kind) ? BLOCK_SCHEMA.kinds[kind] : undefined;
}

/** A list field's items are objects of fields (else scalars of `item`). */
export function isObjectList(
  field: FieldSchema,
): field is FieldBase & { type: 'list'; max: number; min?: number; fields: Record<string, FieldSchema> } {
  return field.type === 'list' && 'fields' in field;
}
