// The /auth/v1 subset as supabase-js's auth client meets it: errors in GoTrue's shape (codes
// readable through X-Supabase-Api-Version), an admin session from simple-auth that getUser()
// reads and signOut() ends cleanly.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { baseUrl, runtimeConfig } from './helpers.mjs'
import { supabaseClient } from './functions-support.mjs'

const anonClient = async () => supabaseClient(baseUrl, (await runtimeConfig()).supabaseAnonKey)

const passcode = process.env.E2E_ADMIN_PASSCODE

async function adminToken() {
  const supabase = await anonClient()
  const { data, error } = await supabase.functions.invoke('simple-auth', { body: { action: 'login', passcode } })
  assert.equal(error, null)
  assert.equal(data.success, true, 'E2E_ADMIN_PASSCODE signs in (tests/tools/with-server.sh sets it)')
  return data.token
}

test('signInWithPassword without such a user is AuthApiError invalid_credentials', async () => {
  const supabase = await anonClient()
  const { data, error } = await supabase.auth.signInWithPassword({ email: 'nobody@acme.test', password: 'secret-1' })
  assert.equal(data.session, null)
  assert.equal(error.name, 'AuthApiError')
  assert.equal(error.status, 400)
  assert.equal(error.code, 'invalid_credentials')
  assert.equal(error.message, 'Invalid login credentials')
})

test('refreshing an unknown refresh token is refresh_token_not_found', async () => {
  const supabase = await anonClient()
  const { error } = await supabase.auth.refreshSession({ refresh_token: 'no-such-token' })
  assert.equal(error.status, 400)
  assert.equal(error.code, 'refresh_token_not_found')
})

test('signUp is refused: signups are disabled', async () => {
  const supabase = await anonClient()
  const { error } = await supabase.auth.signUp({ email: 'new@acme.test', password: 'a-long-password-1' })
  assert.equal(error.status, 422)
  assert.equal(error.code, 'signup_disabled')
})

test('an admin session: setSession, getUser, then signOut resolves cleanly', async () => {
  const token = await adminToken()
  const supabase = await anonClient()
  const set = await supabase.auth.setSession({ access_token: token, refresh_token: 'unused-refresh-token' })
  assert.equal(set.error, null)
  const { data, error } = await supabase.auth.getUser()
  assert.equal(error, null)
  assert.equal(data.user.role, 'authenticated')
  assert.equal(data.user.app_metadata.admin, true)
  const out = await supabase.auth.signOut()
  assert.equal(out.error, null)
  assert.equal((await supabase.auth.getSession()).data.session, null)
})

test('getUser with a forged token is a 403 bad_jwt', async () => {
  const supabase = await anonClient()
  const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4Iiwicm9sZSI6ImF1dGhlbnRpY2F0ZWQifQ.c2lnbmF0dXJl'
  const { data, error } = await supabase.auth.getUser(forged)
  assert.equal(data.user, null)
  assert.equal(error.status, 403)
  assert.equal(error.code, 'bad_jwt')
})

test('jwks is served without a key and lists no HMAC key', async () => {
  const response = await fetch(`${baseUrl}/auth/v1/.well-known/jwks.json`)
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { keys: [] })
})
