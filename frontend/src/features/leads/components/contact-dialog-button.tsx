import type { ReactNode } from 'react';
import { useContactDialog } from '../contact-dialog-context';

interface ContactDialogButtonProps {
  children: ReactNode;
  className?: string;
  /** Runs before the dialog opens (e.g. to close the mobile menu). */
  onOpen?: () => void;
}

/** A button that opens the 'Connect with us' dialog, loading its code on first intent. */
export function ContactDialogButton({ children, className, onOpen }: ContactDialogButtonProps) {
  const dialog = useContactDialog();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onPointerEnter={dialog.preload}
      onFocus={dialog.preload}
      onTouchStart={dialog.preload}
      onClick={() => {
        onOpen?.();
        dialog.open();
      }}
    >
      {children}
    </button>
  );
}
