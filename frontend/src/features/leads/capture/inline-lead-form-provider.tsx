import type { ReactNode } from 'react';
import type { InlineLeadFormProps } from '@/components/lead-capture/inline-lead-form-context';
import { InlineLeadFormContext } from '@/components/lead-capture/inline-lead-form-context';
import { lazyComponent } from '@/lib/lazy-component';

/** Its own chunk, loaded by the pages that show a lead form block (reported by the server render). */
const InlineLeadForm = lazyComponent(async () => (await import('./inline-lead-form')).InlineLeadForm);

function renderInlineLeadForm(props: InlineLeadFormProps) {
  return <InlineLeadForm {...props} />;
}

/** Gives lead form blocks their form. */
export function InlineLeadFormProvider({ children }: { children: ReactNode }) {
  return <InlineLeadFormContext value={renderInlineLeadForm}>{children}</InlineLeadFormContext>;
}
