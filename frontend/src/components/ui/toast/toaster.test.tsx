import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS, type ToastStore } from './toast-store';
import { Toaster } from './toaster';

let store: ToastStore;

beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
  render(<Toaster store={store} />);
});

afterEach(() => {
  vi.useRealTimers();
});

function show(title: string, description?: string, variant?: 'destructive') {
  act(() => {
    store.toast({ title, description, variant });
  });
}

describe('Toaster', () => {
  it('renders title and description inside a polite live region', () => {
    show('Message sent!', "Your message has been sent. We'll get back to you within 24 hours.");

    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region.querySelector('[aria-live="polite"]')).toBeTruthy();
    expect(screen.getByText('Message sent!')).toBeTruthy();
    expect(screen.getByText("Your message has been sent. We'll get back to you within 24 hours.")).toBeTruthy();
  });

  it('marks destructive toasts', () => {
    show('Invalid email', 'Please enter a valid email address.', 'destructive');
    expect(screen.getByText('Invalid email').closest('li')?.className).toContain('toast--destructive');
  });

  it('dismisses itself after its duration', () => {
    show('Saved');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pauses the countdown while hovered', () => {
    show('Saved');
    const item = screen.getByText('Saved').closest('li') as HTMLElement;
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.mouseEnter(item);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS * 2);
    });
    expect(screen.queryByText('Saved')).toBeTruthy();
    fireEvent.mouseLeave(item);
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('is dismissed with its close button or Escape, and reachable with F8', () => {
    show('First');
    show('Second');

    fireEvent.keyDown(document, { key: 'F8' });
    const firstClose = screen.getAllByRole('button', { name: 'Dismiss notification' })[0];
    expect(document.activeElement).toBe(firstClose);

    fireEvent.keyDown(firstClose as HTMLElement, { key: 'Escape' });
    expect(screen.queryByText('First')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Second')).toBeNull();
  });
});

describe('Toaster actions', () => {
  it('runs the action and dismisses the toast when its button is pressed', () => {
    const onClick = vi.fn();
    act(() => {
      store.toast({ title: 'Page deleted successfully', action: { label: 'Undo', onClick } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Page deleted successfully')).toBeNull();
  });

  it('shows no action button when none is given', () => {
    show('Saved');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
