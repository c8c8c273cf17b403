import { useImperativeHandle } from 'react';
import { vi } from 'vitest';
import type { CaptchaFieldProps } from './captcha-field';

/** Called when a form resets its captcha (after a lead is sent). */
export const captchaReset = vi.fn();

/**
 * The lead forms' tests' captcha widget (`vi.mock('./captcha-field', () => import('./captcha-stand-in'))`):
 * its "Solve captcha" button reports a token the way the real widget does.
 */
export function CaptchaField({ onChange, ref }: CaptchaFieldProps) {
  useImperativeHandle(ref, () => ({ reset: captchaReset }));
  return (
    <button
      type="button"
      onClick={() => {
        onChange('captcha-token');
      }}
    >
      Solve captcha
    </button>
  );
}
