import { describe, expect, it } from 'vitest';
import { diffWords, htmlToText } from './text-diff';

describe('diffWords', () => {
  it('marks the words added and removed, and joins back to either text', () => {
    const parts = diffWords('Submit the CMN with the claim', 'Submit the DIF with every claim');
    expect(parts).toEqual([
      { kind: 'same', text: 'Submit the ' },
      { kind: 'removed', text: 'CMN' },
      { kind: 'added', text: 'DIF' },
      { kind: 'same', text: ' with ' },
      { kind: 'removed', text: 'the' },
      { kind: 'added', text: 'every' },
      { kind: 'same', text: ' claim' },
    ]);
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
