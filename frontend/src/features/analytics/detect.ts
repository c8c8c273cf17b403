export type DeviceType = 'tablet' | 'mobile' | 'desktop';
export type BrowserName = 'Chrome' | 'Firefox' | 'Safari' | 'Edge' | 'Opera' | 'Unknown';

const TABLET = /(tablet|ipad|playbook|silk)|(android(?!.*mobi))/i;
const MOBILE = /Mobile|Android|iP(hone|od)|IEMobile|BlackBerry|Kindle|Silk-Accelerated|(hpw|web)OS|Opera M(obi|ini)/;

/** Device class from the user agent: tablets first (Android without "Mobi" is a tablet). */
export function detectDeviceType(userAgent: string): DeviceType {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * Browser family from the user agent. Edge and Opera also say "Chrome" and Chrome also
 * says "Safari", so the more specific tokens are tested first.
 */
export function detectBrowser(userAgent: string): BrowserName {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/\bOPR\/|\bOpera\b|\bOPiOS\//.test(userAgent)) return 'Opera';
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|\bCriOS\/|\bChromium\//.test(userAgent)) return 'Chrome';
  if (/\bSafari\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}
