// Shared setup: the server under test, the anon key exactly as the browser receives it, and
// HS256 JWTs made by hand.
import { createHmac } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'

export const baseUrl = process.env.CLAIMBRIDGE_URL ?? 'http://localhost:54321'

/** The server's development mail catcher (Mailpit's API): the emails it sent. */
export const mailboxUrl = process.env.CLAIMBRIDGE_MAILBOX_URL ?? 'http://localhost:54324'

/** The runtime configuration injected into the website's index.html. */
export async function runtimeConfig() {
  const html = await (await fetch(`${baseUrl}/`)).text()
  const match = html.match(/<script id="runtime-config" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('index.html has no runtime-config element')
  return JSON.parse(match[1])
}

export async function anonClient(key) {
  const anonKey = key ?? (await runtimeConfig()).supabaseAnonKey
  return createClient(baseUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } })
}

/** The local-development JWT secret (the public Supabase demo one) servers under test run with. */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** An HS256 JWT of `claims` signed with `secret`. */
export function signJwt(claims, secret) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`
}
