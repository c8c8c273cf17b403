import { describe, expect, it } from 'vitest';
import { actionText, changedSummary, fieldLabel, fieldOf, valueText } from './revision-text';

describe('revision wording', () => {
  it('names actions and fields as the editors do', () => {
    expect(actionText({ action: 'restore' })).toBe('Restored');
    expect(fieldLabel('og_image')).toBe('Open Graph image');
    expect(fieldLabel('some_new_column')).toBe('some new column');
  });

  it('summarises long change lists', () => {
    expect(changedSummary(['content'])).toBe('Content');
    expect(changedSummary(['content', 'title', 'slug', 'tags', 'noindex'])).toBe('Content, Title and 3 more');
  });

  it('shows values as text', () => {
    expect(valueText(null)).toBe('');
    expect(valueText(['a', 'b'])).toBe('a, b');
    expect(valueText(true)).toBe('Yes');
    expect(valueText({ '@type': 'Organization' })).toContain('"@type": "Organization"');
    expect(fieldOf({ title: 'T' }, 'title')).toBe('T');
    expect(fieldOf(null, 'title')).toBeUndefined();
  });
});
