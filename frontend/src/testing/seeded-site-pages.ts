/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A marketing page as the seed migration stores it in block_pages. */
export interface SeededSitePage {
  route: string;
  name: string;
  blocks: unknown;
}

/**
 * The six marketing pages of the seed migration (supabase/migrations/20261206001000), read from
 * the migration itself so tests render exactly what a fresh database serves.
 */
export function seededSitePages(): SeededSitePage[] {
  const migration = readFileSync(
    join(import.meta.dirname, '../../../supabase/migrations/20261206001000_block_pages_seed.sql'),
    'utf8',
  );
  return [...migration.matchAll(/select '([^']+)', '([^']+)', \$blocks\$([\s\S]*?)\$blocks\$::jsonb, true, true/g)].map(
    ([, route = '', name = '', blocks = '']) => ({ route, name, blocks: JSON.parse(blocks) as unknown }),
  );
}

/** The seeded page at `route` as the site's embedded data carries it. */
export function seededSitePage(route: string): SeededSitePage & { id: string } {
  const page = seededSitePages().find((candidate) => candidate.route === route);
  if (!page) throw new Error(`the seed has no page at ${route}`);
  return { id: `seeded${route}`, ...page };
}
