import { describe, expect, it, vi } from 'vitest';
import { sendLeadWebhook } from './send-webhook';
import { buildWebhookPayload } from './webhook-payload';

const payload = buildWebhookPayload(
  {
    companyName: 'Oxygen Plus Supply',
    yourName: 'Ray Chen',
    email: 'ray@oxygenplus.example',
    phone: '555-0100',
    howCanWeHelp: 'A/R cleanup',
    howManyUsers: '3',
    yearsInBusiness: '4',
    claimsPerMonth: '300',
    currentSoftware: 'None',
    aboutProducts: 'Oxygen',
  },
  { submittedAt: new Date('2026-01-05T10:00:00Z'), captchaToken: 'tok' },
);

describe('sendLeadWebhook', () => {
  it('POSTs the JSON payload in no-cors mode and does not read the response', async () => {
    const response = { json: vi.fn(), text: vi.fn() };
    const fetchImpl = vi.fn().mockResolvedValue(response);

    await sendLeadWebhook('http://localhost:54321/functions/v1/lead-relay', payload, fetchImpl);

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://localhost:54321/functions/v1/lead-relay');
    expect(init.method).toBe('POST');
    expect(init.mode).toBe('no-cors');
    expect(JSON.parse(init.body as string)).toEqual(payload);
    expect(response.json).not.toHaveBeenCalled();
    expect(response.text).not.toHaveBeenCalled();
  });

  it('logs a network failure without throwing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new TypeError('Failed to fetch');
    const fetchImpl = vi.fn().mockRejectedValue(failure);

    await expect(sendLeadWebhook('https://hooks.example.com/x', payload, fetchImpl)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Lead webhook request failed (non-critical):', failure);
  });
});
