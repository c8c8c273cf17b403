import { adminClient } from '@/features/admin/shared/admin-client';
import type { LeadFilters } from './lead-filters';
import type { WhitepaperSubmission } from '@/features/leads/model/lead-types';
import { leadKeys } from '@/features/leads/model/lead-keys';
import { filterLeadQuery, leadListQuery } from './filter-lead-query';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Whitepaper form submissions under the filters (filtered in the database), newest first. */
export const submissionsQuery = (filters: LeadFilters) =>
  leadListQuery(filters, 'whitepaper', leadKeys.submissions, (params): Promise<WhitepaperSubmission[]> => {
    const query = filterLeadQuery(adminClient().from('whitepaper_submissions').select('*'), params, 'created_at');
    return dataOrThrow(query.order('created_at', { ascending: false }));
  });
