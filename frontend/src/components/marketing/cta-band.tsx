import type { ReactNode } from 'react';

interface CtaBandProps {
  title: ReactNode;
  text?: ReactNode;
  /** Buttons or links; use button--accent / button--on-dark on this dark band. */
  actions: ReactNode;
  id?: string;
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
        <div className="cta-band__actions">{actions}</div>
      </div>
    </section>
  );
}
