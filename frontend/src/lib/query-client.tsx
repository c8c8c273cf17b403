import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query cache, shared by every QueryProvider (so an admin save invalidates
 * what the public pages cached). Its code loads with the first screen that queries the
 * backend, never with a static page.
 */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * Wraps a screen that uses react-query. On the server each render gets a cache of its own, so
 * nothing one render read can reach another.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => (import.meta.env.SSR ? createQueryClient() : browserQueryClient()));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Screen` inside its own QueryProvider: a route's screen that uses react-query. */
export function withQueryProvider<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  return function WithQueryProvider(props: Props) {
    return (
      <QueryProvider>
        <Screen {...props} />
      </QueryProvider>
    );
  };
}
