// simple-auth's activity log entries, from both twins (the Rust handler and the TypeScript
// function hosted Supabase runs) on one database: a correct passcode with the token's session,
// a wrong one, a lockout; each with the client address the function resolved and the browser's
// User-Agent; and a sign-in the log cannot take is refused with 503, never granted unrecorded.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { DenoFunctions, PASSCODE, Server } from './functions-support.mjs'

let rust
let deno

before(async () => {
  const env = { TRUSTED_PROXIES: '127.0.0.1', LOGIN_FAILURE_LIMIT: '2/15m' }
  rust = await new Server(env).start()
  deno = await new DenoFunctions(rust, env).start()
})

after(async () => {
  await deno?.stop()
  await rust?.destroy()
})

const psql = (statement) =>
  execFileSync('psql', ['-h', join(rust.dataDir, 'postgres'), '-U', 'postgres', '-d', 'postgres', '-qAt', '-c', statement], {
    encoding: 'utf8',
  }).trim()

/** The log's entries from one address, oldest first. */
const entriesFrom = (ip) =>
  JSON.parse(
    psql(`select coalesce(json_agg(json_build_object('action', action, 'session_id', session_id,
            'client_ip', client_ip, 'user_agent', user_agent) order by id), '[]')
            from public.admin_activity where client_ip = '${ip}'`),
  )

const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())

let counter = 0
for (const target of ['rust', 'deno']) {
  const agent = `SignInAuditContract/1.0 (${target})`
  /** supabase-js as the admin page uses it, from an address of its own behind the trusted proxy. */
  const from = () => {
    const ip = `192.0.2.${target === 'rust' ? 10 + ++counter : 100 + ++counter}`
    const client = (target === 'rust' ? rust : deno).client({
      'X-Forwarded-For': ip,
      'User-Agent': agent,
      // Never what is recorded.
      'X-Real-IP': '203.0.113.99',
    })
    return { ip, login: (passcode) => client.functions.invoke('simple-auth', { body: { action: 'login', passcode } }) }
  }

  describe(`simple-auth's activity log (${target})`, () => {
    test('a correct passcode is recorded with the new token\'s session, the address and the browser', async () => {
      const { ip, login } = from()
      const { data, error } = await login(PASSCODE)
      assert.equal(error, null)
      assert.equal(data.success, true)
      assert.deepEqual(Object.keys(data).sort(), ['expiresAt', 'success', 'token'])
      assert.deepEqual(entriesFrom(ip), [
        { action: 'sign_in', session_id: claimsOf(data.token).session_id, client_ip: ip, user_agent: agent },
      ])
    })

    test('wrong passcodes, then the lockout (once a minute), are recorded without a session', async () => {
      const { ip, login } = from()
      for (const guess of ['guess-1', 'guess-2']) {
        const { data } = await login(guess)
        assert.deepEqual(data, { success: false, error: 'Invalid passcode' })
      }
      for (let i = 0; i < 2; i++) {
        const { error } = await login(PASSCODE)
        assert.equal(error.context.status, 429)
      }
      assert.deepEqual(entriesFrom(ip), [
        { action: 'sign_in_failed', session_id: null, client_ip: ip, user_agent: agent },
        { action: 'sign_in_failed', session_id: null, client_ip: ip, user_agent: agent },
        { action: 'sign_in_locked', session_id: null, client_ip: ip, user_agent: agent },
      ])
    })

    test('a sign-in the log cannot take is refused with 503; a wrong passcode is still just wrong', async () => {
      psql(`set client_min_messages to warning;
            create or replace function public.refuse_activity() returns trigger language plpgsql as $$
              begin raise exception 'internal detail: the log is full'; end $$;
            drop trigger if exists refuse_activity on public.admin_activity;
            create trigger refuse_activity before insert on public.admin_activity
              for each row execute function public.refuse_activity();`)
      try {
        const { login } = from()
        const { data, error } = await login(PASSCODE)
        assert.equal(data, null)
        assert.equal(error.context.status, 503)
        assert.deepEqual(await error.context.json(), {
          success: false,
          error: 'The sign-in could not be recorded: try again shortly',
        })
        const wrong = await from().login('not-it')
        assert.equal(wrong.error, null)
        assert.deepEqual(wrong.data, { success: false, error: 'Invalid passcode' })
      } finally {
        psql('drop trigger refuse_activity on public.admin_activity; drop function public.refuse_activity()')
      }
    })
  })
}
