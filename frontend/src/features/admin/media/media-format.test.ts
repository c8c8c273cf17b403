import { describe, expect, it } from 'vitest';
import {
  describeFields,
  describeUse,
  formatDimensions,
  formatUploadDate,
  imageFileProblem,
  MAX_IMAGE_BYTES,
  parseUses,
  usageSummary,
  type MediaUse,
} from './media-format';

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

describe('formatDimensions', () => {
  it('shows width × height in pixels, or that it is not measured', () => {
    expect(formatDimensions(1200, 630)).toBe('1200 × 630 px');
    expect(formatDimensions(null, 630)).toBe('Dimensions not measured yet');
    expect(formatDimensions(0, 0)).toBe('Dimensions not measured yet');
  });
});

describe('formatUploadDate', () => {
  it('formats in the given locale and time zone', () => {
    expect(formatUploadDate('2026-11-27T14:05:00Z', 'en-US', 'UTC')).toBe('Nov 27, 2026, 2:05 PM');
    expect(formatUploadDate('2026-11-27T14:05:00Z', 'en-US', 'America/New_York')).toBe('Nov 27, 2026, 9:05 AM');
  });

  it('says so when the date is missing or invalid', () => {
    expect(formatUploadDate(null)).toBe('Upload date unknown');
    expect(formatUploadDate('yesterday')).toBe('Upload date unknown');
  });
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

describe('imageFileProblem', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('accepts what blog-images accepts', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(imageFileProblem(file('a', type, 1000))).toBeNull();
    }
    expect(imageFileProblem(file('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES))).toBeNull();
  });

  it('refuses other types, empty files and files over 10 MB, naming the file', () => {
    expect(imageFileProblem(file('logo.svg', 'image/svg+xml', 1000))).toBe(
      'logo.svg is not a PNG, JPG, WEBP or GIF image.',
    );
    expect(imageFileProblem(file('notes.txt', '', 10))).toBe('notes.txt is not a PNG, JPG, WEBP or GIF image.');
    expect(imageFileProblem(file('huge.png', 'image/png', 12 * 1024 * 1024))).toBe(
      'huge.png is larger than 10 MB (12 MB), the limit for images.',
    );
    expect(imageFileProblem(file('edge.png', 'image/png', MAX_IMAGE_BYTES + 1))).toMatch(
      /^edge\.png is larger than 10 MB/,
    );
    expect(imageFileProblem(file('empty.png', 'image/png', 0))).toBe('empty.png is empty.');
  });
});
