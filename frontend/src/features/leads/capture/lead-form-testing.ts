import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { captchaReset } from './captcha-stand-in';

/**
 * Sets up each of a lead form's tests: the clock at `now` (the form times how long it was open), a
 * fetch that answers 200 and no captcha resets yet; puts the clock, fetch and toasts back after.
 * Returns that fetch.
 */
export function setUpLeadFormTests(now: number) {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    fetchMock.mockReset().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchMock);
    captchaReset.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    act(() => {
      toastStore.clear();
    });
  });
  return fetchMock;
}

/** Types each answer into the field with its label. */
export function fillLeadForm(answers: Record<string, string>) {
  for (const [label, value] of Object.entries(answers)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

/** Submits `form` like a script would (its button may be disabled); React handles the event. */
export async function submitLeadForm(form: HTMLFormElement) {
  await act(async () => {
    fireEvent.submit(form);
    await Promise.resolve();
  });
}
