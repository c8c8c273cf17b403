/** Cookie consent (spec §3, §4): unset, accepted or declined, kept in local storage. */
export const COOKIE_CONSENT_KEY = 'cookieConsent';

export type CookieConsent = 'accepted' | 'declined';

/** Fired on window after the visitor chooses, with the choice as `detail`. */
export const COOKIE_CONSENT_EVENT = 'cookieconsentchange';

type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): ConsentStorage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled (privacy settings, sandboxed frames).
    return null;
  }
}

/** The stored choice; anything else (missing, unknown value, unreadable storage) is unset. */
export function readConsent(storage: ConsentStorage | null = browserStorage()): CookieConsent | null {
  try {
    const value = storage?.getItem(COOKIE_CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Stores the choice and announces it. Returns false when storage refused the write. */
export function writeConsent(consent: CookieConsent, storage: ConsentStorage | null = browserStorage()): boolean {
  let stored = false;
  try {
    if (storage) {
      storage.setItem(COOKIE_CONSENT_KEY, consent);
      stored = true;
    }
  } catch {
    stored = false;
  }
  window.dispatchEvent(new CustomEvent<CookieConsent>(COOKIE_CONSENT_EVENT, { detail: consent }));
  return stored;
}
