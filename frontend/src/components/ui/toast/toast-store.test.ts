import { describe, expect, it, vi } from 'vitest';
import { createToastStore, DESTRUCTIVE_TOAST_DURATION_MS, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-store';

describe('toast store', () => {
  it('adds toasts with defaults by variant and notifies subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.toast({ title: 'Message sent!', description: 'We will reply within 24 hours.' });
    store.toast({ title: 'Invalid email', variant: 'destructive' });

    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()).toEqual([
      {
        id: 1,
        title: 'Message sent!',
        description: 'We will reply within 24 hours.',
        variant: 'default',
        duration: TOAST_DURATION_MS,
      },
      {
        id: 2,
        title: 'Invalid email',
        description: undefined,
        variant: 'destructive',
        duration: DESTRUCTIVE_TOAST_DURATION_MS,
      },
    ]);
  });

  it('dismisses by id and ignores unknown ids', () => {
    const store = createToastStore();
    const first = store.toast({ title: 'A' });
    store.toast({ title: 'B' });
    const listener = vi.fn();
    store.subscribe(listener);

    store.dismiss(first);
    store.dismiss(999);

    expect(store.getSnapshot().map((t) => t.title)).toEqual(['B']);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it(`keeps only the newest ${TOAST_LIMIT}`, () => {
    const store = createToastStore();
    for (const title of ['1', '2', '3', '4', '5']) store.toast({ title });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['3', '4', '5']);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.toast({ title: 'A' });
    store.clear();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual([]);
  });
});
