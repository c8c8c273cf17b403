import { describe, expect, it } from 'vitest';
import { shortAgent } from './user-agent';

describe('shortAgent', () => {
  it('names the browser and system of a user agent', () => {
    expect(
      shortAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows');
    expect(
      shortAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari 17 on macOS');
    expect(shortAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 on Linux',
    );
    expect(
      shortAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 on Windows');
    expect(shortAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortAgent(`python-requests/2.31 ${'x'.repeat(60)}`)).toHaveLength(40);
    expect(shortAgent(null)).toBe('—');
  });
});
