// antispam-check: {email, ip, recaptchaToken} → 200 {allowed:true, ticket, expiresAt} or a non-2xx
// {allowed:false, error}. The body's ip is ignored. Order: email syntax (400), per-IP and per-email
// windows (429), captcha (403), single use (403) — as the Rust handler. An allowed visitor gets a
// single-use lead ticket (256 random bits, stored hashed by private.lead_ticket_issue with the client
// IP, the email and the lead relay's per-IP limit) that the whitepaper form's INSERT must carry in
// the x-claimbridge-lead-ticket header (migration 20261126000200_lead_tickets.sql).
import { consume, isVerified, verify } from '../_shared/captcha.ts'
import { base64url } from '../_shared/crypto.ts'
import { parseLimit, rateLimitTake, sql } from '../_shared/db.ts'
import { clientIp, json, postedObject, waitText } from '../_shared/http.ts'
import { isValidEmail } from '../_shared/lead.ts'

export async function handler(request: Request, info?: Deno.ServeHandlerInfo): Promise<Response> {
  const body = await postedObject(request, 16 * 1024, { allowed: false })
  if (body instanceof Response) return body
  const email = (typeof body.email === 'string' ? body.email : '').trim().toLowerCase()
  if (!isValidEmail(email)) return json({ allowed: false, error: 'Invalid email address' }, 400)
  const token = [body.recaptchaToken, body.captchaToken, body.altcha].find((value) => typeof value === 'string') as string ?? ''
  const client = clientIp(request, (info?.remoteAddr as Deno.NetAddr | undefined)?.hostname)
  for (const [scope, key, limit] of [
    ['antispam:ip', client, parseLimit(Deno.env.get('ANTISPAM_IP_RATE_LIMIT'), '5/10m')],
    ['antispam:email', email, parseLimit(Deno.env.get('ANTISPAM_EMAIL_RATE_LIMIT'), '3/1h')],
  ] as const) {
    const retry = await rateLimitTake(scope, key, limit)
    if (retry > 0) {
      return json(
        { allowed: false, error: `Too many requests: please wait ${waitText(retry)} before submitting again`, retryAfter: retry },
        429,
        { 'Retry-After': String(retry) },
      )
    }
  }
  const result = await verify(token.trim(), client)
  if (!isVerified(result)) {
    if (result.kind === 'unavailable') {
      return json({ allowed: false, error: 'Captcha verification is unavailable: try again shortly' }, 503)
    }
    return json({ allowed: false, error: `Captcha verification failed (${result.reason})` }, 403)
  }
  if (!(await consume('antispam', result))) {
    return json({ allowed: false, error: 'Captcha verification failed (captcha already used)' }, 403)
  }
  const ticket = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const relayLimit = parseLimit(Deno.env.get('LEAD_RELAY_IP_RATE_LIMIT'), '20/10m')
  const [issued] = await sql()`
    select extract(epoch from private.lead_ticket_issue(
      ${ticket}, ${email}, ${client}, ${relayLimit.max}, make_interval(secs => ${relayLimit.windowSecs})))::float8 as expires`
  return json({ allowed: true, ticket, expiresAt: Math.floor(Number(issued.expires)) })
}

if (import.meta.main) Deno.serve(handler)
