/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLE_SLUGS } from '@/config/article-slugs';

/**
 * One source for the static articles: the pages render bodies/<slug>.html, and
 * supabase/seed/generate-articles.py writes each body into the seeded post of the same slug.
 */
/** Outside the app's source, so read from disk, not imported. */
const seed = readFileSync(join(import.meta.dirname, '../../../../supabase/seed.sql'), 'utf8');
const bodies: Record<string, string> = import.meta.glob('./bodies/*.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The $html$-quoted content of the blog_posts row of `slug`. */
function seededContent(slug: string): string | undefined {
  const row = seed.indexOf(`values (\n  '${slug}',`);
  if (row < 0) return undefined;
  const start = seed.indexOf('$html$', row) + '$html$'.length;
  return seed.slice(start, seed.indexOf('$html$', start));
}

const STALE = 'supabase/seed.sql is stale: run python3 supabase/seed/generate-articles.py';

describe('static article bodies', () => {
  it('are the five fixed-route articles', () => {
    expect(Object.keys(bodies).sort()).toEqual(
      Object.values(ARTICLE_SLUGS)
        .map((slug) => `./bodies/${slug}.html`)
        .sort(),
    );
  });

  it.each(Object.values(ARTICLE_SLUGS))('the seeded post %s starts with the page body', (slug) => {
    const body = bodies[`./bodies/${slug}.html`]?.trimEnd() ?? '(no body)';
    expect(seededContent(slug)?.startsWith(`${body}\n<p>`), STALE).toBe(true);
  });
});
