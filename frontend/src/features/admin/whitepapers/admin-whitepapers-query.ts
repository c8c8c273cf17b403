import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import type { AdminWhitepaper } from './whitepaper-form';
import { whitepaperKeys } from '@/data/whitepapers/keys';

/** Admin whitepaper list: every paper, newest first. */
export const adminWhitepapersQuery = () =>
  queryOptions({
    queryKey: whitepaperKeys.admin,
    queryFn: async (): Promise<AdminWhitepaper[]> => {
      const { data, error } = await adminClient()
        .from('whitepapers')
        .select('*')
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
