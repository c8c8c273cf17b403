import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { redirectKeys } from '@/data/redirects/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { toNotFoundEntry, type NotFoundEntry } from './not-found-log';

/** How many paths the 404 log shows (the report's own default). */
export const NOT_FOUND_ROWS = 200;

/** The 404 log (not_found_report): each missing path, how often and when it was asked for, and its redirect if one covers it now. */
export const notFoundReportQuery = () =>
  queryOptions({
    queryKey: redirectKeys.notFound,
    queryFn: async (): Promise<NotFoundEntry[]> => {
      const rows = await dataOrThrow(adminClient().rpc('not_found_report', { max_rows: NOT_FOUND_ROWS }));
      return rows.flatMap((row) => toNotFoundEntry(row) ?? []);
    },
  });
