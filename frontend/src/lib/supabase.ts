import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { runtimeConfig } from '@/config/runtime-config';
import { getSessionId, SESSION_HEADER } from './session-id';

const { supabaseUrl, supabaseAnonKey } = runtimeConfig;

if (!supabaseAnonKey) {
  throw new Error(
    'Supabase anon key is not configured: the server injects supabaseAnonKey into the ' +
      'runtime-config element, or set VITE_SUPABASE_ANON_KEY for a local build.',
  );
}

/** Browsers refuse keepalive requests whose bodies exceed 64 KiB in total. */
const KEEPALIVE_BODY_LIMIT = 60_000;

/**
 * Small requests (no body or a short text body, such as every PostgREST call) are sent with
 * `keepalive`, so the analytics update made while the page is hidden or unloaded still
 * reaches the server. File uploads and other large bodies are sent normally.
 */
const keepaliveFetch: typeof fetch = (input, init) => {
  const body = init?.body;
  const small = body == null || (typeof body === 'string' && body.length < KEEPALIVE_BODY_LIMIT);
  return fetch(input, small ? { ...init, keepalive: true } : init);
};

/**
 * The one Supabase client of the app (stock supabase-js, public anon key only). The tab's
 * analytics session id goes with every request: row-level security shows a visitor only
 * the analytics rows of its own session.
 */
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  global: {
    headers: { [SESSION_HEADER]: getSessionId() },
    fetch: keepaliveFetch,
  },
});

/** What an admin client sends as its bearer: a fixed token, or a getter asked before each request. */
export type AdminAccessToken = string | (() => Promise<string>);

/**
 * A client that sends an admin credential as the bearer on REST, Storage and Functions calls, so
 * row-level security authorises admin writes: the passcode's admin token (a JWT from
 * simple-auth), or a getter answering a staff member's current access token (the session this
 * client's own auth keeps and refreshes). Used by the admin area only. The credential is given as
 * `accessToken`, so the client has no auth (GoTrue) client of its own and short-lived clients
 * with another `fetch` (e.g. one reporting upload progress) are cheap.
 */
export function createAdminClient(token: AdminAccessToken, fetchImpl?: typeof fetch) {
  return createClient<Database>(supabaseUrl, supabaseAnonKey ?? '', {
    accessToken: typeof token === 'string' ? () => Promise.resolve(token) : token,
    global: fetchImpl ? { fetch: fetchImpl } : {},
  });
}
