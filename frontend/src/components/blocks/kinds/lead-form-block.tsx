import { useContext } from 'react';
import { otherWaysToReachUs } from '@/components/lead-capture/contact-dialog-button';
import { InlineLeadFormContext } from '@/components/lead-capture/inline-lead-form-context';
import { textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import './lead-form-block.css';

/** The button's text when the block names none: the contact dialog's. */
const DEFAULT_SUBMIT_LABEL = "Let's Connect";

/**
 * The lead form block: a section with the title (h2), the text and the contact form on the page
 * itself; its leads name the page (`ClaimBridge landing page {route}`) as their source. The form
 * is the leads feature's (InlineLeadFormContext); where none is provided the block says how else
 * to reach the company.
 */
export function LeadFormBlock({ data, blockId, route }: BlockProps) {
  const inlineLeadForm = useContext(InlineLeadFormContext);
  const otherWays = otherWaysToReachUs();
  const anchor = typeof data.anchor === 'string' && data.anchor ? data.anchor : undefined;
  const titleId = `${blockId}-title`;
  const text = textOf(data, 'text').trim();
  const submitLabel = textOf(data, 'submitLabel').trim() || DEFAULT_SUBMIT_LABEL;

  return (
    <section id={anchor} className="section lead-form-block" aria-labelledby={titleId}>
      <div className="container lead-form-block__inner">
        <div className="section__header lead-form-block__header">
          <h2 id={titleId} className="section__title">
            {textOf(data, 'title')}
          </h2>
          {text && <p className="section__lead lead-form-block__text">{text}</p>}
        </div>
        <div className="card lead-form-block__card">
          {inlineLeadForm
            ? inlineLeadForm({ route, titleId, submitLabel })
            : otherWays && (
                <p className="lead-form-block__unavailable">{otherWays} and we will reply within 24 hours.</p>
              )}
        </div>
      </div>
    </section>
  );
}
