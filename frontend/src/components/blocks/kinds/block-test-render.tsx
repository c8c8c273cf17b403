import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ContactDialogContext } from '@/components/lead-capture/contact-dialog-context';

/** Renders a block as the public site does: inside the router and the contact dialog's provider. */
export function renderBlock(block: ReactElement) {
  const contactDialog = { open: vi.fn(), preload: vi.fn() };
  const view = render(
    <ContactDialogContext.Provider value={contactDialog}>
      <MemoryRouter>{block}</MemoryRouter>
    </ContactDialogContext.Provider>,
  );
  return { ...view, contactDialog };
}
