import { describe, expect, it } from 'vitest';
import type { Block } from '@/components/blocks/block-schema';
import { validateBlocks } from '@/components/blocks/validate-blocks';
import {
  addBlock,
  fieldShown,
  duplicateBlock,
  emptyItem,
  kindsByGroup,
  moveBlock,
  newBlockId,
  removeAt,
  withField,
} from './block-editing';

const page: Block[] = [
  { id: 'a', kind: 'testimonial', data: { quote: 'Q', name: 'N' } },
  { id: 'b', kind: 'faq', data: { title: 'T' } },
  { id: 'c', kind: 'cta-band', data: { title: 'C' } },
];

describe('block editing', () => {
  it('moves a block up and down, clamped to the page', () => {
    expect(moveBlock(page, 2, 0).map((block) => block.id)).toEqual(['c', 'a', 'b']);
    expect(moveBlock(page, 0, 1).map((block) => block.id)).toEqual(['b', 'a', 'c']);
    expect(moveBlock(page, 0, -1).map((block) => block.id)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(page, 2, 9).map((block) => block.id)).toEqual(['a', 'b', 'c']);
  });

  it('duplicates a block after it under a new id, its data a copy', () => {
    const next = duplicateBlock(page, 0);
    expect(next.map((block) => block.kind)).toEqual(['testimonial', 'testimonial', 'faq', 'cta-band']);
    const [original, copy] = next;
    expect(copy?.id).not.toBe('a');
    expect(copy?.data).toEqual(original?.data);
    expect(copy?.data).not.toBe(original?.data);
  });

  it('adds a block of a kind with an id the page does not use, and removes one', () => {
    const next = addBlock(page, 'stats-strip');
    expect(next).toHaveLength(4);
    expect(new Set(next.map((block) => block.id)).size).toBe(4);
    expect(removeAt(next, 3)).toEqual(page);
  });

  it('makes ids the database accepts, never one the page has', () => {
    let calls = 0;
    // The first id drawn ("b00000000") is taken: another is drawn.
    const id = newBlockId(new Set(['b00000000']), () => (calls++ < 8 ? 0 : 0.5));
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(id).not.toBe('b00000000');
  });

  it('removes a field set to undefined (not given) and keeps other values', () => {
    expect(withField({ title: 'T', text: 'x' }, 'text', undefined)).toEqual({ title: 'T' });
    expect(withField({ title: 'T' }, 'surface', false)).toEqual({ title: 'T', surface: false });
  });

  it('starts every kind from data whose only problems are its required fields', () => {
    for (const { kinds } of kindsByGroup()) {
      for (const [kind] of kinds) {
        const [block] = addBlock([], kind);
        const problems = validateBlocks([block]);
        for (const problem of problems) expect(problem.message).toMatch(/is required$|must have at least/);
      }
    }
  });

  it('groups every kind under campaign blocks or site sections', () => {
    const groups = kindsByGroup();
    expect(groups.map((group) => group.title)).toEqual(['Campaign blocks', 'Site sections']);
    expect(groups.flatMap((group) => group.kinds.map(([kind]) => kind))).toContain('lead-form');
  });

  it('gives a new list item an empty value of its field', () => {
    expect(emptyItem({ type: 'list', label: 'Points', max: 5, item: { type: 'text', label: 'Point', max: 80 } })).toBe(
      '',
    );
    expect(
      emptyItem({
        type: 'list',
        label: 'Stats',
        max: 4,
        fields: { value: { type: 'text', label: 'Value', max: 10 } },
      }),
    ).toEqual({});
  });
});

describe('fieldShown', () => {
  it("shows the hero's image once its picture is an image, or while one is set", () => {
    expect(fieldShown('hero', 'image', { visual: 'claim-timeline' })).toBe(false);
    expect(fieldShown('hero', 'image', {})).toBe(false);
    expect(fieldShown('hero', 'image', { visual: 'image' })).toBe(true);
    expect(fieldShown('hero', 'image', { image: { src: '/images/x.svg', alt: 'Claims dashboard' } })).toBe(true);
    expect(fieldShown('hero', 'heading', {})).toBe(true);
    expect(fieldShown('segments', 'image', {})).toBe(true);
  });
});
