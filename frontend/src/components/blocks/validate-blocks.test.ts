import { describe, expect, it } from 'vitest';
import vectors from './block-vectors.json';
import { BLOCK_SCHEMA } from './block-schema';
import { validateBlocks } from './validate-blocks';

interface InvalidVector {
  blocks: unknown;
  message: string;
}

describe('validateBlocks', () => {
  it('takes every valid vector the database takes', () => {
    expect(vectors.valid.length).toBeGreaterThanOrEqual(6);
    for (const blocks of vectors.valid) expect(validateBlocks(blocks)).toEqual([]);
  });

  it("refuses every invalid vector with the database's exact message", () => {
    const invalid = vectors.invalid as InvalidVector[];
    expect(invalid.length).toBeGreaterThanOrEqual(30);
    for (const { blocks, message } of invalid) {
      expect(validateBlocks(blocks).map((problem) => problem.message)).toEqual([message]);
    }
  });

  it('names the block, its kind and the field of each problem, and reports them all', () => {
    const problems = validateBlocks([
      { id: 'a', kind: 'hero', data: { heading: '' } },
      {
        id: 'b',
        kind: 'cta-band',
        data: { title: 'Talk to us', actions: [{ label: 'Go', href: 'javascript:alert(1)' }] },
      },
      { id: 'a', kind: 'faq', data: {} },
    ]);
    expect(problems).toEqual([
      { block: 1, kind: 'hero', field: 'heading', message: 'Block 1 (hero): heading is required' },
      {
        block: 2,
        kind: 'cta-band',
        field: 'actions[1].href',
        message:
          'Block 2 (cta-band): actions[1].href must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:',
      },
      { block: 3, kind: null, field: null, message: 'Block 3: id "a" is used by another block' },
    ]);
  });

  it('refuses more blocks than a page may have', () => {
    const many = Array.from({ length: BLOCK_SCHEMA.maxBlocks + 1 }, (_, index) => ({
      id: `b${String(index)}`,
      kind: 'rich-text',
      data: { html: '<p>Prior authorization tips</p>' },
    }));
    expect(validateBlocks(many).map((problem) => problem.message)).toEqual([
      `blocks must be a list of at most ${String(BLOCK_SCHEMA.maxBlocks)} blocks`,
    ]);
    expect(validateBlocks(many.slice(1))).toEqual([]);
  });

  it('knows every kind the registry renders and no other', async () => {
    const { BLOCK_COMPONENTS } = await import('./block-registry');
    expect(Object.keys(BLOCK_COMPONENTS).sort()).toEqual(Object.keys(BLOCK_SCHEMA.kinds).sort());
  });
});
