import { describe, expect, it } from 'vitest';
import { detectBrowser, detectDeviceType } from './detect';
import { buildPageViewRow } from './page-analytics';
import { scrollDepthPercent, secondsBetween } from './scroll-depth';
import { createSessionId, getSessionId, SESSION_ID_PATTERN, SESSION_STORAGE_KEY } from '@/lib/session-id';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('session id', () => {
  it('has the form session_{timestamp}_{random}', () => {
    const id = createSessionId(1_700_000_000_123, () => 0.123456789);
    expect(id).toMatch(/^session_1700000000123_[a-z0-9]{9}$/);
    expect(id).toMatch(SESSION_ID_PATTERN);
  });

  it('differs between calls with different randomness', () => {
    expect(createSessionId(1, () => 0.1)).not.toBe(createSessionId(1, () => 0.2));
  });

  it('is created once per tab and kept in sessionStorage', () => {
    window.sessionStorage.clear();
    const first = getSessionId();
    expect(first).toMatch(SESSION_ID_PATTERN);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBe(first);
    expect(getSessionId()).toBe(first);
  });

  it('replaces a malformed stored value', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, 'bogus');
    expect(getSessionId()).toMatch(SESSION_ID_PATTERN);
  });
});

describe('user agent', () => {
  it.each([
    [UA.chrome, 'desktop', 'Chrome'],
    [UA.chrome.replace('Chrome/', 'HeadlessChrome/'), 'desktop', 'Chrome'],
    [UA.edge, 'desktop', 'Edge'],
    [UA.opera, 'desktop', 'Opera'],
    [UA.firefox, 'desktop', 'Firefox'],
    [UA.safariMac, 'desktop', 'Safari'],
    [UA.iphone, 'mobile', 'Safari'],
    [UA.ipad, 'tablet', 'Safari'],
    [UA.androidPhone, 'mobile', 'Chrome'],
    [UA.androidTablet, 'tablet', 'Chrome'],
    [UA.curl, 'desktop', 'Unknown'],
    ['', 'desktop', 'Unknown'],
  ])('%s: a %s device, browser %s', (ua, device, browser) => {
    expect(detectDeviceType(ua)).toBe(device);
    expect(detectBrowser(ua)).toBe(browser);
  });
});

describe('scroll depth', () => {
  it('is the seen share of the page in whole percent', () => {
    expect(scrollDepthPercent({ scrollTop: 0, viewportHeight: 800, documentHeight: 3200 })).toBe(25);
    expect(scrollDepthPercent({ scrollTop: 800, viewportHeight: 800, documentHeight: 3200 })).toBe(50);
  });

  it('is capped at 100', () => {
    expect(scrollDepthPercent({ scrollTop: 5000, viewportHeight: 800, documentHeight: 3200 })).toBe(100);
    expect(scrollDepthPercent({ scrollTop: 0, viewportHeight: 900, documentHeight: 600 })).toBe(100);
  });

  it('never goes below 0 and copes with an empty document', () => {
    expect(scrollDepthPercent({ scrollTop: -50, viewportHeight: 0, documentHeight: 1000 })).toBe(0);
    expect(scrollDepthPercent({ scrollTop: 0, viewportHeight: 800, documentHeight: 0 })).toBe(0);
  });

  it('time on page is whole seconds, never negative', () => {
    expect(secondsBetween(1000, 13_600)).toBe(13);
    expect(secondsBetween(5000, 1000)).toBe(0);
  });
});

describe('page view row', () => {
  it('holds the §3 fields with detected device and browser, and whether the page was not found', () => {
    const row = buildPageViewRow({
      sessionId: 'session_1_abc',
      path: '/blog',
      title: 'Blog | ClaimBridge',
      referrer: 'https://example.com/',
      userAgent: UA.iphone,
      visitedAt: new Date('2026-01-02T03:04:05.000Z'),
      notFound: false,
    });
    expect(row).toEqual({
      session_id: 'session_1_abc',
      page_path: '/blog',
      page_title: 'Blog | ClaimBridge',
      referrer: 'https://example.com/',
      user_agent: UA.iphone,
      device_type: 'mobile',
      browser: 'Safari',
      visited_at: '2026-01-02T03:04:05.000Z',
      not_found: false,
    });
  });
});
