import { describe, expect, it, vi } from 'vitest';
import { pdfFileName, saveFromUrl } from './download-file';

describe('downloads', () => {
  it('names the file after the title', () => {
    expect(pdfFileName('The DME Denial Management Playbook')).toBe('The DME Denial Management Playbook.pdf');
    expect(pdfFileName('PAP / Oxygen: Guide')).toBe('PAP - Oxygen- Guide.pdf');
    expect(pdfFileName('  ')).toBe('whitepaper.pdf');
  });

  it('fails on an HTTP error instead of saving an error page', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('nope', { status: 404 })));
    await expect(saveFromUrl('https://x.example/a.pdf', 'a.pdf', fetchImpl)).rejects.toThrow('HTTP 404');
  });
});
