import type { ReactNode } from 'react';
import { company } from '@/config/company';
import { useContactDialog } from './contact-dialog-context';

interface ContactDialogButtonProps {
  children: ReactNode;
  className?: string;
  /** Runs before the dialog opens (e.g. to close the mobile menu). */
  onOpen?: () => void;
  /** Say, to visitors without JavaScript, that the form needs it and how else to reach us. */
  noscriptNote?: boolean;
}

/** How else to reach the company: "Email a@b.c or call (800) 555-0100". */
export function otherWaysToReachUs(): string {
  const ways = [company.email ? `email ${company.email}` : null, company.phone ? `call ${company.phone}` : null].filter(
    Boolean,
  );
  const text = ways.join(' or ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : '';
}

/** What a visitor without JavaScript sees beside a button that opens a lead form. */
export function LeadFormNoscriptNote({ form }: { form: string }) {
  const other = otherWaysToReachUs();
  return (
    <noscript>
      <p className="noscript-note">
        The {form} needs JavaScript.{other && ` ${other} and we will reply within 24 hours.`}
      </p>
    </noscript>
  );
}

/** A button that opens the 'Connect with us' dialog, loading its code on first intent. */
export function ContactDialogButton({ children, className, onOpen, noscriptNote = true }: ContactDialogButtonProps) {
  const dialog = useContactDialog();
  return (
    <>
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
      {noscriptNote && <LeadFormNoscriptNote form="contact form" />}
    </>
  );
}
