import { describe, expect, it } from 'vitest';
import { archivePathOf, taxonomySlug } from '@/lib/taxonomy-slug';
import vectors from './taxonomy-slug-vectors.json';

describe('taxonomySlug', () => {
  it.each(vectors)('$name -> $slug (the same as public.taxonomy_slug)', ({ name, slug }) => {
    expect(taxonomySlug(name)).toBe(slug);
  });

  it('builds the archive paths, none for a name without a slug', () => {
    expect(archivePathOf('category', 'Prior Authorization')).toBe('/blog/category/prior-authorization');
    expect(archivePathOf('tag', 'HME/DME Billing')).toBe('/blog/tag/hme-dme-billing');
    expect(archivePathOf('author', 'Dana Whitfield')).toBe('/blog/author/dana-whitfield');
    expect(archivePathOf('tag', '!!!')).toBeNull();
    expect(archivePathOf('author', null)).toBeNull();
  });
});
