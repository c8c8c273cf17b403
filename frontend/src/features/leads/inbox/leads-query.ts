import { adminClient } from '@/features/admin/shared/admin-client';
import type { LeadFilters } from './lead-filters';
import type { RelayedLead } from '@/features/leads/model/lead-types';
import { leadKeys } from '@/features/leads/model/lead-keys';
import { filterLeadQuery, leadListQuery } from './filter-lead-query';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Contact inquiries under the filters (filtered in the database), with their webhook deliveries, newest first. */
export const relayedLeadsQuery = (filters: LeadFilters) =>
  leadListQuery(filters, 'contact', leadKeys.relayed, (params): Promise<RelayedLead[]> => {
    const query = filterLeadQuery(adminClient().from('leads').select('*, lead_deliveries(*)'), params, 'received_at');
    return dataOrThrow(query.order('received_at', { ascending: false }));
  });
