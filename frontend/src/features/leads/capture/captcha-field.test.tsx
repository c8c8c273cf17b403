import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaField, type CaptchaFieldHandle, type CaptchaFieldProps } from './captcha-field';

const altchaModule = vi.hoisted(() => ({ loads: 0 }));

vi.mock('altcha', () => {
  altchaModule.loads += 1;
  return {};
});

/** An altcha captcha with a relative challenge URL and a spy for the token, unless told otherwise. */
function renderAltcha(props: Partial<CaptchaFieldProps> = {}) {
  return render(<CaptchaField provider="altcha" challengeUrl="/c" onChange={vi.fn()} {...props} />);
}

function stateChange(widget: Element, state: string, payload?: string) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

describe('CaptchaField (altcha)', () => {
  it('renders the altcha widget with the challenge URL', () => {
    const { container } = renderAltcha({ challengeUrl: 'http://localhost:54321/functions/v1/captcha-challenge' });
    const widget = container.querySelector('altcha-widget');
    expect(widget?.getAttribute('challenge')).toBe('http://localhost:54321/functions/v1/captcha-challenge');
  });

  it('reports the solution payload when verified and null otherwise', () => {
    const onChange = vi.fn();
    const { container } = renderAltcha({ onChange });
    const widget = container.querySelector('altcha-widget') as Element;

    stateChange(widget, 'verifying');
    stateChange(widget, 'verified', 'eyJzb2x1dGlvbiI6e319');
    stateChange(widget, 'expired');
    stateChange(widget, 'error');

    expect(onChange.mock.calls).toEqual([[null], ['eyJzb2x1dGlvbiI6e319'], [null], [null]]);
  });

  it('reset() resets the widget and clears the token', () => {
    const onChange = vi.fn();
    const ref = createRef<CaptchaFieldHandle>();
    const { container } = renderAltcha({ onChange, ref });
    const widget = container.querySelector('altcha-widget') as HTMLElement & { reset?: () => void };
    widget.reset = vi.fn();

    act(() => {
      ref.current?.reset();
    });

    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('loads the altcha module when rendered', async () => {
    renderAltcha();
    await waitFor(() => {
      expect(altchaModule.loads).toBe(1);
    });
  });
});

describe('CaptchaField (not usable)', () => {
  it('explains that the form cannot be sent without a challenge URL', () => {
    const { getByRole } = renderAltcha({ challengeUrl: undefined });
    expect(getByRole('alert').textContent).toContain('Verification is not available');
  });
});
