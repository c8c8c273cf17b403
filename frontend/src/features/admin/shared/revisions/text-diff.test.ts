import { describe, expect, it } from 'vitest';
import { diffWords, htmlToText, type DiffPart } from './text-diff';

/** The parts in git's word-diff notation: `[-removed-]`, `{+added+}`, shared text as it is. */
const wordDiff = (parts: DiffPart[]) =>
  parts
    .map(({ kind, text }) => (kind === 'removed' ? `[-${text}-]` : kind === 'added' ? `{+${text}+}` : text))
    .join('');

describe('diffWords', () => {
  it('marks the words added and removed, and joins back to either text', () => {
    const parts = diffWords('Submit the CMN with the claim', 'Submit the DIF with every claim');
    expect(parts.map((part) => part.kind)).toEqual(['same', 'removed', 'added', 'same', 'removed', 'added', 'same']);
    expect(wordDiff(parts)).toBe('Submit the [-CMN-]{+DIF+} with [-the-]{+every+} claim');
    const join = (kinds: string[]) =>
      parts
        .filter((part) => kinds.includes(part.kind))
        .map((part) => part.text)
        .join('');
    expect(join(['same', 'removed'])).toBe('Submit the CMN with the claim');
    expect(join(['same', 'added'])).toBe('Submit the DIF with every claim');
  });

  it('handles empty sides', () => {
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
    expect(diffWords('', '')).toEqual([]);
  });
});

describe('htmlToText', () => {
  it('keeps blocks on lines and drops markup', () => {
    expect(htmlToText('<h2>Modifiers</h2><p>Use <strong>KX</strong> &amp; KH</p><p>Next<br>line</p>')).toBe(
      'Modifiers\nUse KX & KH\nNext\nline',
    );
    expect(htmlToText('<p><img src="/a.png" alt=""></p>')).toBe('[image /a.png]');
  });
});
