import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactDialogButton } from '@/components/lead-capture/contact-dialog-button';
import { CONTACT_DIALOG_HREF, type BlockAction } from '../block-data';

/**
 * An action of a block: `#contact` opens the contact dialog (as the site's Get Started does), a
 * site path is a router link (no page reload), anything else (an #anchor, an http(s) URL,
 * mailto:, tel:) a plain link.
 */
export function BlockActionLink({
  action,
  className,
  children,
}: {
  action: BlockAction;
  className: string;
  /** What follows the label (an arrow icon). */
  children?: ReactNode;
}) {
  if (action.href === CONTACT_DIALOG_HREF) {
    return (
      <ContactDialogButton className={className}>
        {action.label}
        {children}
      </ContactDialogButton>
    );
  }
  if (action.href.startsWith('/')) {
    return (
      <Link to={action.href} className={className}>
        {action.label}
        {children}
      </Link>
    );
  }
  return (
    <a href={action.href} className={className}>
      {action.label}
      {children}
    </a>
  );
}
