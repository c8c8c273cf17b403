import { describe, expect, it } from 'vitest';
import { formatDimensions, formatUploadDate, imageFileProblem, MAX_IMAGE_BYTES, mediaTitle } from './media-facts';

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

describe('mediaTitle', () => {
  const random = { name: '0b5f3c1e-8a2d-4c6b-9e7f-1a2b3c4d5e6f.png', createdAt: '2026-11-27T14:05:00Z' };
  const details = (originalName: string | null, altText = '') => ({ originalName, altText });

  it('is the name of the uploaded file when it is known', () => {
    expect(mediaTitle(random, details('denial-trend.png', 'Denials by payer'))).toBe('denial-trend.png');
  });

  it('is a storage name a person chose, without its folder', () => {
    expect(mediaTitle({ ...random, name: 'team/ana-lopez.jpg' }, undefined)).toBe('ana-lopez.jpg');
  });

  it('is never a random storage name: the alt text, else the upload date', () => {
    expect(mediaTitle(random, details(null, 'Denials by payer'))).toBe('Denials by payer');
    expect(mediaTitle(random, undefined)).toMatch(/^Image uploaded Nov 2\d, 2026, /);
    expect(mediaTitle({ ...random, createdAt: null }, details(null))).toBe('Untitled image');
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
