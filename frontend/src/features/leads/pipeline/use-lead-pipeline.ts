import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { STAFF_SPAM_REASON, STATUS_LABELS, type InboxItem, type LeadStatus } from '@/features/leads/model/lead-types';
import { useUpdateLead, type LeadPipelineChanges } from './update-lead';

/** How a lead is named in messages. */
export const leadLabel = (item: InboxItem) => item.name || item.email;

/**
 * The inbox's pipeline actions on one lead, each confirmed or explained by a toast. `pending`
 * holds the changes being saved, so a control can show them before the list reloads.
 */
export function useLeadPipeline() {
  const update = useUpdateLead();

  const run = (
    item: InboxItem,
    changes: LeadPipelineChanges,
    title: string,
    description: string,
    onDone?: () => void,
  ) => {
    // The promise, not mutate's callbacks: marking a lead as spam removes its row (and this
    // hook with it) when the list reloads, and mutate's callbacks would then never run.
    update.mutateAsync({ source: item.source, id: item.id, changes }).then(
      () => {
        toast({ title, description });
        onDone?.();
      },
      (error: unknown) => {
        toast({ title: 'Update failed', description: errorMessage(error), variant: 'destructive' });
      },
    );
  };

  return {
    isPending: update.isPending,
    pending: update.isPending ? update.variables.changes : undefined,
    setStatus: (item: InboxItem, status: LeadStatus) => {
      run(item, { status }, 'Status updated', `${leadLabel(item)} is now ${STATUS_LABELS[status]}.`);
    },
    save: (item: InboxItem, changes: LeadPipelineChanges, onDone?: () => void) => {
      run(item, changes, 'Lead updated', `Status and assignee of ${leadLabel(item)} saved.`, onDone);
    },
    markSpam: (item: InboxItem, onDone?: () => void) => {
      const description = `${leadLabel(item)} moved to the Spam view.`;
      run(item, { spam_reason: STAFF_SPAM_REASON }, 'Marked as spam', description, onDone);
    },
    restore: (item: InboxItem, onDone?: () => void) => {
      run(item, { spam_reason: null }, 'Not spam', `${leadLabel(item)} is back in the inbox.`, onDone);
    },
  };
}
