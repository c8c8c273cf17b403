import { describe, expect, it } from 'vitest';
import { GLOSSARY, TWITTER_CARD_LABELS, labelledOptions } from './glossary';

/** The admin's screens, as source text (the leads feature keeps its admin screens itself). */
const screens = import.meta.glob<string>(
  [
    '/src/features/admin/**/*.tsx',
    '/src/features/leads/{inbox,pipeline}/**/*.tsx',
    '/src/app/routes/admin/**/*.tsx',
    '!**/*.test.tsx',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Words of the database, storage and code that staff should not have to read. */
const DEVELOPER_WORDS = [
  /\bslugs?\b/i,
  /blog-images/,
  /summary_large_image/,
  /\bwebhooks?\b/i,
  /\bsessions?\b/i,
  /in storage/i,
];

/** What a screen shows: its JSX text, and the strings it passes as labels, titles, hints and toasts. */
function shownTexts(source: string): string[] {
  const jsxText = [...source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)].map((match) => match[1] ?? '');
  const props = [
    ...source.matchAll(
      /\b(?:title|label|description|placeholder|hint|aria-label|legend)\s*[=:]\s*(?:\{\s*)?(['"`])((?:(?!\1).)*)\1/g,
    ),
  ].map((match) => match[2] ?? '');
  const fieldLabels = [...source.matchAll(/\b(?:text|field|select|check)\('[a-z_]+',\s*'([^']*)'/g)].map(
    (match) => match[1] ?? '',
  );
  // Template holes are code (`${form.slug}`), and a "text" spanning `) : list.isError ? (` is too.
  const looksLikeCode = (text: string) => /\?\s*\(|\)\s*:|&&|=>|;/.test(text);
  return [...jsxText.filter((text) => !looksLikeCode(text)), ...props, ...fieldLabels].map((text) =>
    text.replace(/\$\{[^}]*\}/g, ''),
  );
}

describe('the admin speaks plainly', () => {
  it('finds the screens it checks', () => {
    expect(Object.keys(screens).length).toBeGreaterThan(50);
  });

  it.each(Object.entries(screens))('%s shows no developer words', (_path, source) => {
    const found = shownTexts(source).filter((text) => DEVELOPER_WORDS.some((word) => word.test(text)));
    expect(found).toEqual([]);
  });

  it('labels stored values in plain words, keeping the values', () => {
    expect(labelledOptions(['summary_large_image', 'summary'], TWITTER_CARD_LABELS)).toEqual([
      ['summary_large_image', 'Summary with large image'],
      ['summary', 'Summary'],
    ]);
    expect(Object.values(GLOSSARY).filter((label) => DEVELOPER_WORDS.some((word) => word.test(label)))).toEqual([]);
  });
});
