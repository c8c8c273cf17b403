import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadQueryParams, type LeadFilters, type WhitepaperSubmission } from './lead-types';
import { leadKeys } from '@/data/leads/keys';
import { filterLeadQuery } from './filter-lead-query';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Whitepaper form submissions under the filters (filtered in the database), newest first. */
export const submissionsQuery = (filters: LeadFilters) => {
  const params = leadQueryParams(filters, 'whitepaper');
  return queryOptions({
    queryKey: [...leadKeys.submissions, params],
    queryFn: async (): Promise<WhitepaperSubmission[]> => {
      if (!params) return [];
      const query = filterLeadQuery(adminClient().from('whitepaper_submissions').select('*'), params, 'created_at');
      return dataOrThrow(query.order('created_at', { ascending: false }));
    },
  });
};
