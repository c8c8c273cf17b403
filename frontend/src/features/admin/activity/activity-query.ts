import { infiniteQueryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { ActivityEntry } from './activity-wording';
import { activityKeys } from '@/data/activity/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityQuery {
  action: string;
  /** ISO instants: entries at or after `since`, before `until`. */
  since: string | null;
  until: string | null;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The id to continue below, or null at the end of the log. */
  next: number | null;
}

/**
 * The activity log, newest first, 50 entries a page: each page continues below the last id
 * seen (keyset), so entries written meanwhile never shift a page or show twice.
 */
export const activityQuery = (filters: ActivityQuery) =>
  infiniteQueryOptions({
    queryKey: [...activityKeys.all, filters],
    queryFn: async ({ pageParam }): Promise<ActivityPage> => {
      // One more than a page tells whether there is another, without a count.
      let query = adminClient()
        .from('admin_activity')
        .select('*')
        .order('id', { ascending: false })
        .limit(ACTIVITY_PAGE_SIZE + 1);
      if (pageParam !== null) query = query.lt('id', pageParam);
      if (filters.action) query = query.eq('action', filters.action);
      if (filters.since) query = query.gte('occurred_at', filters.since);
      if (filters.until) query = query.lt('occurred_at', filters.until);
      const data = await dataOrThrow(query);
      const entries = data.slice(0, ACTIVITY_PAGE_SIZE);
      return {
        entries,
        next: data.length > ACTIVITY_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null,
      };
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    // The log is what just happened: opening the page always reads it again.
    staleTime: 0,
  });
