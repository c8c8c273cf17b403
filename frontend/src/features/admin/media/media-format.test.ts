import { describe, expect, it } from 'vitest';
import { describeFields, describeUse, parseUses, usageSummary, type MediaUse } from './media-format';

const post = (overrides: Partial<MediaUse> = {}): MediaUse => ({
  kind: 'post',
  id: 'p1',
  title: 'Cutting CPAP denials',
  key: 'cutting-cpap-denials',
  published: true,
  fields: ['content'],
  ...overrides,
});

const page = (overrides: Partial<MediaUse> = {}): MediaUse => ({
  kind: 'page',
  id: 'g1',
  title: 'About',
  key: '/about',
  published: null,
  fields: ['og_image'],
  ...overrides,
});

describe('usageSummary', () => {
  it('counts posts and pages', () => {
    expect(usageSummary([])).toBe('Not used');
    expect(usageSummary([post()])).toBe('Used in 1 post');
    expect(usageSummary([post(), post({ id: 'p2' })])).toBe('Used in 2 posts');
    expect(usageSummary([page()])).toBe('Used in 1 page');
    expect(usageSummary([post(), post({ id: 'p2' }), page()])).toBe('Used in 2 posts and 1 page');
  });
});

describe('describeUse and describeFields', () => {
  it('names the record and marks drafts', () => {
    expect(describeUse(post())).toBe('Post “Cutting CPAP denials”');
    expect(describeUse(post({ published: false }))).toBe('Post “Cutting CPAP denials” (draft)');
    expect(describeUse(page())).toBe('Page About (/about)');
  });

  it('puts the fields in words, unknown ones too', () => {
    expect(describeFields(['content', 'featured_image_url', 'og_image', 'twitter_image'])).toBe(
      'content, featured image, Open Graph image, Twitter image',
    );
    expect(describeFields(['schema_json', 'hero_banner_url'])).toBe('structured data, hero banner url');
  });
});

describe('parseUses', () => {
  it('reads the JSON the function returns', () => {
    expect(
      parseUses([
        { kind: 'post', id: 'p1', title: 'T', key: 't', published: false, fields: ['content', 'og_image'] },
        { kind: 'page', id: 'g1', title: 'About', key: '/about', fields: ['twitter_image'] },
      ]),
    ).toEqual([
      { kind: 'post', id: 'p1', title: 'T', key: 't', published: false, fields: ['content', 'og_image'] },
      { kind: 'page', id: 'g1', title: 'About', key: '/about', published: null, fields: ['twitter_image'] },
    ]);
  });

  it('drops what it does not understand', () => {
    expect(parseUses(null)).toEqual([]);
    expect(parseUses({ kind: 'post' })).toEqual([]);
    expect(parseUses([1, 'x', null, { kind: 'file', id: 'a', key: 'b' }, { kind: 'post', id: 3, key: 'b' }])).toEqual(
      [],
    );
    expect(parseUses([{ kind: 'page', id: 'g', key: '/x', fields: ['content', 7] }])).toEqual([
      { kind: 'page', id: 'g', title: '/x', key: '/x', published: null, fields: ['content'] },
    ]);
  });
});
