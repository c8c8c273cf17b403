import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '../shared/admin-client';
import type { WhitepaperSubmission } from './lead-types';

export const submissionsKey = ['admin', 'whitepaper-submissions'] as const;

export const submissionsQuery = () =>
  queryOptions({
    queryKey: submissionsKey,
    queryFn: async (): Promise<WhitepaperSubmission[]> => {
      const { data, error } = await adminClient()
        .from('whitepaper_submissions')
        .select('*')
        .order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
