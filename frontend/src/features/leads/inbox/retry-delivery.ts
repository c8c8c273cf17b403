import { useInvalidatingMutation } from '@/features/admin/shared/use-invalidating-mutation';
import { adminClient } from '@/features/admin/shared/admin-client';
import { leadKeys } from '@/features/leads/model/lead-keys';
import { dataOrThrow } from '@/lib/data-or-throw';

/** Puts a failed webhook delivery back in the outbox, due now. */
export async function retryDelivery(id: string): Promise<void> {
  await dataOrThrow(
    adminClient()
      .from('lead_deliveries')
      .update({ status: 'pending', next_attempt_at: new Date().toISOString() })
      .eq('id', id),
  );
}

export function useRetryDelivery() {
  return useInvalidatingMutation(retryDelivery, [leadKeys.relayed]);
}
