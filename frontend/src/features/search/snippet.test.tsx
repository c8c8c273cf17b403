import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedSnippet } from './highlighted-snippet';
import { MATCH_END, MATCH_START, splitSnippet } from './snippet';

const S = MATCH_START;
const E = MATCH_END;

function renderSnippet(snippet: string) {
  const { container } = render(
    <p>
      <HighlightedSnippet snippet={snippet} />
    </p>,
  );
  return container.firstElementChild as HTMLElement;
}

describe('splitSnippet', () => {
  it('cuts the snippet at its markers into text and matches', () => {
    expect(splitSnippet(`Submit the ${S}prior${E} ${S}authorization${E} before delivery`)).toEqual([
      { text: 'Submit the ', match: false },
      { text: 'prior', match: true },
      { text: ' ', match: false },
      { text: 'authorization', match: true },
      { text: ' before delivery', match: false },
    ]);
  });

  it('a snippet without markers is one plain part; an empty one has none', () => {
    expect(splitSnippet('Days in A/R fell to 38.')).toEqual([{ text: 'Days in A/R fell to 38.', match: false }]);
    expect(splitSnippet('')).toEqual([]);
    expect(splitSnippet(`${S}${E}`)).toEqual([]);
  });

  it('drops markers out of place and ends a match left open with the snippet', () => {
    expect(splitSnippet(`a${E}b${S}c${S}d${E}e${E}f${S}g`)).toEqual([
      { text: 'ab', match: false },
      { text: 'cd', match: true },
      { text: 'ef', match: false },
      { text: 'g', match: true },
    ]);
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(splitSnippet(`CMN ${S}📄${E} signed`)).toEqual([
      { text: 'CMN ', match: false },
      { text: '📄', match: true },
      { text: ' signed', match: false },
    ]);
  });
});

describe('HighlightedSnippet', () => {
  it('marks each match and shows the text around it', () => {
    const paragraph = renderSnippet(`Work ${S}denials${E} by reason code`);
    expect(paragraph.textContent).toBe('Work denials by reason code');
    expect(Array.from(paragraph.querySelectorAll('mark')).map((mark) => mark.textContent)).toEqual(['denials']);
  });

  it('shows markup in the indexed text as text, never as elements', () => {
    const hostile = `<img src=x onerror="alert(1)"> ${S}<script>alert(2)</script>${E} <b>bold</b> &amp; ${S}<a href="javascript:alert(3)">x</a>${E}`;
    const paragraph = renderSnippet(hostile);
    // Only the two marks are elements; everything else is the characters it is.
    expect(Array.from(paragraph.querySelectorAll('*')).map((element) => element.tagName)).toEqual(['MARK', 'MARK']);
    expect(paragraph.textContent).toBe(
      '<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b> &amp; <a href="javascript:alert(3)">x</a>',
    );
    expect(paragraph.querySelector('mark')?.textContent).toBe('<script>alert(2)</script>');
    expect(paragraph.innerHTML).toContain('&lt;img src=x onerror="alert(1)"&gt;');
  });

  it('a marker inside the markup cannot open an element', () => {
    const paragraph = renderSnippet(`<${S}img${E} src=x onerror=alert(1)>`);
    expect(paragraph.querySelector('img')).toBeNull();
    expect(paragraph.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(paragraph.querySelector('mark')?.textContent).toBe('img');
  });
});
