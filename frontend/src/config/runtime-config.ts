/**
 * Runtime configuration.
 *
 * One build runs anywhere: the server replaces the body of
 * `<script id="runtime-config" type="application/json">{}</script>` in index.html
 * with a JSON object at serve time. Each value resolves as
 *   injected runtime value > import.meta.env.VITE_* (build time) > default.
 *
 * Only public values belong here: the anon key is public by design; never put a
 * service-role key or any other secret in the runtime config or a VITE_ variable.
 */

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface SocialLinks {
  linkedin: string | undefined;
  x: string | undefined;
  facebook: string | undefined;
  youtube: string | undefined;
}

export interface CompanyConfig {
  name: string;
  tagline: string;
  email: string | undefined;
  phone: string | undefined;
  address: string | undefined;
  hours: string;
  /** The public URL of this site (canonical links, the sitemap). */
  siteUrl: string;
  /** The company's website as the legal pages name it, whatever host serves the site. */
  websiteUrl: string;
  trainingHubUrl: string | undefined;
  supportDeskUrl: string | undefined;
  social: SocialLinks;
}

export interface RuntimeConfig {
  supabaseUrl: string;
  /** Public anon key; undefined when neither the server nor the build provides one. */
  supabaseAnonKey: string | undefined;
  captchaProvider: CaptchaProvider;
  captchaSiteKey: string | undefined;
  captchaChallengeUrl: string | undefined;
  webhookUrl: string | undefined;
  company: CompanyConfig;
}

/** The build-time environment variables this module reads (a subset of import.meta.env). */
export interface RuntimeEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_CAPTCHA_PROVIDER?: string;
  VITE_CAPTCHA_SITE_KEY?: string;
  VITE_CAPTCHA_CHALLENGE_URL?: string;
  VITE_WEBHOOK_URL?: string;
  VITE_COMPANY_NAME?: string;
  VITE_COMPANY_EMAIL?: string;
  VITE_COMPANY_PHONE?: string;
  VITE_COMPANY_ADDRESS?: string;
  VITE_COMPANY_HOURS?: string;
  VITE_SITE_URL?: string;
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

export const DEFAULT_COMPANY_NAME = 'ClaimBridge';
export const DEFAULT_COMPANY_TAGLINE = 'Revenue-cycle services and cloud software for HME/DME suppliers.';
export const DEFAULT_COMPANY_HOURS = 'Mon-Fri 8am to 5pm EST';
export const DEFAULT_CAPTCHA_PROVIDER: CaptchaProvider = 'altcha';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A usable string: non-empty after trimming. Anything else counts as "not set". */
function str(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** First usable string among the candidates, in priority order. */
function pick(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    const value = str(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Like `pick`, but only absolute http(s) URLs count (guards link targets against other schemes). */
function pickHttpUrl(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    const value = str(candidate);
    if (value !== undefined && /^https?:\/\/[^\s/]/i.test(value)) return value;
  }
  return undefined;
}

function isCaptchaProvider(value: string | undefined): value is CaptchaProvider {
  return value !== undefined && (CAPTCHA_PROVIDERS as readonly string[]).includes(value);
}

function pickCaptchaProvider(...candidates: unknown[]): CaptchaProvider {
  for (const candidate of candidates) {
    const value = str(candidate)?.toLowerCase();
    if (isCaptchaProvider(value)) return value;
  }
  return DEFAULT_CAPTCHA_PROVIDER;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Pure merge of the three sources. `injected` is whatever the runtime-config
 * element parsed to (anything that is not a JSON object is ignored).
 */
export function resolveRuntimeConfig(injected: unknown, env: RuntimeEnv, origin: string): RuntimeConfig {
  const root = isObject(injected) ? injected : {};
  const company = isObject(root.company) ? root.company : {};
  const social = isObject(company.social) ? company.social : {};

  return {
    supabaseUrl: withoutTrailingSlash(pick(root.supabaseUrl, env.VITE_SUPABASE_URL, origin) ?? ''),
    supabaseAnonKey: pick(root.supabaseAnonKey, env.VITE_SUPABASE_ANON_KEY),
    captchaProvider: pickCaptchaProvider(root.captchaProvider, env.VITE_CAPTCHA_PROVIDER),
    captchaSiteKey: pick(root.captchaSiteKey, env.VITE_CAPTCHA_SITE_KEY),
    captchaChallengeUrl: pick(root.captchaChallengeUrl, env.VITE_CAPTCHA_CHALLENGE_URL),
    webhookUrl: pick(root.webhookUrl, env.VITE_WEBHOOK_URL),
    company: {
      name: pick(company.name, env.VITE_COMPANY_NAME) ?? DEFAULT_COMPANY_NAME,
      tagline: pick(company.tagline) ?? DEFAULT_COMPANY_TAGLINE,
      email: pick(company.email, env.VITE_COMPANY_EMAIL),
      phone: pick(company.phone, env.VITE_COMPANY_PHONE),
      address: pick(company.address, env.VITE_COMPANY_ADDRESS),
      hours: pick(company.hours, env.VITE_COMPANY_HOURS) ?? DEFAULT_COMPANY_HOURS,
      siteUrl: withoutTrailingSlash(pickHttpUrl(company.siteUrl, env.VITE_SITE_URL) ?? origin),
      websiteUrl: withoutTrailingSlash(
        pickHttpUrl(company.websiteUrl) ?? pickHttpUrl(company.siteUrl, env.VITE_SITE_URL) ?? origin,
      ),
      trainingHubUrl: pickHttpUrl(company.trainingHubUrl),
      supportDeskUrl: pickHttpUrl(company.supportDeskUrl),
      social: {
        linkedin: pickHttpUrl(social.linkedin),
        x: pickHttpUrl(social.x),
        facebook: pickHttpUrl(social.facebook),
        youtube: pickHttpUrl(social.youtube),
      },
    },
  };
}

/**
 * Reads and parses the injected JSON. A missing element, empty text, invalid
 * JSON or a non-object value all yield `{}`.
 */
export function readInjectedConfig(doc: Pick<Document, 'getElementById'>): JsonObject {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent.trim();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * What the server renderer gives the app in place of the page (crates/site): the same injected
 * object and the site's origin. Set on `globalThis` before the server bundle runs.
 */
export interface ServerRenderGlobals {
  injectedConfig: unknown;
  origin: string;
}

export const SERVER_RENDER_GLOBALS = '__CLAIMBRIDGE_SERVER__';

function serverRenderGlobals(): ServerRenderGlobals {
  const globals = (globalThis as Record<string, unknown>)[SERVER_RENDER_GLOBALS] as
    Partial<ServerRenderGlobals> | undefined;
  return { injectedConfig: globals?.injectedConfig ?? {}, origin: globals?.origin ?? 'http://localhost' };
}

/** In the browser the page's element; in the server bundle the renderer's globals. */
function sources(): { injected: unknown; origin: string } {
  if (import.meta.env.SSR) {
    const globals = serverRenderGlobals();
    return { injected: globals.injectedConfig, origin: globals.origin };
  }
  return { injected: readInjectedConfig(document), origin: window.location.origin };
}

const { injected, origin } = sources();

export const runtimeConfig: RuntimeConfig = resolveRuntimeConfig(injected, import.meta.env, origin);
