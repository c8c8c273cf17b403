import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadQueryParams, type LeadFilters, type RelayedLead } from './lead-types';
import { leadKeys } from '@/data/leads/keys';
import { filterLeadQuery } from './filter-lead-query';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Contact inquiries under the filters (filtered in the database), with their webhook deliveries, newest first. */
export const relayedLeadsQuery = (filters: LeadFilters) => {
  const params = leadQueryParams(filters, 'contact');
  return queryOptions({
    queryKey: [...leadKeys.relayed, params],
    queryFn: async (): Promise<RelayedLead[]> => {
      if (!params) return [];
      const query = filterLeadQuery(adminClient().from('leads').select('*, lead_deliveries(*)'), params, 'received_at');
      return dataOrThrow(query.order('received_at', { ascending: false }));
    },
  });
};
