// supabase.channel(): the stock realtime-js client against /realtime/v1, on both protocol
// versions: broadcast (self, ack, HTTP), presence, private channels by policy, Postgres Changes
// with RLS and filters, token expiry and bad keys.
import { test, describe, after, before } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { createClient } from '@supabase/supabase-js'
import { baseUrl, runtimeConfig, signJwt, DEMO_JWT_SECRET } from './helpers.mjs'

const { supabaseAnonKey: anonKey } = await runtimeConfig()
const now = () => Math.floor(Date.now() / 1000)
const serviceKey = signJwt({ role: 'service_role', iss: 'supabase-demo', exp: now() + 3600 }, DEMO_JWT_SECRET)
/** A signed-in person's token (not staff), expiring at `exp`. */
const userToken = (exp) => signJwt({ role: 'authenticated', sub: '00000000-0000-4000-8000-00000000b0b0', exp }, DEMO_JWT_SECRET)

/** A staff token: the admin passcode's session from simple-auth (tests/tools/with-server.sh). */
let adminToken
before(async () => {
  const response = await fetch(`${baseUrl}/functions/v1/simple-auth`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'login', passcode: process.env.E2E_ADMIN_PASSCODE }),
  })
  adminToken = (await response.json()).token
  assert.ok(adminToken, 'E2E_ADMIN_PASSCODE signs in')
})

const clients = []
async function client(vsn, { accessToken } = {}) {
  // supabase-js hands realtime its session's token (or the anon key) on every join and
  // heartbeat; `accessToken` is how a client brings its own.
  const supabase = createClient(baseUrl, anonKey, {
    ...(accessToken ? { accessToken: async () => accessToken } : { auth: { persistSession: false, autoRefreshToken: false } }),
    realtime: { vsn, heartbeatIntervalMs: 5000 },
  })
  clients.push(supabase)
  // As Supabase's docs have it for Realtime Authorization: the token is set before a join.
  if (accessToken) await supabase.realtime.setAuth()
  return supabase
}
after(async () => {
  for (const supabase of clients) await supabase.removeAllChannels()
})

/** Subscribes and resolves with the status, rejecting on anything but SUBSCRIBED. */
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(Object.assign(new Error(`${status}: ${err?.message}`), { status }))
    })
  })
}

/** The join's outcome, whatever it is. */
function outcome(channel) {
  return new Promise((resolve) => {
    channel.subscribe((status, err) => resolve({ status, message: err?.message ?? '' }))
  })
}

/** Collects events; `next(n)` waits until n have arrived. */
function collector() {
  const items = []
  const waiters = []
  return {
    items,
    push(item) {
      items.push(item)
      for (const waiter of [...waiters]) waiter()
    },
    next(count = 1, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${count} events, got ${items.length}`)), ms)
        const check = () => {
          if (items.length >= count) {
            clearTimeout(timer)
            resolve(items)
          }
        }
        waiters.push(check)
        check()
      })
    },
  }
}

const unique = (name) => `${name}-${Math.random().toString(36).slice(2, 10)}`

for (const vsn of ['1.0.0', '2.0.0']) {
  describe(`realtime vsn ${vsn}`, () => {
    test('broadcast reaches the other client, not the sender; self and ack when asked', async () => {
      const topic = unique('room')
      const received = collector()
      const own = collector()
      const listener = (await client(vsn)).channel(topic)
      listener.on('broadcast', { event: 'cursor' }, ({ payload }) => received.push(payload))
      await subscribed(listener)
      const sender = (await client(vsn)).channel(topic, { config: { broadcast: { self: true, ack: true } } })
      sender.on('broadcast', { event: 'cursor' }, ({ payload }) => own.push(payload))
      await subscribed(sender)
      assert.equal(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } }), 'ok')
      assert.deepEqual((await received.next(1))[0], { x: 1, y: 2 })
      assert.deepEqual((await own.next(1))[0], { x: 1, y: 2 })

      const quiet = (await client(vsn)).channel(topic)
      const heard = collector()
      quiet.on('broadcast', { event: 'cursor' }, ({ payload }) => heard.push(payload))
      await subscribed(quiet)
      await quiet.send({ type: 'broadcast', event: 'cursor', payload: { x: 3 } })
      await received.next(2)
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.equal(heard.items.length, 0, 'a sender without self does not hear itself')
    })

    test('the HTTP broadcast API reaches sockets; a bad key is refused', async () => {
      const topic = unique('http')
      const received = collector()
      const listener = (await client(vsn)).channel(topic)
      listener.on('broadcast', { event: 'ping' }, ({ payload }) => received.push(payload))
      await subscribed(listener)
      const response = await fetch(`${baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: { n: 1 } }] }),
      })
      assert.equal(response.status, 202)
      assert.deepEqual((await received.next(1))[0], { n: 1 })
      const sent = await (await client(vsn)).channel(topic).httpSend('ping', { n: 2 })
      assert.deepEqual(sent, { success: true })
      assert.deepEqual((await received.next(2))[1], { n: 2 })

      const forged = await fetch(`${baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: signJwt({ role: 'anon', exp: now() + 60 }, 'not-the-project-secret-at-all-000000'), 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'ping', payload: {} }] }),
      })
      assert.equal(forged.status, 401)
      assert.ok((await forged.json()).message)
    })

    test('presence: sync on join, join and leave diffs', async () => {
      const topic = unique('presence')
      const first = (await client(vsn)).channel(topic, { config: { presence: { key: 'ana' } } })
      const joins = collector()
      const leaves = collector()
      first.on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      first.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
      await subscribed(first)
      assert.equal(await first.track({ name: 'Ana' }), 'ok')
      await joins.next(1)

      const second = (await client(vsn)).channel(topic, { config: { presence: { key: 'ben' } } })
      const synced = collector()
      second.on('presence', { event: 'sync' }, () => synced.push(second.presenceState()))
      await subscribed(second)
      const state = (await synced.next(1))[0]
      assert.deepEqual(Object.keys(state), ['ana'])
      assert.equal(state.ana[0].name, 'Ana')
      await second.track({ name: 'Ben' })
      await joins.next(2)
      assert.deepEqual(joins.items, ['ana', 'ben'])
      await second.untrack()
      assert.deepEqual(await leaves.next(1), ['ben'])
      await second.track({ name: 'Ben' })
      await joins.next(3)
      await second.unsubscribe()
      assert.deepEqual(await leaves.next(2), ['ben', 'ben'], 'leaving the channel untracks')
    })

    test('private channels: refused without a policy, allowed by one', async () => {
      const denied = await outcome((await client(vsn)).channel(unique('secret'), { config: { private: true } }))
      assert.equal(denied.status, 'CHANNEL_ERROR')
      assert.match(denied.message, /Unauthorized: You do not have permissions to read from this Channel topic: secret-/)

      const anonAdmin = await outcome((await client(vsn)).channel(unique('admin:post'), { config: { private: true } }))
      assert.equal(anonAdmin.status, 'CHANNEL_ERROR', 'anon may not read admin topics')

      const topic = unique('admin:post')
      const staff = collector()
      const listener = (await client(vsn, { accessToken: adminToken })).channel(topic, { config: { private: true } })
      listener.on('broadcast', { event: 'saved' }, ({ payload }) => staff.push(payload))
      await subscribed(listener)
      const response = await fetch(`${baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'saved', payload: {}, private: true }] }),
      })
      assert.equal(response.status, 403, 'anon may not write to a private topic')
      const sent = await fetch(`${baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'saved', payload: { by: 'staff' }, private: true }] }),
      })
      assert.equal(sent.status, 202)
      assert.deepEqual((await staff.next(1))[0], { by: 'staff' })

      // A public channel of the same name hears nothing of the private one.
      const publicListener = (await client(vsn)).channel(topic)
      const leaked = collector()
      publicListener.on('broadcast', { event: 'saved' }, ({ payload }) => leaked.push(payload))
      await subscribed(publicListener)
      await fetch(`${baseUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: serviceKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic, event: 'saved', payload: { n: 2 }, private: true }] }),
      })
      await staff.next(2)
      assert.equal(leaked.items.length, 0)
    })

    test('an expired token is refused at the join and closes a joined channel', async () => {
      const expired = await outcome((await client(vsn, { accessToken: userToken(now() - 30) })).channel(unique('room')))
      assert.equal(expired.status, 'CHANNEL_ERROR')
      assert.match(expired.message, /InvalidJWTExpiration: Token has expired \d+ seconds ago/)

      const supabase = (await client(vsn, { accessToken: userToken(now() + 2) }))
      const channel = supabase.channel(unique('room'))
      const system = collector()
      channel.on('system', {}, (payload) => system.push(payload))
      const statuses = collector()
      channel.subscribe((status) => statuses.push(status))
      await statuses.next(1)
      assert.equal(statuses.items[0], 'SUBSCRIBED')
      const [message] = await system.next(1, 15000)
      assert.equal(message.status, 'error')
      assert.match(message.message, /Token has expired/)
      await statuses.next(2, 5000)
      assert.ok(statuses.items.includes('CLOSED') || statuses.items.includes('CHANNEL_ERROR'))
    })
  })
}

/** service_role writes through /rest/v1, as the admin's own writes would. */
async function rest(method, path, body) {
  const response = await fetch(`${baseUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: anonKey,
      authorization: `Bearer ${serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`)
  return response.json()
}

const post = (slug, fields = {}) => ({
  title: `Realtime ${slug}`,
  slug,
  description: 'Denial trends for oxygen suppliers',
  category: 'Billing',
  ...fields,
})

for (const vsn of ['1.0.0', '2.0.0']) {
  describe(`postgres_changes vsn ${vsn}`, () => {
    test('anon hears published posts, never drafts or leads; staff hear leads', async () => {
      const anonPosts = collector()
      const anonLeads = collector()
      const staffLeads = collector()
      const anon = (await client(vsn)).channel(unique('db-anon'))
      anon.on('postgres_changes', { event: '*', schema: 'public', table: 'blog_posts' }, (change) => anonPosts.push(change))
      anon.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'leads' }, (change) => anonLeads.push(change))
      await subscribed(anon)
      const staff = (await client(vsn, { accessToken: adminToken })).channel(unique('db-staff'))
      staff.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'leads' }, (change) => staffLeads.push(change))
      await subscribed(staff)

      const slug = unique('rt-post')
      const [draft] = await rest('POST', 'blog_posts', post(`${slug}-draft`))
      const [published] = await rest('POST', 'blog_posts', post(slug, { published: true, tags: ['oxygen', 'cmn'] }))
      const email = `${unique('lead')}@supplier.test`
      await rest('POST', 'leads', { source: 'contact', email, full_name: 'Dana Reyes', payload: { message: 'Need help with CMN denials' } })

      const [lead] = await staffLeads.next(1)
      assert.equal(lead.eventType, 'INSERT')
      assert.equal(lead.table, 'leads')
      assert.equal(lead.new.email, email)
      const [change] = await anonPosts.next(1)
      assert.equal(change.eventType, 'INSERT')
      assert.equal(change.schema, 'public')
      assert.equal(change.new.id, published.id)
      assert.deepEqual(change.new.tags, ['oxygen', 'cmn'], 'arrays are cast by realtime-js from the column types')
      assert.equal(change.new.published, true)
      assert.match(change.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
      assert.deepEqual(change.errors, null)

      await rest('PATCH', `blog_posts?id=eq.${published.id}`, { title: 'Renamed' })
      const [, updated] = await anonPosts.next(2)
      assert.equal(updated.eventType, 'UPDATE')
      assert.equal(updated.new.title, 'Renamed')
      // Give any wrongly delivered change time to arrive before asserting on its absence.
      await new Promise((resolve) => setTimeout(resolve, 500))
      assert.equal(anonPosts.items.filter((c) => c.new?.id === draft.id).length, 0, 'a draft never reaches anon')
      assert.equal(anonLeads.items.length, 0, 'a lead never reaches anon')
    })

    test('filters eq, neq, lt, lte, gt, gte and in', async () => {
      const marker = unique('flt')
      const channel = (await client(vsn, { accessToken: adminToken })).channel(unique('db-filters'))
      const seen = {}
      const filters = {
        eq: `source=eq.${marker}-b`,
        neq: `source=neq.contact`,
        in: `source=in.(${marker}-a,${marker}-c)`,
        gt: `source=gt.${marker}-b`,
        gte: `source=gte.${marker}-b`,
        lt: `source=lt.${marker}-b`,
        lte: `source=lte.${marker}-b`,
      }
      for (const [name, filter] of Object.entries(filters)) {
        seen[name] = collector()
        channel.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'leads', filter }, ({ new: row }) => {
          if (row.source.startsWith(marker)) seen[name].push(row.source.slice(marker.length + 1))
        })
      }
      await subscribed(channel)
      for (const letter of ['a', 'b', 'c']) {
        await rest('POST', 'leads', { source: `${marker}-${letter}`, email: `${letter}@supplier.test`, payload: {} })
      }
      const expected = { eq: ['b'], neq: ['a', 'b', 'c'], in: ['a', 'c'], gt: ['c'], gte: ['b', 'c'], lt: ['a'], lte: ['a', 'b'] }
      for (const [name, letters] of Object.entries(expected)) {
        assert.deepEqual(await seen[name].next(letters.length), letters, name)
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      for (const [name, letters] of Object.entries(expected)) assert.deepEqual(seen[name].items, letters, `${name}: nothing more`)
    })

    test('DELETE carries the old row, and an unknown table is an informational error', async () => {
      const deletes = collector()
      const system = collector()
      const channel = (await client(vsn)).channel(unique('db-delete'))
      channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'blog_posts' }, (change) => deletes.push(change))
      await subscribed(channel)
      const [row] = await rest('POST', 'blog_posts', post(unique('rt-gone'), { published: true }))
      await rest('DELETE', `blog_posts?id=eq.${row.id}`)
      const [deleted] = await deletes.next(1)
      assert.equal(deleted.eventType, 'DELETE')
      assert.equal(deleted.old.id, row.id)

      const unknown = (await client(vsn)).channel(unique('db-unknown'))
      unknown.on('postgres_changes', { event: '*', schema: 'public', table: 'no_such_table' }, () => {})
      unknown.on('system', {}, (message) => system.push(message))
      const { status } = await outcome(unknown)
      assert.equal(status, 'SUBSCRIBED', 'the channel stays joined; the binding error is a system message')
      const [message] = await system.next(1)
      assert.equal(message.status, 'error')
      assert.equal(message.extension, 'postgres_changes')
      assert.match(message.message, /Unable to subscribe to changes with given parameters/)
    })
  })
}

test('a socket with a bad API key is refused before the upgrade', async () => {
  const forged = signJwt({ role: 'anon', exp: now() + 60 }, 'not-the-project-secret-at-all-000000')
  for (const key of [forged, '']) {
    const { status, body } = await new Promise((resolve, reject) => {
      const request = http.request(`${baseUrl}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`, {
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      })
      request.on('upgrade', () => reject(new Error('upgraded with a bad key')))
      request.on('response', (response) => {
        let body = ''
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode, body }))
      })
      request.on('error', reject)
      request.end()
    })
    assert.equal(status, 401)
    assert.ok(JSON.parse(body).error)
  }
})
