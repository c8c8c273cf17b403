import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * When a write makes cached reads stale: once it succeeds, or once it settles either way (for
 * writes of several steps, which may have half-happened when they fail).
 */
export type StaleAfter = 'success' | 'settled';

/** An admin write that, when done, invalidates every query under each of `staleKeys` (key prefixes). */
export function useInvalidatingMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  staleKeys: readonly QueryKey[],
  staleAfter: StaleAfter = 'success',
) {
  const queryClient = useQueryClient();
  const invalidate = () => Promise.all(staleKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    ...(staleAfter === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }),
  });
}
