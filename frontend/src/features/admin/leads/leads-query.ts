import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadQueryParams, type LeadFilters, type RelayedLead } from './lead-types';
import { leadKeys } from '@/data/leads/keys';

/** Contact inquiries under the filters (filtered in the database), with their webhook deliveries, newest first. */
export const relayedLeadsQuery = (filters: LeadFilters) => {
  const params = leadQueryParams(filters, 'contact');
  return queryOptions({
    queryKey: [...leadKeys.relayed, params],
    queryFn: async (): Promise<RelayedLead[]> => {
      if (!params) return [];
      let query = adminClient().from('leads').select('*, lead_deliveries(*)');
      query = params.spam ? query.not('spam_reason', 'is', null) : query.is('spam_reason', null);
      if (params.status) query = query.eq('status', params.status);
      if (params.since) query = query.gte('received_at', params.since);
      if (params.before) query = query.lt('received_at', params.before);
      const { data, error } = await query.order('received_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
};
