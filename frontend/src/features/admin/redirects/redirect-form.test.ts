import { describe, expect, it } from 'vitest';
import {
  describeRule,
  EMPTY_REDIRECT_FORM,
  formToPayload,
  normalizeSource,
  notFoundToForm,
  redirectToForm,
  TARGET_REFUSED,
  toRedirect,
  validateRedirectForm,
  type RedirectFormValues,
} from './redirect-form';

const form = (values: Partial<RedirectFormValues>): RedirectFormValues => ({
  ...EMPTY_REDIRECT_FORM,
  source: '/blog/old-post',
  target: '/blog/new-post',
  ...values,
});

describe('validateRedirectForm mirrors the database’s checks, in its words', () => {
  it('accepts a site path, a path with a query and fragment, and (exact rules) a full https address', () => {
    expect(validateRedirectForm(form({}))).toEqual({});
    expect(validateRedirectForm(form({ target: '/pricing?plan=dme#compare' }))).toEqual({});
    expect(validateRedirectForm(form({ target: 'https://partner.example.com/guide' }))).toEqual({});
    expect(validateRedirectForm(form({ target: 'http://partner.example.com:8080' }))).toEqual({});
    expect(validateRedirectForm(form({ match: 'prefix', source: '/resources/', target: '/library/' }))).toEqual({});
    expect(validateRedirectForm(form({ status: 410, target: '' }))).toEqual({});
  });

  it('refuses sources that are not a single-slash site path, or that hold what a rule cannot match', () => {
    const source = (value: string) => validateRedirectForm(form({ source: value })).source;
    expect(source('')).toBe('A redirect needs the path it redirects from, such as /old-page.');
    expect(source('old-page')).toMatch(/^The path to redirect from must start with a single \//);
    expect(source('https://claimbridge.example/old')).toMatch(/must start with a single \//);
    expect(source('//evil.example')).toMatch(/must start with a single \//);
    expect(source('/old page')).toBe(
      'The path to redirect from cannot contain spaces, control characters or a backslash.',
    );
    expect(source('/old\\page')).toMatch(/backslash/);
    expect(source('/old\u200bpage')).toMatch(/backslash/);
    expect(source('/old?utm=x')).toBe(
      'The path to redirect from cannot contain ? or #: redirects match the path only.',
    );
    expect(source('/a/../admin')).toBe('The path to redirect from cannot contain /./ or /../ steps.');
    expect(source(`/${'a'.repeat(1000)}`)).toBe('The path to redirect from is too long: 1000 characters at most.');
  });

  it('refuses the paths the site answers itself, in any case and with a trailing slash', () => {
    for (const path of [
      '/admin',
      '/Admin/blog',
      '/auth/',
      '/rest/v1/posts',
      '/assets/app.js',
      '/robots.txt',
      '/sitemap.xml/',
    ]) {
      expect(validateRedirectForm(form({ source: path })).source).toBe(
        `${path} belongs to the site itself and cannot be redirected.`,
      );
    }
    expect(validateRedirectForm(form({ source: '/administration' })).source).toBeUndefined();
  });

  it('needs a target for 301 and 302, and refuses open redirects', () => {
    expect(validateRedirectForm(form({ target: '  ' })).target).toBe(
      'A 301 redirect needs a target, such as /new-page.',
    );
    expect(validateRedirectForm(form({ status: 302, target: '' })).target).toBe(
      'A 302 redirect needs a target, such as /new-page.',
    );
    for (const target of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'evil.example',
      'https://user@evil.example',
      'ftp://files.example',
    ]) {
      expect(validateRedirectForm(form({ target })).target).toBe(TARGET_REFUSED);
    }
    // A prefix rule cannot send a whole section off the site.
    expect(validateRedirectForm(form({ match: 'prefix', source: '/old/', target: 'https://x.example/' })).target).toBe(
      TARGET_REFUSED,
    );
  });

  it('refuses a rule that sends its own address back to itself', () => {
    expect(validateRedirectForm(form({ source: '/pricing', target: '/Pricing/?ref=x' })).target).toBe(
      'This redirect would loop: /pricing → /Pricing/.',
    );
    expect(validateRedirectForm(form({ match: 'prefix', source: '/old', target: '/old/new/' })).target).toBe(
      'This redirect would loop: /old/new/ is inside /old/ itself.',
    );
  });

  it('refuses a second rule for the same address and match, in any case', () => {
    const others = [{ source: '/Blog/Old-Post', match: 'exact' as const }];
    expect(validateRedirectForm(form({}), others).source).toBe(
      'There is already a redirect from /blog/old-post. Change that rule instead of adding another.',
    );
    expect(validateRedirectForm(form({ match: 'prefix' }), others).source).toBeUndefined();
  });

  it('limits the note as the database does', () => {
    expect(validateRedirectForm(form({ note: 'x'.repeat(500) })).note).toBeUndefined();
    expect(validateRedirectForm(form({ note: 'x'.repeat(501) })).note).toBe(
      'The note is too long: 500 characters at most.',
    );
  });
});

describe('the stored rule', () => {
  it('normalises the source as the database does: no trailing slash on an exact rule, one on a prefix rule', () => {
    expect(normalizeSource(' /old-page/ ', 'exact')).toBe('/old-page');
    expect(normalizeSource('/', 'exact')).toBe('/');
    expect(normalizeSource('/resources', 'prefix')).toBe('/resources/');
    expect(normalizeSource('/resources/', 'prefix')).toBe('/resources/');
  });

  it('sends a 410 without a target, and a blank note as none', () => {
    expect(formToPayload(form({ source: '/retired/', status: 410, target: '/ignored', note: '  ' }))).toEqual({
      source_path: '/retired',
      match_type: 'exact',
      target: null,
      status_code: 410,
      note: null,
    });
    expect(formToPayload(form({ target: ' /blog/new-post ', note: ' Renamed in March. ' }))).toMatchObject({
      target: '/blog/new-post',
      note: 'Renamed in March.',
    });
  });

  it('reads a row into the form and back unchanged', () => {
    const rule = toRedirect({
      id: 'r1',
      source_path: '/guides/',
      match_type: 'prefix',
      target: '/resources/',
      status_code: 302,
      note: null,
      automatic: false,
      hits: 12,
      last_hit_at: null,
      created_at: '2026-12-01T10:00:00Z',
      updated_at: '2026-12-01T10:00:00Z',
    });
    expect(redirectToForm(rule)).toEqual({
      source: '/guides/',
      match: 'prefix',
      status: 302,
      target: '/resources/',
      note: '',
    });
    expect(formToPayload(redirectToForm(rule))).toEqual({
      source_path: '/guides/',
      match_type: 'prefix',
      target: '/resources/',
      status_code: 302,
      note: null,
    });
  });
});

describe('a path of the 404 log', () => {
  it('prefills a permanent redirect of exactly that path, its target left to choose', () => {
    const prefilled = notFoundToForm('/blog/capped-rental-guide');
    expect(prefilled).toEqual({
      source: '/blog/capped-rental-guide',
      match: 'exact',
      status: 301,
      target: '',
      note: '',
    });
    expect(validateRedirectForm(prefilled)).toEqual({ target: 'A 301 redirect needs a target, such as /new-page.' });
  });
});

describe('describeRule', () => {
  it('says what the rule does', () => {
    expect(describeRule(form({}))).toBe(
      '/blog/old-post sends visitors to /blog/new-post; search engines move its ranking there.',
    );
    expect(describeRule(form({ match: 'prefix', source: '/guides', target: '/resources/', status: 302 }))).toBe(
      'Every address under /guides/ sends visitors to /resources/ (the rest of the address is kept) for now; search engines keep the old address.',
    );
    expect(describeRule(form({ status: 410 }))).toBe(
      '/blog/old-post answers 410 Gone: search engines drop it from their results.',
    );
    expect(describeRule(form({ source: '' }))).toBe('');
  });
});
