import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ onClose = vi.fn() }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="page">
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open
      </button>
      <Dialog
        open={open}
        title="Connect with us"
        description="We reply within 24 hours."
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <input aria-label="Company name" />
        <input aria-label="Hidden" tabIndex={-1} />
        <button type="submit">Send</button>
      </Dialog>
    </div>
  );
}

function openDialog(onClose?: () => void) {
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Connect with us' }) };
}

describe('Dialog', () => {
  it('is a labelled, described modal that focuses its first tabbable element', () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'We reply within 24 hours.',
    );
    // Without an initialFocusRef the first tabbable element (the close button) gets focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('makes the page behind it inert and locks scrolling while open', () => {
    openDialog();
    const page = screen.getByTestId('page').parentElement as HTMLElement;
    expect(page.inert).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(page.inert).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('wraps Tab and Shift+Tab inside the dialog', () => {
    const { dialog } = openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const send = screen.getByRole('button', { name: 'Send' });

    send.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(send);
  });

  it('closes on Escape and returns focus to the opener', () => {
    const onClose = vi.fn();
    const { opener, dialog } = openDialog(onClose);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the close button and on a backdrop click, not on a click inside', () => {
    const onClose = vi.fn();
    const { dialog } = openDialog(onClose);
    fireEvent.mouseDown(dialog);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
