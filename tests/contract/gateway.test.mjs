// The gateway as the stock supabase-js client meets it: Kong's key-auth and CORS semantics.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { anonClient, baseUrl, runtimeConfig } from './helpers.mjs'

test('the website hands the browser a working anon key and no secret', async () => {
  const config = await runtimeConfig()
  assert.equal(typeof config.supabaseAnonKey, 'string')
  const payload = JSON.parse(Buffer.from(config.supabaseAnonKey.split('.')[1], 'base64url').toString())
  assert.equal(payload.role, 'anon')
  assert.equal(config.supabaseUrl, null, 'the page origin is the Supabase URL')
  assert.ok(!JSON.stringify(config).includes('service_role'))
})

test('an unknown API key gets Kong\'s 401 through postgrest-js', async () => {
  const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl'
  const supabase = await anonClient(forged)
  const { data, error, status } = await supabase.from('blog_posts').select('id')
  assert.equal(data, null)
  assert.equal(status, 401)
  assert.equal(error.message, 'Invalid authentication credentials')
})

test('the anon key passes the gateway and errors come back in PostgREST\'s shape', async () => {
  const supabase = await anonClient()
  const { error, status } = await supabase.from('blog_posts').select('id')
  assert.notEqual(status, 401)
  if (error) {
    for (const field of ['code', 'details', 'hint', 'message']) assert.ok(field in error, `error.${field}`)
  }
})

test('functions.invoke of an unknown function is a FunctionsHttpError with a JSON body', async () => {
  const supabase = await anonClient()
  const { data, error } = await supabase.functions.invoke('no-such-function', { body: { ping: true } })
  assert.equal(data, null)
  assert.equal(error.name, 'FunctionsHttpError')
  assert.equal(error.context.status, 404)
  assert.deepEqual(await error.context.json(), { code: 'NOT_FOUND', message: 'Requested function was not found' })
})

test('a browser preflight is answered without a key, echoing the requested headers', async () => {
  const response = await fetch(`${baseUrl}/rest/v1/blog_posts`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://www.claimbridge.com',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'apikey, authorization, x-client-info, accept-profile',
    },
  })
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('access-control-allow-origin'), '*')
  assert.equal(response.headers.get('access-control-allow-headers'), 'apikey, authorization, x-client-info, accept-profile')
})

test('health and readiness answer 200', async () => {
  assert.equal((await fetch(`${baseUrl}/healthz`)).status, 200)
  const ready = await fetch(`${baseUrl}/readyz`)
  assert.equal(ready.status, 200)
  assert.deepEqual(await ready.json(), { status: 'ready' })
})
