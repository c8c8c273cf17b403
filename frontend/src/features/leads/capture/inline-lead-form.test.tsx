import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LeadFormBlock } from '@/components/blocks/kinds/lead-form-block';
import { InlineLeadFormContext } from '@/components/lead-capture/inline-lead-form-context';
import { Toaster } from '@/components/ui/toast';
import { captchaReset } from './captcha-stand-in';
import { InlineLeadForm, LandingLeadForm } from './inline-lead-form';
import { fillLeadForm, setUpLeadFormTests, submitLeadForm } from './lead-form-testing';

// A stand-in widget: "Solve captcha" reports a token the way the real widget does.
vi.mock('./captcha-field', () => import('./captcha-stand-in'));

const ANSWERS: Record<string, string> = {
  'Company name': 'Lakeshore Home Medical',
  'Your name': 'Tom Okafor',
  'Work email': 'tom@lakeshorehomemedical.com',
  Phone: '(312) 555-0164',
  'How can we help?': 'Hospital bed rentals keep hitting the capped rental cutoff unbilled.',
  'How many users?': '11-25',
  'Years in business': '17',
  'Claims per month': '2,100',
  'Current software': 'Bonafide',
  'Tell us about your products': 'Hospital beds, oxygen, enteral nutrition',
};

const ROUTE = '/capped-rental-webinar';
const WEBHOOK = 'http://localhost/functions/v1/lead-relay';
const LOADED = new Date('2026-06-10T15:00:00Z').getTime();

const landingForm = (
  <LandingLeadForm
    route={ROUTE}
    titleId="signup-title"
    submitLabel="Save my seat"
    webhookUrl={WEBHOOK}
    captchaProvider="altcha"
    captchaChallengeUrl="http://localhost/functions/v1/captcha-challenge"
  />
);

function renderForm() {
  return render(
    <>
      {landingForm}
      <Toaster />
    </>,
  );
}

function fillAll(overrides: Record<string, string> = {}) {
  fillLeadForm({ ...ANSWERS, ...overrides });
}

const submitForm = () => submitLeadForm(document.querySelector('form') as HTMLFormElement);

const fetchMock = setUpLeadFormTests(LOADED);

describe('LeadFormBlock with the inline form', () => {
  it('renders the section (h2 and text) with the contact fields inline, every one labelled and required', () => {
    render(
      <InlineLeadFormContext value={(props) => <InlineLeadForm {...props} />}>
        <LeadFormBlock
          data={{
            anchor: 'register',
            title: 'Register for the capped rental webinar',
            text: 'Thirty minutes on month 13.',
            submitLabel: '',
          }}
          blockId="signup"
          route={ROUTE}
        />
      </InlineLeadFormContext>,
    );
    const section = screen.getByRole('region', { name: 'Register for the capped rental webinar' });
    expect(section.id).toBe('register');
    expect(screen.getByRole('form', { name: 'Register for the capped rental webinar' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const label of Object.keys(ANSWERS)) {
      expect(screen.getByLabelText<HTMLInputElement>(label).required).toBe(true);
    }
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).toBeTruthy();
    // An empty label falls back to the dialog's; until the captcha is solved the button cannot send.
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: "Let's Connect" });
    expect(submit.disabled).toBe(true);
    expect(document.querySelector('noscript')).toBeTruthy();
  });

  it('sends the lead through the lead relay with the landing page as its source, then thanks inline', async () => {
    renderForm();
    vi.setSystemTime(LOADED + 60_000);
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save my seat' }).disabled).toBe(false);
    await submitForm();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(WEBHOOK);
    expect(JSON.parse(init.body as string)).toMatchObject({
      companyName: 'Lakeshore Home Medical',
      email: 'tom@lakeshorehomemedical.com',
      source: 'ClaimBridge landing page /capped-rental-webinar',
      recaptchaToken: 'captcha-token',
    });
    expect(screen.getByText('Message sent!', { selector: '.toast *' })).toBeTruthy();
    const thanks = screen.getByRole('status');
    expect(thanks.textContent).toContain('reply within 24 hours');
    expect(document.activeElement).toBe(thanks);
    expect(captchaReset).toHaveBeenCalledTimes(1);

    // Another message starts with empty fields.
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('');
  });

  it('runs the dialog checks: too fast, a bad email and the honeypot send nothing and keep the answers', async () => {
    renderForm();
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Solve captcha' }));
    vi.setSystemTime(LOADED + 2000);
    await submitForm();
    expect(screen.getByText('Please slow down')).toBeTruthy();

    vi.setSystemTime(LOADED + 60_000);
    fillAll({ 'Work email': 'tom@lakeshore' });
    await submitForm();
    expect(screen.getByText('Invalid email')).toBeTruthy();

    fillAll();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]') as HTMLInputElement;
    trap.value = 'https://spam.example';
    await submitForm();
    expect(screen.getByText('Submission failed')).toBeTruthy();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Company name').value).toBe('Lakeshore Home Medical');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('LandingLeadForm before hydration', () => {
  it('keeps what a visitor typed into the server-rendered fields before the app took over, and sends it', async () => {
    const form = landingForm;
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.appendChild(container);
    // Typed into the server's HTML while the app's code was still loading.
    for (const [label, value] of Object.entries(ANSWERS)) {
      const field = within(container).getByLabelText<HTMLInputElement>(label);
      field.value = value;
    }
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, form);
      await Promise.resolve();
    });
    for (const [label, value] of Object.entries(ANSWERS)) {
      expect(within(container).getByLabelText<HTMLInputElement>(label).value, label).toBe(value);
    }
    vi.setSystemTime(LOADED + 60_000);
    fireEvent.click(within(container).getByRole('button', { name: 'Solve captcha' }));
    await submitForm();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      companyName: 'Lakeshore Home Medical',
      email: 'tom@lakeshorehomemedical.com',
      aboutProducts: 'Hospital beds, oxygen, enteral nutrition',
    });
    act(() => {
      root?.unmount();
    });
    container.remove();
  });
});
