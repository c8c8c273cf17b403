import { describe, expect, it } from 'vitest';
import { tableRows } from './table-rows';

describe('tableRows', () => {
  it('keeps the rows whose required columns are filled, optional ones may be null', () => {
    const rows = [
      { title: 'Oxygen billing', slug: 'oxygen', description: null },
      { title: null, slug: 'broken', description: 'x' },
    ];
    const kept = tableRows(rows, ['title', 'slug']);
    expect(kept).toEqual([{ title: 'Oxygen billing', slug: 'oxygen', description: null }]);
    // Typed as filled: no null check needed.
    expect(kept[0]?.title.toUpperCase()).toBe('OXYGEN BILLING');
  });
});
