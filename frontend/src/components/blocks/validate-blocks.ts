import { BLOCK_LINK } from './block-data';
import { BLOCK_SCHEMA, isObjectList, kindSchema, type FieldSchema } from './block-schema';

/**
 * The checks of a page's blocks, with the database's wording (supabase/migrations/
 * 20261206000900_block_pages.sql raises the first of the same problems; block-vectors.json pins
 * the two). The editor shows every problem at its block and field.
 */
export interface BlockProblem {
  /** The block's 1-based position; 0 for the page's list itself. */
  block: number;
  kind: string | null;
  /** The field's path (`cards[2].title`), or null for the block itself. */
  field: string | null;
  message: string;
}

const BLOCK_ID = /^[A-Za-z0-9_-]{1,40}$/;
const ANCHOR = /^[a-z][a-z0-9-]{0,59}$/;
const IMAGE_SRC =
  /^(\/images\/[A-Za-z0-9._~/-]+|\/storage\/v1\/object\/public\/[A-Za-z0-9._~/%-]+|https:\/\/[^\s\\]+)$/;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters other than the line feed
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/;
const MAX_LINK = 2000;
const MAX_ALT = 300;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Characters as the database counts them (code points: a surrogate pair is one). */
const length = (text: string) => text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/** Problems of one value against its field (`push` receives path + problem). */
function checkField(field: FieldSchema, value: unknown, path: string, push: (text: string) => void): void {
  if (value === undefined || value === null) {
    if (field.required) push(`${path} is required`);
    return;
  }
  switch (field.type) {
    case 'text':
    case 'richtext': {
      if (typeof value !== 'string') {
        push(`${path} must be text`);
        return;
      }
      if (field.required && value.trim() === '') {
        push(`${path} is required`);
        return;
      }
      if (length(value) > field.max) {
        push(`${path} must be at most ${String(field.max)} characters`);
        return;
      }
      const control = field.type === 'text' && !field.multiline ? CONTROL : CONTROL_BUT_NEWLINE;
      if (field.type === 'text' && control.test(value)) push(`${path} must not contain control characters`);
      return;
    }
    case 'link':
      // Given means a link: an empty one is left out of the data, not stored.
      if (typeof value !== 'string') {
        push(`${path} must be text`);
        return;
      }
      if (length(value) > MAX_LINK) {
        push(`${path} must be at most ${String(MAX_LINK)} characters`);
        return;
      }
      if (!BLOCK_LINK.test(value)) {
        push(`${path} must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:`);
      }
      return;
    case 'image':
      checkImage(value, path, push);
      return;
    case 'choice':
      if (typeof value !== 'string' || !field.options.includes(value)) {
        push(`${path} must be one of: ${field.options.join(', ')}`);
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean') push(`${path} must be true or false`);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < field.min || value > field.max) {
        push(`${path} must be a whole number from ${String(field.min)} to ${String(field.max)}`);
      }
      return;
    case 'anchor':
      if (typeof value !== 'string' || !ANCHOR.test(value)) {
        push(`${path} must be lowercase letters, digits and hyphens, starting with a letter`);
      }
      return;
    case 'list':
      checkList(field, value, path, push);
      return;
  }
}

function checkImage(value: unknown, path: string, push: (text: string) => void): void {
  if (!isObject(value)) {
    push(`${path} must be an image (src and alt)`);
    return;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'src' && key !== 'alt') {
      push(`${path}.${key} is not a field`);
      return;
    }
  }
  const { src, alt } = value;
  if (src === undefined || src === null || (typeof src === 'string' && src.trim() === '')) {
    push(`${path}.src is required`);
    return;
  }
  if (typeof src !== 'string') {
    push(`${path}.src must be text`);
    return;
  }
  if (length(src) > MAX_LINK || !IMAGE_SRC.test(src) || src.includes('..')) {
    push(`${path}.src must be an image under /images/ or /storage/v1/object/public/, or an https:// URL`);
    return;
  }
  if (alt === undefined || alt === null || (typeof alt === 'string' && alt.trim() === '')) {
    push(`${path}.alt is required`);
    return;
  }
  if (typeof alt !== 'string') {
    push(`${path}.alt must be text`);
    return;
  }
  if (length(alt) > MAX_ALT) {
    push(`${path}.alt must be at most ${String(MAX_ALT)} characters`);
    return;
  }
  if (CONTROL.test(alt)) push(`${path}.alt must not contain control characters`);
}

function checkList(field: FieldSchema & { type: 'list' }, value: unknown, path: string, push: (text: string) => void) {
  if (!Array.isArray(value)) {
    push(`${path} must be a list`);
    return;
  }
  if (value.length > field.max) {
    push(`${path} must have at most ${String(field.max)} items`);
    return;
  }
  const min = field.min ?? 0;
  if (value.length < min) {
    push(`${path} must have at least ${String(min)} item${min > 1 ? 's' : ''}`);
    return;
  }
  value.forEach((item: unknown, index) => {
    const itemPath = `${path}[${String(index + 1)}]`;
    if (isObjectList(field)) {
      if (!isObject(item)) {
        push(`${itemPath} must be an object`);
        return;
      }
      checkFields(field.fields, item, `${itemPath}.`, push);
    } else {
      checkField({ ...field.item, required: true }, item, itemPath, push);
    }
  });
}

/** Unknown keys first, then each field in the schema's order. */
function checkFields(
  fields: Record<string, FieldSchema>,
  data: Record<string, unknown>,
  prefix: string,
  push: (text: string) => void,
) {
  for (const key of Object.keys(data)) {
    if (!Object.hasOwn(fields, key)) push(`${prefix}${key} is not a field`);
  }
  for (const [name, field] of Object.entries(fields)) {
    checkField(field, data[name], `${prefix}${name}`, push);
  }
}

/** The path a problem's text opens with (`cards[2].title is required` → `cards[2].title`). */
function problemPath(text: string): string {
  return text.split(' ', 1)[0] ?? '';
}

/** Every problem of a page's blocks, in order; [] when the database would take them. */
export function validateBlocks(blocks: unknown): BlockProblem[] {
  if (!Array.isArray(blocks) || blocks.length > BLOCK_SCHEMA.maxBlocks) {
    return [
      {
        block: 0,
        kind: null,
        field: null,
        message: `blocks must be a list of at most ${String(BLOCK_SCHEMA.maxBlocks)} blocks`,
      },
    ];
  }
  const problems: BlockProblem[] = [];
  const seen = new Set<string>();
  blocks.forEach((block: unknown, index) => {
    const n = index + 1;
    const blockProblem = (text: string) =>
      problems.push({ block: n, kind: null, field: null, message: `Block ${String(n)}: ${text}` });
    if (!isObject(block)) {
      blockProblem('must be an object with id, kind and data');
      return;
    }
    const extra = Object.keys(block).find((key) => key !== 'id' && key !== 'kind' && key !== 'data');
    if (extra !== undefined) {
      blockProblem(`unknown key "${extra}"`);
      return;
    }
    if (!('id' in block) || !('kind' in block) || !('data' in block)) {
      blockProblem('must be an object with id, kind and data');
      return;
    }
    const { id, kind, data } = block;
    if (typeof id !== 'string' || !BLOCK_ID.test(id)) {
      blockProblem('id must be 1 to 40 letters, digits, hyphens or underscores');
      return;
    }
    if (seen.has(id)) {
      blockProblem(`id "${id}" is used by another block`);
      return;
    }
    seen.add(id);
    const schema = typeof kind === 'string' ? kindSchema(kind) : undefined;
    if (typeof kind !== 'string' || !schema) {
      blockProblem(`unknown kind "${typeof kind === 'string' ? kind : JSON.stringify(kind)}"`);
      return;
    }
    const push = (text: string) =>
      problems.push({ block: n, kind, field: problemPath(text), message: `Block ${String(n)} (${kind}): ${text}` });
    if (!isObject(data)) {
      problems.push({ block: n, kind, field: null, message: `Block ${String(n)} (${kind}): data must be an object` });
      return;
    }
    checkFields(schema.fields, data, '', push);
  });
  return problems;
}
