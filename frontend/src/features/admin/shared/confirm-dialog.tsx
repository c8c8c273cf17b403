import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { AdminButton } from './admin-button';

export interface ConfirmDialogProps {
  /** The question, as the dialog's title ("Delete this post?"). */
  title: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  /** The confirming button's words ("Delete post"). */
  confirmLabel: string;
  /** A change that removes something: the button is red. */
  danger?: boolean;
  /** While the confirmed change is under way: the button says `busyLabel` and is disabled. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The admin's one confirmation: a modal with the question, what it does, Cancel and the action.
 * Cancel has focus first, so Enter on an unread dialog changes nothing.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  busyLabel = 'Working...',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open onClose={onClose} title={title} initialFocusRef={cancel} className="admin-dialog admin-confirm">
      <div className="admin-form">
        <div className="admin-confirm__message">{children}</div>
        <div className="admin-actions admin-actions--end">
          <AdminButton ref={cancel} onClick={onClose}>
            Cancel
          </AdminButton>
          <AdminButton variant={danger ? 'danger' : 'primary'} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </AdminButton>
        </div>
      </div>
    </Dialog>
  );
}

export type ConfirmRequest = Omit<ConfirmDialogProps, 'onConfirm' | 'onClose' | 'busy' | 'busyLabel'>;

/**
 * Asks with the ConfirmDialog and answers as a promise: `await confirm({...})` is true when the
 * action was chosen, false on Cancel, Escape or the backdrop. Render `confirmDialog` once.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; confirmDialog: ReactNode } {
  const [asking, setAsking] = useState<{ request: ConfirmRequest; answer: (yes: boolean) => void } | null>(null);
  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setAsking({ request, answer: resolve });
      }),
    [],
  );
  const finish = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const confirmDialog = asking && (
    <ConfirmDialog
      {...asking.request}
      onConfirm={() => {
        finish(true);
      }}
      onClose={() => {
        finish(false);
      }}
    />
  );
  return { confirm, confirmDialog };
}
