import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { leadKeys } from '@/features/leads/model/lead-keys';
import { usePrivateChannel } from '@/features/admin/shared/realtime/use-private-channel';
import { newLeadToast } from './new-lead-toast';

/** The inbox's private channel: staff only, like the leads themselves (row-level security). */
export const LEADS_TOPIC = 'admin:leads';

/**
 * New contact leads, live, while the inbox is open: each INSERT on public.leads the caller may
 * read refreshes the contact-lead lists and, unless the lead is spam, shows a toast. After the
 * channel was lost and joins again, the lists are refreshed too (leads may have come meanwhile).
 * Without the channel the inbox is as it always was: loaded when opened.
 */
export function useLiveLeads(): void {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.relayed });

  usePrivateChannel(LEADS_TOPIC, {
    listen: (channel) => {
      channel.on<Record<string, unknown>>(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'leads' },
        ({ new: record }) => {
          void refresh();
          const shown = newLeadToast(record);
          if (shown) toast(shown);
        },
      );
    },
    onJoined: (_channel, again) => {
      if (again) void refresh();
    },
  });
}
