import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [900, '900 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 - 1, '10 KB'],
    [10 * 1024, '10 KB'],
    [12 * 1024, '12 KB'],
    [2.4 * 1024 * 1024, '2.4 MB'],
    [2.44 * 1024 * 1024, '2.4 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%i bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([null, Number.NaN, -1])('%s bytes is not a known size', (bytes) => {
    expect(formatFileSize(bytes)).toBe('Size unknown');
  });
});
