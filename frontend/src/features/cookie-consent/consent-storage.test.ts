import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_CONSENT_EVENT,
  COOKIE_CONSENT_KEY,
  readConsent,
  writeConsent,
  type CookieConsent,
} from './consent-storage';

afterEach(() => {
  localStorage.clear();
});

describe('cookie consent storage', () => {
  it('uses the cookieConsent key', () => {
    expect(COOKIE_CONSENT_KEY).toBe('cookieConsent');
  });

  it('is unset until a choice is stored', () => {
    expect(readConsent()).toBeNull();
  });

  it.each<CookieConsent>(['accepted', 'declined'])('stores and reads %s', (consent) => {
    expect(writeConsent(consent)).toBe(true);
    expect(localStorage.getItem('cookieConsent')).toBe(consent);
    expect(readConsent()).toBe(consent);
  });

  it('treats an unknown stored value as unset', () => {
    localStorage.setItem('cookieConsent', 'maybe');
    expect(readConsent()).toBeNull();
  });

  it('treats unreadable storage as unset and survives a refused write', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(readConsent(broken)).toBeNull();
    expect(writeConsent('accepted', broken)).toBe(false);
    expect(readConsent(null)).toBeNull();
  });

  it('announces the choice on window', () => {
    const listener = vi.fn();
    window.addEventListener(COOKIE_CONSENT_EVENT, listener);
    writeConsent('declined');
    window.removeEventListener(COOKIE_CONSENT_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]?.[0] as CustomEvent<CookieConsent>).detail).toBe('declined');
  });
});
