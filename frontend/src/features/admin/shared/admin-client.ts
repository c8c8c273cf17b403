import { createAdminClient } from '@/lib/supabase';
import { getAdminToken } from './admin-token';

let cached: { token: string; client: ReturnType<typeof createAdminClient> } | undefined;

/**
 * The Supabase client carrying the stored admin token as its bearer (one per token).
 * Throws when no token is stored: admin calls are never sent with the anon key alone.
 */
export function adminClient(): ReturnType<typeof createAdminClient> {
  const token = requireAdminToken();
  if (cached?.token !== token) cached = { token, client: createAdminClient(token) };
  return cached.client;
}

/** A short-lived admin client whose requests go through `fetchImpl` (e.g. to report upload progress). */
export function adminClientWithFetch(fetchImpl: typeof fetch): ReturnType<typeof createAdminClient> {
  return createAdminClient(requireAdminToken(), fetchImpl);
}

function requireAdminToken(): string {
  const token = getAdminToken();
  if (!token) throw new Error('Not signed in.');
  return token;
}

/** The message of an unknown thrown value (supabase errors are objects with a message). */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
