import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * When a write makes cached reads stale: once it succeeds, or once it settles either way (for
 * writes of several steps, which may have half-happened when they fail).
 */
export type StaleAfter = 'success' | 'settled';

/**
 * An admin write that, when done, reads again every query under each of `staleKeys` (key
 * prefixes). Reads still in flight are cancelled first: they may have been answered before the
 * write, and TanStack Query hands an invalidation the in-flight fetch of a query that has no data
 * yet (a list's first read for a search just typed) instead of fetching again, so the list kept
 * showing a post just deleted.
 */
export function useInvalidatingMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  staleKeys: readonly QueryKey[],
  staleAfter: StaleAfter = 'success',
) {
  const queryClient = useQueryClient();
  const invalidate = () =>
    Promise.all(
      staleKeys.map(async (queryKey) => {
        await queryClient.cancelQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey });
      }),
    );
  return useMutation({
    mutationFn,
    ...(staleAfter === 'success' ? { onSuccess: invalidate } : { onSettled: invalidate }),
  });
}
