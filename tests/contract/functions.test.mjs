// The functions as the stock supabase-js client (functions.invoke) and the website's no-cors lead
// POST meet them: simple-auth, antispam-check with ALTCHA, and the lead relay delivering to a
// receiver through failures, outages and restarts. Runs against a server of its own.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import {
  DEMO_JWT_SECRET,
  DEMO_SERVICE_ROLE_KEY,
  DenoFunctions,
  PASSCODE,
  Receiver,
  Server,
  WEBHOOK_SECRET,
  altchaToken,
  leadPayload,
  postLead,
  supabaseClient,
  verifyWebhook,
  waitFor,
} from './functions-support.mjs'
import { signJwt } from './helpers.mjs'

let receiver
let rust
let deno
let ipCounter = 0

const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())

before(async () => {
  receiver = await new Receiver(200).start()
  const env = {
    TRUSTED_PROXIES: '127.0.0.1',
    ALTCHA_MAX_NUMBER: '2000',
    LEAD_WEBHOOK_URLS: receiver.url,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LEAD_WEBHOOK_RETRY_BASE_MS: '100',
    LEAD_WEBHOOK_RETRY_MAX_SECS: '1',
    LEAD_WEBHOOK_POLL_MS: '100',
    LEAD_WEBHOOK_TIMEOUT_SECS: '2',
  }
  rust = await new Server(env).start()
  // The TypeScript twins (supabase/functions) on the same database, under Deno.
  deno = await new DenoFunctions(rust, env).start()
})

after(async () => {
  await deno?.stop()
  await rust?.destroy()
  await receiver?.stop()
})

for (const target of ['rust', 'deno']) {
  const server = {
    get url() { return target === 'rust' ? rust.url : deno.url },
    client: (headers) => (target === 'rust' ? rust : deno).client(headers),
    restart: (signal) => (target === 'rust' ? rust : deno).restart(signal),
  }
  /** A client whose requests come from an address of their own (the server trusts 127.0.0.1's X-Forwarded-For). */
  const freshClient = () => server.client({ 'X-Forwarded-For': `198.51.${target === 'rust' ? 100 : 101}.${++ipCounter}` })

  describe(`simple-auth (${target})`, () => {
    test('the right passcode signs in with an 8-hour admin token', async () => {
      const { data, error } = await freshClient().functions.invoke('simple-auth', {
        body: { action: 'login', passcode: PASSCODE },
      })
      assert.equal(error, null)
      assert.equal(data.success, true)
      const claims = claimsOf(data.token)
      assert.equal(claims.role, 'authenticated')
      assert.equal(claims.app_metadata.admin, true)
      assert.equal(claims.exp - claims.iat, 8 * 3600)
      const check = await freshClient().functions.invoke('simple-auth', { body: { action: 'validate', token: data.token } })
      assert.equal(check.error, null)
      assert.equal(check.data.valid, true)
    })

    test('a wrong passcode is denied with the text the page shows, after at least 300 ms', async () => {
      const started = Date.now()
      const { data, error } = await freshClient().functions.invoke('simple-auth', {
        body: { action: 'login', passcode: 'not-it' },
      })
      assert.ok(Date.now() - started >= 300)
      assert.equal(error, null)
      assert.deepEqual(data, { success: false, error: 'Invalid passcode' })
    })

    test('ten failures lock the address out: 429 with Retry-After, even for the right passcode', async () => {
      const attacker = freshClient()
      for (let i = 0; i < 10; i++) {
        const { data } = await attacker.functions.invoke('simple-auth', { body: { action: 'login', passcode: `guess-${i}` } })
        assert.equal(data.success, false)
      }
      const { data, error } = await attacker.functions.invoke('simple-auth', {
        body: { action: 'login', passcode: PASSCODE },
      })
      assert.equal(data, null)
      assert.equal(error.name, 'FunctionsHttpError')
      assert.equal(error.context.status, 429)
      assert.ok(Number(error.context.headers.get('retry-after')) > 0)
      const body = await error.context.json()
      assert.equal(body.success, false)
      assert.match(body.error, /^Too many failed attempts/)
      // Others still get in.
      const other = await freshClient().functions.invoke('simple-auth', { body: { action: 'login', passcode: PASSCODE } })
      assert.equal(other.data.success, true)
    })

    test('validate refuses expired, forged and revoked tokens', async () => {
      const { data } = await freshClient().functions.invoke('simple-auth', { body: { action: 'login', passcode: PASSCODE } })
      const claims = claimsOf(data.token)
      const now = Math.floor(Date.now() / 1000)
      const cases = [
        [signJwt({ ...claims, iat: now - 9 * 3600, exp: now - 3600 }, DEMO_JWT_SECRET), 'Token expired'],
        [data.token.slice(0, -4) + 'AAAA', 'Invalid token'],
        [signJwt({ ...claims, app_metadata: { ...claims.app_metadata, passcode_version: 'an-old-one' } }, DEMO_JWT_SECRET), 'Token revoked: the passcode has changed'],
        [signJwt({ role: 'authenticated', sub: 'someone', exp: now + 60 }, DEMO_JWT_SECRET), 'Not an admin token'],
      ]
      for (const [token, message] of cases) {
        const result = await freshClient().functions.invoke('simple-auth', { body: { action: 'validate', token } })
        assert.equal(result.error, null)
        assert.deepEqual(result.data, { valid: false, error: message })
      }
    })
  })

  if (target === 'deno') {
    test('simple-auth (deno) records the passcode generation that RLS checks admin tokens against', async () => {
      const psql = (statement) =>
        execFileSync('psql', ['-h', join(rust.dataDir, 'postgres'), '-U', 'postgres', '-d', 'postgres', '-qAt', '-c', statement], {
          encoding: 'utf8',
        }).trim()
      psql("update private.admin_settings set passcode_version = 'an-old-generation'")
      const { data } = await freshClient().functions.invoke('simple-auth', { body: { action: 'login', passcode: PASSCODE } })
      assert.equal(psql('select passcode_version from private.admin_settings'), claimsOf(data.token).app_metadata.passcode_version)
    })
  }

  describe(`staff-invite (${target})`, () => {
    const passcodeToken = async () => {
      const { data } = await freshClient().functions.invoke('simple-auth', { body: { action: 'login', passcode: PASSCODE } })
      return data.token
    }

    test('the passcode invites an editor; the role is recorded and the account waits for the link', async () => {
      const token = await passcodeToken()
      const email = `editor.${target}.${Date.now()}@acme-dme.test`
      const { data, error } = await server.client({ Authorization: `Bearer ${token}` }).functions.invoke('staff-invite', {
        body: { action: 'invite', email, role: 'editor', display_name: 'Eddie Editor' },
      })
      assert.equal(error, null, error && `${error.context.status} ${await error.context.text()}`)
      assert.equal(data.status, 'invited')
      assert.equal(data.user.email, email)
      const row = execFileSync('psql', ['-X', '-tA', '-h', join(rust.dataDir, 'postgres'), '-U', 'postgres', '-d', 'postgres', '-c',
        `select m.role || ' ' || (u.invited_at is not null) from private.staff_members m join auth.users u on u.id = m.user_id where u.email = '${email}'`]).toString().trim()
      assert.equal(row, 'editor true')
      const again = await server.client({ Authorization: `Bearer ${token}` }).functions.invoke('staff-invite', {
        body: { action: 'resend', user_id: data.user.id },
      })
      assert.equal(again.error, null)
      assert.equal(again.data.status, 'invited')
    })

    test('a role that does not exist and a caller who is not an owner are refused', async () => {
      const token = await passcodeToken()
      const bad = await server.client({ Authorization: `Bearer ${token}` }).functions.invoke('staff-invite', {
        body: { action: 'invite', email: 'x@acme-dme.test', role: 'superuser' },
      })
      assert.equal(bad.error.context.status, 422)
      assert.deepEqual(await bad.error.context.json(), { error: 'Choose a role: owner, editor or author.' })
      const outsider = signJwt({ role: 'authenticated', sub: '8c0a4d1e-0000-4000-8000-000000000001', exp: Math.floor(Date.now() / 1000) + 600 }, DEMO_JWT_SECRET)
      const refused = await server.client({ Authorization: `Bearer ${outsider}` }).functions.invoke('staff-invite', {
        body: { action: 'invite', email: 'x@acme-dme.test', role: 'author' },
      })
      assert.equal(refused.error.context.status, 403)
      assert.deepEqual(await refused.error.context.json(), { error: 'Only an owner can invite staff.' })
    })

    test('a staff owner invites with their own session; once it has ended, the same token is refused', async () => {
      const psql = (sql) =>
        execFileSync('psql', ['-X', '-tA', '-v', 'ON_ERROR_STOP=1', '-h', join(rust.dataDir, 'postgres'), '-U', 'postgres', '-d', 'postgres', '-c', sql])
          .toString()
          .trim()
      const email = `owner.${target}.${Date.now()}@acme-dme.test`
      const admin = supabaseClient(rust.url, DEMO_SERVICE_ROLE_KEY)
      const created = await admin.auth.admin.createUser({ email, password: 'owner-password-2026', email_confirm: true })
      assert.equal(created.error, null)
      psql(`insert into private.staff_members (user_id, role, invited_at) values ('${created.data.user.id}', 'owner', now())`)
      const signedIn = await supabaseClient(rust.url).auth.signInWithPassword({ email, password: 'owner-password-2026' })
      assert.equal(signedIn.error, null)
      const token = signedIn.data.session.access_token
      const invite = () =>
        server.client({ Authorization: `Bearer ${token}` }).functions.invoke('staff-invite', {
          body: { action: 'invite', email: `author.${target}.${Date.now()}@acme-dme.test`, role: 'author' },
        })
      const accepted = await invite()
      assert.equal(accepted.error, null, accepted.error && `${accepted.error.context.status} ${await accepted.error.context.text()}`)
      assert.equal(accepted.data.status, 'invited')
      psql(`delete from auth.sessions where user_id = '${created.data.user.id}'`)
      const refused = await invite()
      assert.equal(refused.error.context.status, 403)
    })
  })

  describe(`antispam-check (${target})`, () => {
    const check = (client, email, recaptchaToken) =>
      client.functions.invoke('antispam-check', { body: { email, ip: 'unknown', recaptchaToken } })

    test('a solved ALTCHA is allowed, once', async () => {
      const client = freshClient()
      const token = await altchaToken(server.url)
      const email = `dana-${target}@acme.test` // targets share the database, so the email windows too
      const first = await check(client, email, token)
      assert.equal(first.error, null)
      assert.equal(first.data.allowed, true)
      assert.match(first.data.ticket, /^[A-Za-z0-9_-]{43}$/)
      assert.ok(first.data.expiresAt > Date.now() / 1000 + 500)
      const replay = await check(client, email, token)
      assert.equal(replay.error.name, 'FunctionsHttpError')
      assert.equal(replay.error.context.status, 403)
      assert.deepEqual(await replay.error.context.json(), {
        allowed: false,
        error: 'Captcha verification failed (captcha already used)',
      })
    })

    test('its lead ticket lets the stock client insert one whitepaper submission, once', async () => {
      const email = `ticket-${target}@acme.test`
      const { data, error } = await check(freshClient(), email, await altchaToken(server.url))
      assert.equal(error, null)
      // The insert goes to /rest/v1 (the Rust server for both targets; PostgREST on Supabase).
      const rest = rust.client()
      const row = { company_name: 'Acme', first_name: 'Dana', email: email.toUpperCase(), phone: '555-0100' }
      const insert = () => rest.from('whitepaper_submissions').insert(row).setHeader('x-claimbridge-lead-ticket', data.ticket)
      const first = await insert()
      assert.equal(first.error, null)
      const again = await insert()
      assert.equal(again.status, 401)
      assert.equal(again.error.message, 'The lead ticket was already used')
      const without = await rest.from('whitepaper_submissions').insert(row)
      assert.equal(without.status, 401)
      assert.equal(without.error.message, 'A whitepaper submission needs a lead ticket from antispam-check')
    })

    test('a bad captcha is a non-2xx JSON error', async () => {
      const { data, error } = await check(freshClient(), `bad-${target}@acme.test`, 'bm90IGEgc29sdXRpb24=')
      assert.equal(data, null)
      assert.equal(error.context.status, 403)
      assert.equal(error.context.headers.get('content-type'), 'application/json')
      const body = await error.context.json()
      assert.equal(body.allowed, false)
      assert.match(body.error, /^Captcha verification failed/)
    })

    test('the sixth check from one address in ten minutes is rate-limited', async () => {
      const client = freshClient()
      for (let n = 0; n < 5; n++) {
        const { error } = await check(client, `lead${n}-${target}@acme.test`, await altchaToken(server.url))
        assert.equal(error, null)
      }
      const { error } = await check(client, `lead5-${target}@acme.test`, await altchaToken(server.url))
      assert.equal(error.context.status, 429)
      assert.ok(Number(error.context.headers.get('retry-after')) > 0)
      assert.match((await error.context.json()).error, /^Too many requests/)
    })
  })

  test(`U+0000 in a function body is 400 up front, never a database error (${target})`, async () => {
    // PostgreSQL's text and jsonb cannot hold it (found by the functions fuzzer: 500 from the database).
    for (const [name, body] of [
      ['lead-relay', { ...leadPayload('nul@acme.test', 'x'), companyName: 'Acme\u0000' }],
      ['lead-relay', { ...leadPayload('nul@acme.test', 'x'), extra: 'a\u0000b' }],
      ['antispam-check', { email: 'a@b.co\u0000', recaptchaToken: 'x' }],
      ['simple-auth', { action: 'login', passcode: 'p\u0000' }],
    ]) {
      const response = await fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // What supabase-js sends: functions other than the lead webhook verify the caller's JWT.
          Authorization: `Bearer ${signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 600 }, DEMO_JWT_SECRET)}`,
          'X-Forwarded-For': `198.18.${target === 'rust' ? 1 : 2}.${++ipCounter}`,
        },
        body: JSON.stringify(body),
      })
      assert.equal(response.status, 400, `${name}`)
      const answer = await response.json()
      assert.match(answer.error, /NUL/, `${name}: ${JSON.stringify(answer)}`)
    }
  })

  describe(`lead relay (${target})`, () => {
    const deliveriesOf = (id) => receiver.received.filter((request) => request.headers['webhook-id'] === id)

    test('a lead is stored, acknowledged, and delivered signed to the receiver', async () => {
      const payload = leadPayload('relay@acme.test', await altchaToken(server.url))
      const { status, body } = await postLead(server.url, payload, { 'X-Forwarded-For': '203.0.113.1' })
      assert.equal(status, 202)
      assert.equal(body.ok, true)
      const [delivery] = await waitFor(() => deliveriesOf(body.id).length && deliveriesOf(body.id), { what: 'delivery' })
      assert.deepEqual(JSON.parse(delivery.body), payload)
      assert.ok(verifyWebhook(WEBHOOK_SECRET, delivery.headers, delivery.body), 'the receiver verifies the HMAC')
      assert.ok(!verifyWebhook('whsec_c29tZXRoaW5nIGVsc2U=', delivery.headers, delivery.body))
    })

    test('deliveries are retried while the receiver answers 500, and succeed once it recovers', async () => {
      receiver.status = 500
      try {
        const { body } = await postLead(server.url, leadPayload('busy@acme.test', await altchaToken(server.url)), {
          'X-Forwarded-For': '203.0.113.2',
        })
        await waitFor(() => deliveriesOf(body.id).length >= 3, { what: 'three attempts' })
        receiver.status = 200
        const attempts = deliveriesOf(body.id).length
        await waitFor(() => deliveriesOf(body.id).length > attempts, { what: 'the successful attempt' })
        await new Promise((resolve) => setTimeout(resolve, 500))
        assert.equal(deliveriesOf(body.id).length, attempts + 1, 'no attempt after the success')
      } finally {
        receiver.status = 200
      }
    })

    for (const signal of ['SIGTERM', 'SIGKILL']) {
      test(`a receiver outage and a server restart (${signal}) lose nothing, and deliver once`, async () => {
        const port = receiver.port
        await receiver.stop()
        const { status, body } = await postLead(server.url, leadPayload(`outage-${signal}@acme.test`, await altchaToken(server.url)), {
          'X-Forwarded-For': '203.0.113.3',
        })
        assert.equal(status, 202)
        await new Promise((resolve) => setTimeout(resolve, 700)) // a few failed attempts
        await server.restart(signal)
        await receiver.start(port)
        await waitFor(() => deliveriesOf(body.id).length === 1, { within: 30_000, what: 'delivery after restart' })
        await new Promise((resolve) => setTimeout(resolve, 500))
        assert.equal(deliveriesOf(body.id).length, 1)
        assert.ok(verifyWebhook(WEBHOOK_SECRET, deliveriesOf(body.id)[0].headers, deliveriesOf(body.id)[0].body))
      })
    }

    test('an invalid lead is refused with a JSON error', async () => {
      const payload = leadPayload('not-an-email', 'x')
      const { status, body } = await postLead(server.url, payload, { 'X-Forwarded-For': '203.0.113.4' })
      assert.equal(status, 400)
      assert.deepEqual(body, { error: 'Invalid email address' })
    })
  })
}
