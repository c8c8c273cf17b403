import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_ATTR } from '@/lib/head';
import { PREVIEW_ROUTE_PATH, routes } from './router';
import { ADMIN_PATH, AUTH_PATH } from './routes/admin/admin-routes';
import { archivePages, searchPage } from './routes/data-public-pages';
import vectors from './site-vectors.json';

/** What react-router renders for `path` in the app's route table, in the vectors' terms. */
function routeKind(path: string): { kind: string; archive?: string; slug?: string } {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches.at(-1);
  if (!leaf || leaf.route.path === '*') return { kind: 'unknown' };
  if (matches.some((match) => match.route.path === AUTH_PATH || match.route.path === ADMIN_PATH)) {
    return { kind: 'admin' };
  }
  if (leaf.route.path === PREVIEW_ROUTE_PATH) return { kind: 'preview' };
  if (leaf.route.path === searchPage.path) return { kind: 'search' };
  const archive = Object.entries(archivePages).find(([, route]) => route.path === leaf.route.path);
  if (archive) return { kind: 'archive', archive: archive[0], slug: leaf.params.slug };
  if (leaf.route.path?.includes(':')) return { kind: 'post', slug: leaf.params.slug };
  return { kind: 'page' };
}

describe('the shared site vectors', () => {
  it('name the attribute the client marks its head elements with', () => {
    expect(vectors.dynamicAttribute).toBe(DYNAMIC_ATTR);
  });

  it.each(vectors.routes)('route $path', (vector) => {
    const expected =
      vector.kind === 'post'
        ? { kind: vector.kind, slug: vector.slug }
        : vector.kind === 'archive'
          ? { kind: vector.kind, archive: vector.archive, slug: vector.slug }
          : { kind: vector.kind };
    expect(routeKind(vector.path)).toEqual(expected);
  });
});
