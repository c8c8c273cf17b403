import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useInvalidatingMutation } from './use-invalidating-mutation';

/** Reads that wait for the test to answer them, each with the posts as they were when it was asked. */
function pendingReads(store: { posts: string[] }) {
  const waiting: Array<() => void> = [];
  const read = () => {
    const asOfTheAsking = [...store.posts];
    return new Promise<string[]>((resolve) => {
      waiting.push(() => {
        resolve(asOfTheAsking);
      });
    });
  };
  const answerAll = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  return { read, answerAll, waiting };
}

describe('useInvalidatingMutation', () => {
  it('reads again a list whose first read was in flight when the write succeeded', async () => {
    const store = { posts: ['Restore me'] };
    const reads = pendingReads(store);
    let remove: (title: string) => void = () => {};
    function List() {
      const list = useQuery({ queryKey: ['posts', 'list', 'Restore me'], queryFn: reads.read });
      const mutation = useInvalidatingMutation(
        (title: string) => {
          store.posts = store.posts.filter((post) => post !== title);
          return Promise.resolve();
        },
        [['posts']],
      );
      remove = (title) => {
        mutation.mutate(title);
      };
      return <p role="status">{list.data ? `${list.data.length} posts` : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <List />
      </QueryClientProvider>,
    );
    // The list's first read is asked before the delete and not yet answered.
    await waitFor(() => {
      expect(reads.waiting).toHaveLength(1);
    });
    act(() => {
      remove('Restore me');
    });
    // Once the delete is done the list is read again, and the late answer to the first read is
    // not what it shows.
    await waitFor(() => {
      expect(reads.waiting).toHaveLength(2);
    });
    act(() => {
      reads.answerAll();
    });
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe('0 posts');
    });
  });
});
