import { supabase } from '@/lib/supabase';
import { errorMessage } from './admin-client';

/**
 * Invokes simple-auth. A non-2xx answer (rate limit, bad request) is thrown as an Error
 * carrying the server's `error` text when the body has one.
 */
export async function invokeSimpleAuth<T>(body: Record<string, unknown>): Promise<T | null> {
  const result = await supabase.functions.invoke<T>('simple-auth', { body });
  const failure: unknown = result.error;
  if (failure) {
    const context: unknown = (failure as { context?: unknown }).context;
    if (context instanceof Response) {
      const text = await context.json().then(
        (json: unknown) => (json as { error?: unknown } | null)?.error,
        () => undefined,
      );
      if (typeof text === 'string' && text) throw new Error(text);
    }
    throw failure instanceof Error ? failure : new Error(errorMessage(failure));
  }
  return result.data;
}
