import { describe, expect, it } from 'vitest';
import { counterState, joinCommaList, optionalTextsToForm, optionalTextsToRow, splitCommaList } from './split-list';
import { randomImageName } from './image-name';

describe('splitCommaList', () => {
  it('splits on commas, trims and drops empty items', () => {
    expect(splitCommaList(' billing, compliance ,, DME ,')).toEqual(['billing', 'compliance', 'DME']);
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(' , ,')).toEqual([]);
    expect(splitCommaList('one')).toEqual(['one']);
  });

  it('joins stored items for the input', () => {
    expect(joinCommaList(['a', 'b'])).toBe('a, b');
    expect(joinCommaList(null)).toBe('');
  });
});

describe('counterState', () => {
  it.each([
    [149, false],
    [150, true],
    [160, true],
    [161, false],
  ])('description of %i characters in the 150-160 range: %s', (length, inRange) => {
    const state = counterState('x'.repeat(length), 160, [150, 160]);
    expect(state).toMatchObject({ length, max: 160, inRange, over: length > 160 });
  });

  it.each([
    [49, false],
    [50, true],
    [60, true],
    [61, false],
  ])('meta title of %i characters in the 50-60 range: %s', (length, inRange) => {
    expect(counterState('x'.repeat(length), 60, [50, 60]).inRange).toBe(inRange);
  });

  it('without a range, is in range up to max (excerpt /155)', () => {
    expect(counterState('x'.repeat(155), 155)).toMatchObject({ inRange: true, over: false });
    expect(counterState('x'.repeat(156), 155)).toMatchObject({ inRange: false, over: true });
  });
});

describe('randomImageName', () => {
  it('keeps the original extension', () => {
    expect(randomImageName('photo.final.PNG', () => 'r')).toBe('r.PNG');
    expect(randomImageName('noext', () => 'r')).toBe('r');
    expect(randomImageName('.hidden', () => 'r')).toBe('r');
  });
});

describe('optional texts', () => {
  const keys = ['meta_title', 'og_title'] as const;

  it('show null as blank in the form', () => {
    expect(optionalTextsToForm({ meta_title: null, og_title: 'Billing' }, keys)).toEqual({
      meta_title: '',
      og_title: 'Billing',
    });
  });

  it('are stored trimmed, or null when blank, and only the named ones', () => {
    const form = { meta_title: '  ', og_title: ' Billing ', page_name: 'Home' };
    expect(optionalTextsToRow(form, keys)).toEqual({
      meta_title: null,
      og_title: 'Billing',
    });
  });
});
