import { describe, expect, it } from 'vitest';
import { resolveUrl } from './urls';

describe('resolveUrl', () => {
  it('resolves a root-relative path against the origin', () => {
    expect(resolveUrl('/functions/v1/lead-relay', 'http://localhost:54321')).toBe(
      'http://localhost:54321/functions/v1/lead-relay',
    );
  });

  it('appends a relative path to the base path', () => {
    expect(resolveUrl('functions/v1/captcha-challenge', 'https://api.example.com/supabase')).toBe(
      'https://api.example.com/supabase/functions/v1/captcha-challenge',
    );
  });

  it('keeps an absolute URL', () => {
    expect(resolveUrl('https://hooks.example.com/catch/1', 'http://localhost:54321')).toBe(
      'https://hooks.example.com/catch/1',
    );
  });
});
