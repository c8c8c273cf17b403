import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { redirectKeys } from '@/data/redirects/keys';
import { dataOrThrow } from '@/lib/data-or-throw';
import { toRedirect, type Redirect } from './redirect-form';

/** Every redirect rule, newest first (a rule just added is at the top). */
export const redirectsQuery = () =>
  queryOptions({
    queryKey: redirectKeys.rules,
    queryFn: async (): Promise<Redirect[]> => {
      const rows = await dataOrThrow(
        adminClient()
          .from('redirects')
          .select('*')
          .order('created_at', { ascending: false })
          .order('source_path', { ascending: true }),
      );
      return rows.map(toRedirect);
    },
  });
