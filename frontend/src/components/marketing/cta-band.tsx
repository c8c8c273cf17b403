import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactDialogButton } from '@/components/lead-capture/contact-dialog-button';

/** One call to action of a CtaBand: a link, or (`contact`) the button that opens the contact dialog. */
export type CtaAction = { label: string; to: string } | { label: string; contact: true };

/** The site's usual call to action: Get Started, which opens the contact dialog. */
export const GET_STARTED: CtaAction = { label: 'Get Started', contact: true };

interface CtaBandProps {
  title: ReactNode;
  text?: ReactNode;
  /** In order; the first is the accented one, the others are quieter. */
  actions: readonly CtaAction[];
  id?: string;
}

function CtaActionButton({ action, accent }: { action: CtaAction; accent: boolean }) {
  const className = accent ? 'button button--accent button--large' : 'button button--on-dark button--large';
  return 'to' in action ? (
    <Link to={action.to} className={className}>
      {action.label}
    </Link>
  ) : (
    <ContactDialogButton className={className}>{action.label}</ContactDialogButton>
  );
}

/** Closing call-to-action band on the navy background. */
export function CtaBand({ title, text, actions, id }: CtaBandProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <section className="cta-band" id={id} aria-labelledby={titleId}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={titleId} className="cta-band__title">
            {title}
          </h2>
          {text && <p className="cta-band__text">{text}</p>}
        </div>
        <div className="cta-band__actions">
          {actions.map((action, index) => (
            <CtaActionButton key={action.label} action={action} accent={index === 0} />
          ))}
        </div>
      </div>
    </section>
  );
}
