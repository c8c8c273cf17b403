import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPANY_HOURS,
  DEFAULT_COMPANY_NAME,
  readInjectedConfig,
  resolveRuntimeConfig,
  type RuntimeEnv,
} from './runtime-config';

const ORIGIN = 'https://claims.example.test';

function documentWith(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head></html>`, 'text/html');
}

describe('resolveRuntimeConfig', () => {
  const env: RuntimeEnv = {
    VITE_SUPABASE_URL: 'https://vite.example.test',
    VITE_SUPABASE_ANON_KEY: 'vite-anon-key',
    VITE_CAPTCHA_PROVIDER: 'hcaptcha',
    VITE_CAPTCHA_SITE_KEY: 'vite-site-key',
    VITE_CAPTCHA_CHALLENGE_URL: 'https://vite.example.test/challenge',
    VITE_WEBHOOK_URL: 'https://vite.example.test/hook',
    VITE_COMPANY_NAME: 'Vite Medical Billing',
    VITE_COMPANY_EMAIL: 'vite@example.test',
    VITE_COMPANY_PHONE: '(800) 555-0199',
    VITE_COMPANY_ADDRESS: '1 Vite Way',
    VITE_COMPANY_HOURS: 'Mon-Sat 7am to 7pm CST',
    VITE_SITE_URL: 'https://vite-site.example.test/',
  };

  it('prefers injected values over VITE_ values', () => {
    const injected = {
      supabaseUrl: 'https://api.injected.test/',
      supabaseAnonKey: 'injected-anon-key',
      captchaProvider: 'turnstile',
      captchaSiteKey: 'injected-site-key',
      captchaChallengeUrl: '/functions/v1/altcha-challenge',
      webhookUrl: 'https://injected.test/hook',
      company: {
        name: 'Injected Billing Co',
        tagline: 'Injected tagline.',
        email: 'hello@injected.test',
        phone: '(800) 555-0100',
        address: '100 Main St, Springfield',
        hours: 'Mon-Fri 9am to 6pm EST',
        siteUrl: 'https://www.injected.test',
        websiteUrl: 'https://www.injected-company.test',
        trainingHubUrl: 'https://training.injected.test',
        supportDeskUrl: 'https://support.injected.test',
        social: { linkedin: 'https://www.linkedin.com/company/injected', x: 'https://x.com/injected' },
      },
    } as const;

    // Every injected value as given, but the API URL without its trailing slash and the
    // social links not given as undefined.
    expect(resolveRuntimeConfig(injected, env, ORIGIN)).toEqual({
      ...injected,
      supabaseUrl: 'https://api.injected.test',
      company: { ...injected.company, social: { ...injected.company.social, facebook: undefined, youtube: undefined } },
    });
  });

  it('falls back to VITE_ values when nothing is injected', () => {
    const config = resolveRuntimeConfig({}, env, ORIGIN);

    expect(config.supabaseUrl).toBe('https://vite.example.test');
    expect(config.supabaseAnonKey).toBe('vite-anon-key');
    expect(config.captchaProvider).toBe('hcaptcha');
    expect(config.captchaSiteKey).toBe('vite-site-key');
    expect(config.captchaChallengeUrl).toBe('https://vite.example.test/challenge');
    expect(config.webhookUrl).toBe('https://vite.example.test/hook');
    expect(config.company.name).toBe('Vite Medical Billing');
    expect(config.company.email).toBe('vite@example.test');
    expect(config.company.phone).toBe('(800) 555-0199');
    expect(config.company.address).toBe('1 Vite Way');
    expect(config.company.hours).toBe('Mon-Sat 7am to 7pm CST');
    expect(config.company.siteUrl).toBe('https://vite-site.example.test');
    // Without a company website of its own, the site's URL stands for it.
    expect(config.company.websiteUrl).toBe('https://vite-site.example.test');
  });

  it('uses defaults when neither source sets a value', () => {
    const config = resolveRuntimeConfig({}, {}, ORIGIN);

    expect(config.supabaseUrl).toBe(ORIGIN);
    expect(config.supabaseAnonKey).toBeUndefined();
    expect(config.captchaProvider).toBe('altcha');
    expect(config.captchaSiteKey).toBeUndefined();
    expect(config.webhookUrl).toBeUndefined();
    expect(config.company.name).toBe(DEFAULT_COMPANY_NAME);
    expect(config.company.name).toBe('ClaimBridge');
    expect(config.company.hours).toBe(DEFAULT_COMPANY_HOURS);
    expect(config.company.hours).toBe('Mon-Fri 8am to 5pm EST');
    expect(config.company.siteUrl).toBe(ORIGIN);
    expect(config.company.email).toBeUndefined();
    expect(config.company.trainingHubUrl).toBeUndefined();
  });

  it('defaults supabaseUrl to the page origin', () => {
    expect(resolveRuntimeConfig({}, {}, 'http://localhost:54321').supabaseUrl).toBe('http://localhost:54321');
  });

  it('treats empty strings and wrong types as unset', () => {
    const config = resolveRuntimeConfig(
      { supabaseUrl: '  ', supabaseAnonKey: 42, company: { name: '', hours: null } },
      { VITE_SUPABASE_ANON_KEY: 'vite-anon-key', VITE_COMPANY_NAME: '' },
      ORIGIN,
    );

    expect(config.supabaseUrl).toBe(ORIGIN);
    expect(config.supabaseAnonKey).toBe('vite-anon-key');
    expect(config.company.name).toBe('ClaimBridge');
    expect(config.company.hours).toBe('Mon-Fri 8am to 5pm EST');
  });

  it('ignores an unknown captcha provider and falls through to the next source', () => {
    expect(
      resolveRuntimeConfig({ captchaProvider: 'mystery' }, { VITE_CAPTCHA_PROVIDER: 'recaptcha' }, ORIGIN)
        .captchaProvider,
    ).toBe('recaptcha');
    expect(resolveRuntimeConfig({ captchaProvider: 'mystery' }, {}, ORIGIN).captchaProvider).toBe('altcha');
  });

  it('accepts only http(s) URLs for outbound company links', () => {
    const config = resolveRuntimeConfig(
      {
        company: {
          trainingHubUrl: 'javascript:alert(1)',
          supportDeskUrl: 'https://support.example.test',
          social: { youtube: 'data:text/html,hi' },
        },
      },
      {},
      ORIGIN,
    );

    expect(config.company.trainingHubUrl).toBeUndefined();
    expect(config.company.supportDeskUrl).toBe('https://support.example.test');
    expect(config.company.social.youtube).toBeUndefined();
  });

  it('ignores an injected value that is not a JSON object', () => {
    expect(resolveRuntimeConfig(['supabaseAnonKey'], {}, ORIGIN).supabaseAnonKey).toBeUndefined();
    expect(resolveRuntimeConfig(null, {}, ORIGIN).company.name).toBe('ClaimBridge');
  });
});

describe('readInjectedConfig', () => {
  it('parses the JSON object in the runtime-config element', () => {
    const doc = documentWith(
      '<script id="runtime-config" type="application/json">{"supabaseAnonKey":"anon","company":{"name":"X"}}</script>',
    );
    expect(readInjectedConfig(doc)).toEqual({ supabaseAnonKey: 'anon', company: { name: 'X' } });
  });

  it('returns {} for the build-time placeholder', () => {
    const doc = documentWith('<script id="runtime-config" type="application/json">{}</script>');
    expect(readInjectedConfig(doc)).toEqual({});
  });

  it('returns {} for invalid JSON', () => {
    const doc = documentWith('<script id="runtime-config" type="application/json">{not json</script>');
    expect(readInjectedConfig(doc)).toEqual({});
  });

  it('returns {} for JSON that is not an object', () => {
    const doc = documentWith('<script id="runtime-config" type="application/json">"text"</script>');
    expect(readInjectedConfig(doc)).toEqual({});
  });

  it('returns {} when the element is missing', () => {
    expect(readInjectedConfig(documentWith(''))).toEqual({});
  });

  it('feeds resolveRuntimeConfig end to end', () => {
    const doc = documentWith(
      '<script id="runtime-config" type="application/json">{"supabaseAnonKey":"served-anon"}</script>',
    );
    const config = resolveRuntimeConfig(readInjectedConfig(doc), { VITE_SUPABASE_ANON_KEY: 'built' }, ORIGIN);
    expect(config.supabaseAnonKey).toBe('served-anon');
  });
});
