import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaField, type CaptchaFieldHandle } from './captcha-field';

const altchaModule = vi.hoisted(() => ({ loads: 0 }));

vi.mock('altcha', () => {
  altchaModule.loads += 1;
  return {};
});

function stateChange(widget: Element, state: string, payload?: string) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

describe('CaptchaField (altcha)', () => {
  it('renders the altcha widget with the challenge URL', () => {
    const { container } = render(
      <CaptchaField
        provider="altcha"
        challengeUrl="http://localhost:54321/functions/v1/captcha-challenge"
        onChange={vi.fn()}
      />,
    );
    const widget = container.querySelector('altcha-widget');
    expect(widget?.getAttribute('challenge')).toBe('http://localhost:54321/functions/v1/captcha-challenge');
  });

  it('reports the solution payload when verified and null otherwise', () => {
    const onChange = vi.fn();
    const { container } = render(<CaptchaField provider="altcha" challengeUrl="/c" onChange={onChange} />);
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
    const { container } = render(<CaptchaField provider="altcha" challengeUrl="/c" onChange={onChange} ref={ref} />);
    const widget = container.querySelector('altcha-widget') as HTMLElement & { reset?: () => void };
    widget.reset = vi.fn();

    act(() => {
      ref.current?.reset();
    });

    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('loads the altcha module when rendered', async () => {
    render(<CaptchaField provider="altcha" challengeUrl="/c" onChange={vi.fn()} />);
    await waitFor(() => {
      expect(altchaModule.loads).toBe(1);
    });
  });
});

describe('CaptchaField (not usable)', () => {
  it('explains that the form cannot be sent without a challenge URL', () => {
    const { getByRole } = render(<CaptchaField provider="altcha" challengeUrl={undefined} onChange={vi.fn()} />);
    expect(getByRole('alert').textContent).toContain('Verification is not available');
  });
});
