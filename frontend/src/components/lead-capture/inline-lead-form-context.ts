import { createContext, type ReactNode } from 'react';

/** What the lead form block tells the form it shows. */
export interface InlineLeadFormProps {
  /** The page's route: the lead's source names it. */
  route: string;
  /** The section title's id (the form is labelled by it). */
  titleId: string;
  submitLabel: string;
}

/**
 * Renders the contact form a lead form block shows on the page itself. The form lives in the leads
 * feature, which shared code cannot import, so whoever shows blocks provides it (the public
 * layout, the editor's preview frame), as it provides the contact dialog.
 */
export const InlineLeadFormContext = createContext<((props: InlineLeadFormProps) => ReactNode) | null>(null);
