import { describe, expect, it } from 'vitest';
import { telHref } from './company';

describe('telHref', () => {
  it('keeps only dialable characters', () => {
    expect(telHref('(800) 555-0100')).toBe('tel:8005550100');
    expect(telHref('+1 800.555.0100')).toBe('tel:+18005550100');
  });

  it('carries an extension', () => {
    expect(telHref('(800) 555-0100 ext. 12')).toBe('tel:8005550100;ext=12');
  });
});
