import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { accountKeys } from '@/data/account/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** One place the person is signed in. */
export interface MySession {
  id: string;
  createdAt: string | null;
  /** When its token was last refreshed (null: not since sign-in). */
  lastActiveAt: string | null;
  userAgent: string | null;
  ip: string | null;
  isCurrent: boolean;
}

/** Where the signed-in person is signed in (my_sessions), the most recently active first. */
export const mySessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async (): Promise<MySession[]> => {
      const rows = await dataOrThrow(adminClient().rpc('my_sessions'));
      return rows.flatMap((row) =>
        row.id
          ? [
              {
                id: row.id,
                createdAt: row.created_at,
                lastActiveAt: row.refreshed_at ?? row.created_at,
                userAgent: row.user_agent,
                ip: row.ip,
                isCurrent: row.is_current ?? false,
              },
            ]
          : [],
      );
    },
    staleTime: 0,
  });
