/** sessionStorage key of the analytics session id (one id per browser tab). */
export const SESSION_STORAGE_KEY = 'analytics_session_id';

/** Request header the server's row-level security reads to scope a visitor to its own rows. */
export const SESSION_HEADER = 'x-claimbridge-session';

export const SESSION_ID_PATTERN = /^session_\d+_[A-Za-z0-9]+$/;

/** `session_{timestamp}_{random}`: epoch milliseconds and 9 base-36 characters. */
export function createSessionId(now: number = Date.now(), random: () => number = Math.random): string {
  let suffix = '';
  while (suffix.length < 9) suffix += random().toString(36).slice(2);
  suffix = suffix
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 9)
    .padEnd(9, '0');
  return `session_${Math.floor(now)}_${suffix}`;
}

/** The tab's session id: read from storage, or created and stored on first use. */
export function getSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSessionStorage()): string {
  const existing = storage?.getItem(SESSION_STORAGE_KEY);
  if (existing && SESSION_ID_PATTERN.test(existing)) return existing;
  const id = createSessionId();
  try {
    storage?.setItem(SESSION_STORAGE_KEY, id);
  } catch (error) {
    console.warn('Analytics session id could not be stored:', error);
  }
  return id;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
