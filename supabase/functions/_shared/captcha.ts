// Captcha verification as the Rust server does it: ALTCHA (HMAC-signed SHA-256 proof of work,
// key derived from the JWT secret unless ALTCHA_HMAC_KEY is set) or a provider's siteverify URL,
// and single use per purpose in private.used_captcha_tokens.
import { constantTimeEqual, fromBase64, hmac, jwtSecret, sha256Hex, toHex } from './crypto.ts'
import { sql } from './db.ts'

export type Verified = { replayKey: string; expiresAt: number }
export type CaptchaFailure = { kind: 'missing' | 'invalid' | 'expired' | 'unavailable'; reason: string }

const DEFAULT_VERIFY_URLS: Record<string, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
}

export const provider = () => Deno.env.get('CAPTCHA_PROVIDER') ?? 'altcha'

async function altchaKey(): Promise<Uint8Array> {
  const configured = Deno.env.get('ALTCHA_HMAC_KEY')
  return configured ? new TextEncoder().encode(configured) : await hmac(jwtSecret(), 'claimbridge altcha hmac key')
}

export async function altchaChallenge() {
  const maxNumber = Number(Deno.env.get('ALTCHA_MAX_NUMBER') ?? 100000)
  const ttl = Number(Deno.env.get('ALTCHA_EXPIRES_SECS') ?? 1200)
  // The closing & keeps the number's digits out of the expiry (see SALT below).
  const salt = `${toHex(crypto.getRandomValues(new Uint8Array(12)))}?expires=${Math.floor(Date.now() / 1000) + ttl}&`
  const number = crypto.getRandomValues(new Uint32Array(1))[0] % (maxNumber + 1)
  const challenge = await sha256Hex(`${salt}${number}`)
  const signature = toHex(await hmac(await altchaKey(), challenge))
  return { algorithm: 'SHA-256', challenge, maxnumber: maxNumber, salt, signature }
}

// The one salt form issued (and accepted): 24 hex digits, ?expires=<unix>, then the delimiter. The
// signature covers only SHA-256(salt + number), so without the closing & the leading digits of the
// number could be moved into the expiry (…?expires=1700000000 + 4521 → …?expires=17000000004 + 521)
// and an expired solution revived; any other salt, older ones without the & included, is refused.
const SALT = /^[0-9a-f]{24}\?expires=([0-9]{1,12})&$/

const fail = (kind: CaptchaFailure['kind'], reason: string): CaptchaFailure => ({ kind, reason })

async function verifyAltcha(token: string): Promise<Verified | CaptchaFailure> {
  if (token.length > 4096) return fail('invalid', 'captcha invalid: the solution is too long')
  let payload: Record<string, any>
  try {
    payload = JSON.parse(new TextDecoder().decode(fromBase64(token.trim())))
  } catch {
    return fail('invalid', 'captcha invalid: not an ALTCHA solution')
  }
  if (!payload || typeof payload.salt !== 'string' || typeof payload.challenge !== 'string' ||
      typeof payload.signature !== 'string' || !Number.isInteger(payload.number)) {
    return fail('invalid', 'captcha invalid: not an ALTCHA solution')
  }
  if (payload.algorithm !== 'SHA-256') return fail('invalid', 'captcha invalid: unsupported algorithm')
  const saltForm = SALT.exec(payload.salt)
  const expires = saltForm ? Number(saltForm[1]) : 0
  if (!expires) return fail('invalid', 'captcha invalid: no expiry')
  if (expires <= Math.floor(Date.now() / 1000)) return fail('expired', 'captcha expired')
  if ((await sha256Hex(`${payload.salt}${payload.number}`)) !== payload.challenge) {
    return fail('invalid', 'captcha invalid: wrong solution')
  }
  if (!constantTimeEqual(toHex(await hmac(await altchaKey(), payload.challenge)), payload.signature)) {
    return fail('invalid', 'captcha invalid: bad signature')
  }
  return { replayKey: await sha256Hex(`altcha:${payload.challenge}`), expiresAt: expires }
}

async function verifyRemote(token: string, remoteIp: string): Promise<Verified | CaptchaFailure> {
  const url = Deno.env.get('CAPTCHA_VERIFY_URL') || DEFAULT_VERIFY_URLS[provider()]
  const form = new URLSearchParams({ secret: Deno.env.get('CAPTCHA_SECRET_KEY') ?? '', response: token })
  if (remoteIp !== 'unknown') form.set('remoteip', remoteIp)
  let body: Record<string, any>
  try {
    const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) })
    if (!response.ok) return fail('unavailable', `captcha provider answered HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    return fail('unavailable', `captcha provider: ${error}`)
  }
  if (body.success !== true) return fail('invalid', 'captcha invalid: rejected by the captcha provider')
  if (typeof body.score === 'number' && body.score < Number(Deno.env.get('CAPTCHA_MIN_SCORE') ?? 0.5)) {
    return fail('invalid', 'captcha invalid: captcha score too low')
  }
  return { replayKey: await sha256Hex(`remote:${token}`), expiresAt: Math.floor(Date.now() / 1000) + 900 }
}

export async function verify(token: string, remoteIp: string): Promise<Verified | CaptchaFailure> {
  if (!token.trim()) return fail('missing', 'captcha missing')
  return provider() === 'altcha' ? verifyAltcha(token) : verifyRemote(token, remoteIp)
}

export const isVerified = (result: Verified | CaptchaFailure): result is Verified => 'replayKey' in result

/** Marks a verified token used for `purpose`; false when it already was. */
export async function consume(purpose: string, verified: Verified): Promise<boolean> {
  const rows = await sql()`
    insert into private.used_captcha_tokens (token_hash, expires_at)
    values (${`${purpose}:${verified.replayKey}`}, to_timestamp(${verified.expiresAt}))
    on conflict (token_hash) do nothing returning 1 as used`
  return rows.length === 1
}
