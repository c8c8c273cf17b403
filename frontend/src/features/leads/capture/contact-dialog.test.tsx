import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import type { ContactFormValues } from '@/features/leads/submission/contact-form';
import { captchaReset } from './captcha-stand-in';
import { ContactDialog } from './contact-dialog';
import { fillLeadForm, setUpLeadFormTests, submitLeadForm } from './lead-form-testing';

// A stand-in widget: "Solve captcha" reports a token the way the real widget does.
vi.mock('./captcha-field', () => import('./captcha-stand-in'));

const ANSWERS: Record<string, string> = {
  'Company name': 'Summit Home Medical',
  'Your name': 'Dana Whitfield',
  'Work email': 'dana@summithomemedical.com',
  Phone: '(615) 555-0187',
  'How can we help?': 'CPAP resupply denials doubled.',
  'How many users?': '5-10',
  'Years in business': '12',
  'Claims per month': '1,400',
  'Current software': 'Spreadsheets',
  'Tell us about your products': 'CPAP, oxygen, hospital beds',
};

const OPENED = new Date('2026-03-02T14:00:00Z').getTime();

function Harness({ webhookUrl = 'http://localhost/functions/v1/lead-relay' }: { webhookUrl?: string }) {
  const [state, setState] = useState({ open: true, openedAt: OPENED });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setState({ open: true, openedAt: Date.now() });
        }}
      >
        Reopen
      </button>
      <ContactDialog
        open={state.open}
        openedAt={state.openedAt}
        onClose={() => {
          setState((s) => ({ ...s, open: false }));
        }}
        webhookUrl={webhookUrl}
        captchaProvider="altcha"
        captchaChallengeUrl="http://localhost/functions/v1/captcha-challenge"
      />
      <Toaster />
    </>
  );
}

function fillAll(overrides: Record<string, string> = {}) {
  fillLeadForm({ ...ANSWERS, ...overrides });
}

const submitButton = () => screen.getByRole('button', { name: /Let's Connect|Connecting\.\.\./ });

const submitForm = () => submitLeadForm(submitButton().closest('form') as HTMLFormElement);

const fetchMock = setUpLeadFormTests(OPENED + 10_000);

describe('ContactDialog', () => {
  it("is titled 'Connect with us', labels every field and requires all but the honeypot", () => {
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Connect with us' })).toBeTruthy();
    for (const label of Object.keys(ANSWERS)) {
      expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Work email').type).toBe('email');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').type).toBe('tel');
    expect(screen.getByLabelText('How can we help?').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Tell us about your products').tagName).toBe('TEXTAREA');

    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.required).toBe(false);
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('focuses the first field on open', () => {
    render(<Harness />);
    expect(document.activeElement).toBe(screen.getByLabelText('Company name'));
  });

  it("keeps 'Let's Connect' disabled until the captcha is completed", () => {
    render(<Harness />);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    expect(submitButton().textContent).toBe("Let's Connect");
  });

  it.each<[string, () => void, string, string]>([
    [
      'a filled honeypot',
      () => {
        (document.querySelector('input[name="website"]') as HTMLInputElement).value = 'spam';
      },
      'Submission failed',
      'Please try again later.',
    ],
    [
      'a submit under 3 seconds',
      () => {
        vi.setSystemTime(OPENED + 1500);
      },
      'Please slow down',
      'Please take a moment to review your information.',
    ],
    [
      'a bad email',
      () => {
        fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'dana@summit' } });
      },
      'Invalid email',
      'Please enter a valid email address.',
    ],
    ['no captcha', () => undefined, 'Please verify', 'Please complete the reCAPTCHA verification.'],
  ])('rejects %s with its toast and keeps the dialog and data', async (_, arrange, title, description) => {
    render(<Harness />);
    fillAll();
    if (title !== 'Please verify') fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    arrange();

    await submitForm();

    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByText(title).closest('li')?.className).toContain('toast--destructive');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Connect with us' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('Summit Home Medical');
  });

  it('sends the lead, confirms, clears the form, resets the captcha and closes', async () => {
    render(<Harness />);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));

    await submitForm();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost/functions/v1/lead-relay');
    expect(init.mode).toBe('no-cors');
    const payload = JSON.parse(init.body as string) as ContactFormValues & Record<string, string>;
    expect(payload).toMatchObject({
      companyName: 'Summit Home Medical',
      yourName: 'Dana Whitfield',
      source: 'ClaimBridge website contact form',
      recaptchaToken: 'captcha-token',
      timestamp: new Date(OPENED + 10_000).toISOString(),
    });

    expect(screen.getByText('Message sent!')).toBeTruthy();
    expect(screen.getByText("Your message has been sent. We'll get back to you within 24 hours.")).toBeTruthy();
    expect(captchaReset).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Connecting...' while sending", async () => {
    let finish: (value: Response) => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        finish = resolve;
      }),
    );
    render(<Harness />);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));

    await submitForm();
    expect(submitButton().textContent).toBe('Connecting...');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      finish(new Response(null));
      await Promise.resolve();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still reports success when the webhook request fails (logged only)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<Harness />);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));

    await submitForm();

    expect(warn).toHaveBeenCalled();
    expect(screen.getByText('Message sent!')).toBeTruthy();
  });

  it('keeps answers when closed and reopened without sending', () => {
    render(<Harness />);
    fillAll();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(screen.getByLabelText<HTMLInputElement>('Your name').value).toBe('Dana Whitfield');
  });
});
