import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { AdminWhitepaper } from './whitepaper-form';
import { whitepaperKeys } from '@/data/whitepapers/keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Admin whitepaper list: every paper, newest first. */
export const adminWhitepapersQuery = () =>
  queryOptions({
    queryKey: whitepaperKeys.admin,
    queryFn: (): Promise<AdminWhitepaper[]> =>
      dataOrThrow(adminClient().from('whitepapers').select('*').order('created_at', { ascending: false })),
  });
