import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadQueryParams, type LeadFilters, type WhitepaperSubmission } from './lead-types';
import { leadKeys } from '@/data/leads/keys';

/** Whitepaper form submissions under the filters (filtered in the database), newest first. */
export const submissionsQuery = (filters: LeadFilters) => {
  const params = leadQueryParams(filters, 'whitepaper');
  return queryOptions({
    queryKey: [...leadKeys.submissions, params],
    queryFn: async (): Promise<WhitepaperSubmission[]> => {
      if (!params) return [];
      let query = adminClient().from('whitepaper_submissions').select('*');
      query = params.spam ? query.not('spam_reason', 'is', null) : query.is('spam_reason', null);
      if (params.status) query = query.eq('status', params.status);
      if (params.since) query = query.gte('created_at', params.since);
      if (params.before) query = query.lt('created_at', params.before);
      const { data, error } = await query.order('created_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
};
