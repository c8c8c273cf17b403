// The admin token: HS256 with the project secret, role authenticated, app_metadata.admin, 8 hours,
// and a passcode_version (HMAC of the configured passcode hash) so a new passcode revokes old tokens.
import { base64url, constantTimeEqual, fromBase64, hmac, jwtSecret, toHex } from './crypto.ts'
import { sql } from './db.ts'

export const ADMIN_USER_ID = '00000000-0000-0000-0000-00000000ad01'
const TTL_SECS = 8 * 60 * 60

export async function passcodeVersion(passcodeHash: string): Promise<string> {
  const mac = await hmac(jwtSecret(), 'claimbridge admin passcode version\0', passcodeHash.trim())
  return toHex(mac.slice(0, 6))
}

/**
 * Records the configured passcode generation in private.admin_settings, which RLS
 * (private.is_admin()) checks admin tokens against, so a new ADMIN_PASSCODE_HASH revokes old
 * tokens in the database too. The Rust server does this at start; a function has no start, so
 * simple-auth does it on every call (a no-op write when unchanged).
 */
export async function recordPasscodeVersion(passcodeHash: string): Promise<void> {
  const version = await passcodeVersion(passcodeHash)
  await sql()`insert into private.admin_settings (singleton, passcode_version) values (true, ${version})
    on conflict (singleton) do update set passcode_version = excluded.passcode_version, updated_at = now()
    where private.admin_settings.passcode_version is distinct from excluded.passcode_version`
}

/** A new token; sessionId is its session_id claim, which the activity log names the session by. */
export async function issue(passcodeHash: string): Promise<{ token: string; expiresAt: number; sessionId: string }> {
  const now = Math.floor(Date.now() / 1000)
  const claims = {
    iss: 'claimbridge', sub: ADMIN_USER_ID, aud: 'authenticated', role: 'authenticated', iat: now, exp: now + TTL_SECS,
    email: '', phone: '',
    app_metadata: { provider: 'passcode', providers: ['passcode'], admin: true, passcode_version: await passcodeVersion(passcodeHash) },
    user_metadata: {}, aal: 'aal1', amr: [{ method: 'password', timestamp: now }],
    session_id: crypto.randomUUID(), is_anonymous: false,
  }
  const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)))
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`
  return {
    token: `${unsigned}.${base64url(await hmac(jwtSecret(), unsigned))}`,
    expiresAt: claims.exp,
    sessionId: claims.session_id,
  }
}

export type Validation = { valid: true; exp: number } | { valid: false; error: string }

export async function validate(token: string, passcodeHash: string): Promise<Validation> {
  const parts = token.split('.')
  if (parts.length !== 3) return { valid: false, error: 'Invalid token' }
  let header: Record<string, unknown>
  let claims: Record<string, any>
  try {
    header = JSON.parse(new TextDecoder().decode(fromBase64(parts[0])))
    claims = JSON.parse(new TextDecoder().decode(fromBase64(parts[1])))
  } catch {
    return { valid: false, error: 'Invalid token' }
  }
  const expected = base64url(await hmac(jwtSecret(), `${parts[0]}.${parts[1]}`))
  if (header.alg !== 'HS256' || !constantTimeEqual(expected, parts[2])) return { valid: false, error: 'Invalid token' }
  if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(Date.now() / 1000)) return { valid: false, error: 'Token expired' }
  if (claims.role !== 'authenticated' || claims.app_metadata?.admin !== true) return { valid: false, error: 'Not an admin token' }
  const version = claims.app_metadata?.passcode_version
  if (typeof version !== 'string' || !constantTimeEqual(version, await passcodeVersion(passcodeHash))) {
    return { valid: false, error: 'Token revoked: the passcode has changed' }
  }
  return { valid: true, exp: claims.exp }
}
