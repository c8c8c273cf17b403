// simple-auth: the admin passcode login and token check (same contract as the Rust handler).
//   {action:'login', passcode} → {success:true, token, expiresAt} | {success:false, error}
//   {action:'validate', token} → {valid:true, expiresAt} | {valid:false, error}
// Failures per client IP are counted in PostgreSQL; past LOGIN_FAILURE_LIMIT (10/15m) the answer
// is 429 with Retry-After without checking the passcode; every failure takes at least 300 ms.
// Every outcome goes to the admin activity log (private.record_sign_in) with the client IP and
// user agent, a correct passcode with the new token's session_id, as the Rust handler does.
import { argon2Verify } from 'npm:hash-wasm@4.13.0'
import { issue, recordPasscodeVersion, validate } from '../_shared/admin-token.ts'
import { parseLimit, rateLimitTake, sql } from '../_shared/db.ts'
import { clientIp, json, postedObject, waitText } from '../_shared/http.ts'

const FAILURE_DELAY_MS = 300

type SignIn = 'sign_in' | 'sign_in_failed' | 'sign_in_locked'

async function recordSignIn(action: SignIn, sessionId: string | null, client: string, userAgent: string | null) {
  await sql()`select private.record_sign_in(${action}, ${sessionId}, ${client === 'unknown' ? null : client},
    ${userAgent === null ? null : userAgent.slice(0, 1024)})`
}

/**
 * A refused attempt is answered as refused whether or not the log took it (a 5xx would tell a
 * guesser nothing useful and the admin nothing new; the warning is in the function's logs).
 */
async function recordFailure(action: SignIn, client: string, userAgent: string | null) {
  try {
    await recordSignIn(action, null, client, userAgent)
  } catch (error) {
    console.warn(`simple-auth: ${action} from ${client} not recorded in the activity log:`, error)
  }
}

export async function handler(request: Request, info?: Deno.ServeHandlerInfo): Promise<Response> {
  const body = await postedObject(request, 16 * 1024, { success: false })
  if (body instanceof Response) return body
  const passcodeHash = Deno.env.get('ADMIN_PASSCODE_HASH') ?? ''
  await recordPasscodeVersion(passcodeHash)
  if (body.action === 'validate') {
    if (typeof body.token !== 'string' || !body.token) return json({ valid: false, error: 'Token is required' })
    const result = await validate(body.token, passcodeHash)
    return json(result.valid ? { valid: true, expiresAt: result.exp } : result)
  }
  if (body.action !== 'login') return json({ success: false, error: "Unknown action: use 'login' or 'validate'" }, 400)
  const passcode = body.passcode
  if (typeof passcode !== 'string' || !passcode || passcode.length > 1024) {
    return json({ success: false, error: 'Passcode is required' }, 400)
  }
  const client = clientIp(request, (info?.remoteAddr as Deno.NetAddr | undefined)?.hostname)
  const userAgent = request.headers.get('user-agent')
  const retry = await rateLimitTake('login:ip', client, parseLimit(Deno.env.get('LOGIN_FAILURE_LIMIT'), '10/15m'))
  if (retry > 0) {
    await recordFailure('sign_in_locked', client, userAgent)
    return json(
      { success: false, error: `Too many failed attempts. Try again in ${waitText(retry)}.`, retryAfter: retry },
      429,
      { 'Retry-After': String(retry) },
    )
  }
  const started = Date.now()
  let correct = false
  try {
    correct = await argon2Verify({ password: passcode, hash: passcodeHash })
  } catch {
    correct = false
  }
  if (correct) {
    await sql()`delete from private.rate_limit_hits where scope = 'login:ip' and key = ${client}`
    const { token, expiresAt, sessionId } = await issue(passcodeHash)
    // An admin session the log does not show would make everything it does anonymous: a sign-in
    // that cannot be recorded is refused (503, as for a database outage), not granted unrecorded.
    try {
      await recordSignIn('sign_in', sessionId, client, userAgent)
    } catch (error) {
      console.warn(`simple-auth: sign-in from ${client} refused, it could not be recorded:`, error)
      return json({ success: false, error: 'The sign-in could not be recorded: try again shortly' }, 503)
    }
    return json({ success: true, token, expiresAt })
  }
  await recordFailure('sign_in_failed', client, userAgent)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + FAILURE_DELAY_MS - Date.now())))
  return json({ success: false, error: 'Invalid passcode' })
}

if (import.meta.main) Deno.serve(handler)
