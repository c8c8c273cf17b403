import { queryOptions } from '@tanstack/react-query';
import { adminClient } from '../shared/admin-client';
import type { RelayedLead } from './lead-types';

export const relayedLeadsKey = ['admin', 'leads'] as const;

/** Contact inquiries with their webhook deliveries, newest first. */
export const relayedLeadsQuery = () =>
  queryOptions({
    queryKey: relayedLeadsKey,
    queryFn: async (): Promise<RelayedLead[]> => {
      const { data, error } = await adminClient()
        .from('leads')
        .select('*, lead_deliveries(*)')
        .order('received_at', { ascending: false });
      if (error) throw error;
      return data;
    },
  });
