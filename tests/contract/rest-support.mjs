// Shared by the rest*.test.mjs files: clients for each role, exactly as the website builds
// them (src/lib/supabase.ts), a JWT signer for forged/expired tokens, and a wait for the
// fixture schema (tests/contract/fixtures/rest_fixture.sql, applied by with-server.sh).
import { createClient } from '@supabase/supabase-js'
import { DEMO_JWT_SECRET, baseUrl, runtimeConfig, signJwt as signWith } from './helpers.mjs'

export const SESSION_HEADER = 'x-claimbridge-session'
export const jwtSecret = process.env.JWT_SECRET ?? DEMO_JWT_SECRET

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }

export async function anonKey() {
  return (await runtimeConfig()).supabaseAnonKey
}

/** The website's public client: anon key, the tab's analytics session as a global header. */
export async function siteClient(sessionId) {
  const headers = sessionId ? { [SESSION_HEADER]: sessionId } : {}
  return createClient(baseUrl, await anonKey(), { ...options, global: { headers } })
}

/** A client whose bearer is `token` (the admin client of the website, or any JWT). */
export async function bearerClient(token) {
  return createClient(baseUrl, await anonKey(), {
    ...options,
    global: { headers: { Authorization: `Bearer ${token}` } },
  })
}

/** The admin token from simple-auth, as the admin screen obtains it. */
export async function adminToken() {
  const supabase = await siteClient()
  const { data, error } = await supabase.functions.invoke('simple-auth', {
    body: { action: 'login', passcode: process.env.E2E_ADMIN_PASSCODE },
  })
  if (error || !data?.success) throw new Error(`simple-auth login failed: ${error?.message ?? JSON.stringify(data)}`)
  return data.token
}

/** An HS256 JWT signed with `secret` (the project secret unless told otherwise). */
export const signJwt = (claims, secret = jwtSecret) => signWith(claims, secret)

export const now = () => Math.floor(Date.now() / 1000)

/** A session id in the website's format. */
export function sessionId() {
  return `session_${Date.now()}_${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`
}

/** Waits until the schema cache shows the fixture (it reloads on NOTIFY after with-server.sh loads it). */
export async function waitForFixture() {
  const supabase = await siteClient()
  for (let i = 0; i < 100; i++) {
    const { status } = await supabase.from('fx_users').select('username').limit(1)
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the REST fixture never appeared: does tests/tools/with-server.sh apply tests/contract/fixtures/*.sql?')
}
