/** A supabase-js answer (PostgREST or Storage): data on success, otherwise the error that stopped it. */
type Answer = { data: unknown; error: Error | null };

/** What a successful answer of that call holds. */
type SuccessData<A extends Answer> = Extract<A, { error: null }>['data'];

/**
 * Awaits a supabase-js call and hands back its data, throwing its error as it is (a
 * PostgrestError or StorageError keeps its code and message): react-query and the mutation
 * toasts see a failure only as a rejected promise.
 */
export async function dataOrThrow<A extends Answer>(call: PromiseLike<A>): Promise<SuccessData<A>> {
  const { data, error } = await call;
  if (error) throw error;
  return data;
}
