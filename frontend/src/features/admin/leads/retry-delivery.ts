import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadKeys } from '@/data/leads/keys';

/** Puts a failed webhook delivery back in the outbox, due now. */
export async function retryDelivery(id: string): Promise<void> {
  const { error } = await adminClient()
    .from('lead_deliveries')
    .update({ status: 'pending', next_attempt_at: new Date().toISOString() })
    .eq('id', id);
  if (error) throw error;
}

export function useRetryDelivery() {
  return useInvalidatingMutation(retryDelivery, [leadKeys.relayed]);
}
