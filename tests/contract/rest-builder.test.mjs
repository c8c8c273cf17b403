// The postgrest-js builder surface against /rest/v1, on the contract fixture
// (tests/contract/fixtures/rest_fixture.sql): every filter builder, or/not, embedding,
// order/limit/range, single/maybeSingle, counts with head, writes with .select(), csv(),
// rpc() by GET and POST, and the error cases the client surfaces.
import { before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { bearerClient, now, signJwt, siteClient, waitForFixture } from './rest-support.mjs'

let supabase
before(async () => {
  await waitForFixture()
  supabase = await siteClient()
})

const names = (data) => data.map((r) => r.username)

describe('filters', () => {
  test('each filter builder', async () => {
    const users = () => supabase.from('fx_users').select('username').order('username')
    const cases = [
      [users().eq('username', 'supabot'), ['supabot']],
      [users().neq('status', 'ONLINE'), ['kiwicopple']],
      [users().gt('username', 'kiwicopple'), ['supabot']],
      [users().gte('username', 'kiwicopple'), ['kiwicopple', 'supabot']],
      [users().lt('username', 'b'), ['awailas']],
      [users().lte('username', 'awailas'), ['awailas']],
      [users().like('username', '%bot'), ['supabot']],
      [users().ilike('username', '%BOT'), ['supabot']],
      [users().likeAnyOf('username', ['sup%', 'kiwi%']), ['kiwicopple', 'supabot']],
      [users().likeAllOf('username', ['%a%', '%s%']), ['awailas', 'supabot']],
      [users().ilikeAnyOf('username', ['SUP%']), ['supabot']],
      [users().ilikeAllOf('username', ['%A%', '%W%']), ['awailas']],
      [users().match({ username: 'supabot', status: 'ONLINE' }), ['supabot']],
      [users().regexMatch('username', '^kiwi'), ['kiwicopple']],
      [users().regexIMatch('username', '^KIWI'), ['kiwicopple']],
      [users().is('data', null).in('username', ['supabot', 'jsonuser']), ['supabot']],
      [users().isDistinct('status', 'ONLINE'), ['kiwicopple']],
      [users().in('username', ['supabot', 'awailas']), ['awailas', 'supabot']],
      [users().in('username', ['a,b', 'supabot']), ['supabot']],
      [users().notIn('username', ['supabot', 'awailas', 'kiwicopple']), ['dragarcia', 'jsonuser']],
      [users().not('status', 'eq', 'ONLINE'), ['kiwicopple']],
      [users().not('username', 'in', '(supabot,awailas,kiwicopple,dragarcia)'), ['jsonuser']],
      [users().contains('age_range', '[1,2)'), ['supabot']],
      [users().containedBy('age_range', '[0,3)'), ['supabot']],
      [users().overlaps('age_range', '[30,31)'), ['awailas', 'kiwicopple']],
      [users().rangeGt('age_range', '[10,20)'), ['awailas', 'dragarcia', 'jsonuser', 'kiwicopple']],
      [users().rangeGte('age_range', '[25,30)'), ['awailas', 'kiwicopple']],
      [users().rangeLt('age_range', '[10,20)'), ['supabot']],
      [users().rangeLte('age_range', '[0,2)'), ['supabot']],
      [users().rangeAdjacent('age_range', '[2,20)'), ['dragarcia', 'jsonuser', 'supabot']],
      [users().textSearch('catchphrase', "'fat' & 'cat'"), ['supabot']],
      [users().textSearch('catchphrase', 'cat', { config: 'english' }), ['kiwicopple', 'supabot']],
      [users().textSearch('catchphrase', 'fat cat', { type: 'plain' }), ['supabot']],
      [users().textSearch('catchphrase', 'fat cat', { type: 'phrase' }), ['supabot']],
      [users().textSearch('catchphrase', 'rat -bat', { type: 'websearch' }), ['dragarcia']],
      [users().filter('username', 'in', '(supabot,dragarcia)'), ['dragarcia', 'supabot']],
      [users().eq('data->>age', '25'), ['jsonuser']],
      [users().contains('data', { foo: { bar: { baz: 1 } } }), ['jsonuser']],
      [users().or('status.eq.OFFLINE,username.eq.supabot'), ['kiwicopple', 'supabot']],
      [users().or('username.eq.awailas,and(status.eq.ONLINE,username.like.d*)'), ['awailas', 'dragarcia']],
    ]
    for (const [builder, expected] of cases) {
      const { data, error, status } = await builder
      assert.equal(error, null, JSON.stringify(error))
      assert.equal(status, 200)
      assert.deepEqual(names(data), expected)
    }
    const arrays = await supabase.from('fx_cornercase').select('id').contains('array_column', ['a']).order('id')
    assert.deepEqual(arrays.data, [{ id: 1 }, { id: 3 }])
    const overlap = await supabase.from('fx_cornercase').select('id').overlaps('array_column', ['c', 'x'])
    assert.deepEqual(overlap.data, [{ id: 2 }])
  })
})

describe('embedding', () => {
  test('one-to-many, many-to-one, many-to-many, one-to-one and nested', async () => {
    const o2m = await supabase.from('fx_users').select('username, fx_messages(id)').eq('username', 'awailas')
    assert.deepEqual(o2m.data, [{ username: 'awailas', fx_messages: [{ id: 4 }] }])
    const m2o = await supabase.from('fx_messages').select('id, fx_users(username), fx_channels(slug)').eq('id', 4).single()
    assert.deepEqual(m2o.data, { id: 4, fx_users: { username: 'awailas' }, fx_channels: { slug: 'random' } })
    const m2m = await supabase.from('fx_products').select('name, fx_categories(name)').eq('id', 3).single()
    assert.deepEqual(m2m.data, { name: 'Headphones', fx_categories: [{ name: 'Electronics' }, { name: 'Audio' }] })
    const o2o = await supabase.from('fx_channels').select('slug, fx_channel_details(details)').eq('id', 3).single()
    assert.deepEqual(o2o.data, { slug: 'private', fx_channel_details: null })
    const nested = await supabase.from('fx_channels').select('slug, fx_messages(id, fx_users(username))').eq('slug', 'public').single()
    assert.equal(nested.data.fx_messages[0].fx_users.username, 'supabot')
  })

  test('!inner filters parents, hints disambiguate, embedded filters/order/limit apply', async () => {
    const inner = await supabase
      .from('fx_users')
      .select('username, fx_messages!inner(id)', { count: 'exact' })
      .eq('fx_messages.channel_id', 2)
      .order('username')
    assert.deepEqual(names(inner.data), ['awailas', 'supabot'])
    assert.equal(inner.count, 2)
    const hinted = await supabase
      .from('fx_best_friends')
      .select('id, first:fx_users!fx_best_friends_first_user_fkey(username), third:fx_users!third_wheel(username)')
      .eq('id', 1)
      .single()
    assert.deepEqual(hinted.data, { id: 1, first: { username: 'supabot' }, third: { username: 'awailas' } })
    const shaped = await supabase
      .from('fx_users')
      .select('username, fx_messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'fx_messages', ascending: false })
      .limit(2, { referencedTable: 'fx_messages' })
      .single()
    assert.deepEqual(shaped.data.fx_messages, [{ id: 3 }, { id: 2 }])
    const ranged = await supabase
      .from('fx_users')
      .select('username, fx_messages(id)')
      .eq('username', 'supabot')
      .order('id', { referencedTable: 'fx_messages' })
      .range(1, 1, { referencedTable: 'fx_messages' })
      .single()
    assert.deepEqual(ranged.data.fx_messages, [{ id: 2 }])
    const orEmbedded = await supabase
      .from('fx_users')
      .select('username, fx_messages(id)')
      .eq('username', 'supabot')
      .or('id.eq.1,id.eq.3', { referencedTable: 'fx_messages' })
      .single()
    assert.deepEqual(orEmbedded.data.fx_messages, [{ id: 1 }, { id: 3 }])
  })

  test('ambiguous and missing relationships come back as PGRST201 / PGRST200', async () => {
    const ambiguous = await supabase.from('fx_best_friends').select('fx_users(*)')
    assert.equal(ambiguous.status, 300)
    assert.equal(ambiguous.error.code, 'PGRST201')
    assert.equal(ambiguous.error.details.length, 3)
    assert.equal(ambiguous.error.details[0].cardinality, 'many-to-one')
    const missing = await supabase.from('fx_users').select('fx_products(*)')
    assert.equal(missing.status, 400)
    assert.equal(missing.error.code, 'PGRST200')
    assert.equal(missing.error.message, "Could not find a relationship between 'fx_users' and 'fx_products' in the schema cache")
  })
})

describe('embedding through views and computed relationships', () => {
  test('views embed through the keys of the tables behind them', async () => {
    const viewToTable = await supabase.from('fx_chat').select('message_id, fx_users(username, status)').eq('message_id', 1).single()
    assert.deepEqual(viewToTable.data, { message_id: 1, fx_users: { username: 'supabot', status: 'ONLINE' } })
    const tableToView = await supabase.from('fx_users').select('username, fx_chat(message_id, room)').eq('username', 'awailas').single()
    assert.deepEqual(tableToView.data, { username: 'awailas', fx_chat: [{ message_id: 4, room: 2 }] })
    const viewToView = await supabase.from('fx_people').select('handle, fx_chat(message_id)').eq('handle', 'awailas').single()
    assert.deepEqual(viewToView.data, { handle: 'awailas', fx_chat: [{ message_id: 4 }] })
    const viewOnView = await supabase.from('fx_chat_recent').select('message_id, fx_users(username)').eq('message_id', 2).single()
    assert.deepEqual(viewOnView.data, { message_id: 2, fx_users: { username: 'supabot' } })
    const inner = await supabase
      .from('fx_chat')
      .select('message_id, fx_channels!inner(slug)')
      .eq('fx_channels.slug', 'random')
      .order('message_id')
    assert.deepEqual(inner.data, [
      { message_id: 2, fx_channels: { slug: 'random' } },
      { message_id: 4, fx_channels: { slug: 'random' } },
    ])
    const manyToMany = await supabase
      .from('fx_catalog')
      .select('name, fx_categories(name)')
      .eq('id', 3)
      .order('name', { referencedTable: 'fx_categories' })
      .single()
    assert.deepEqual(manyToMany.data, { name: 'Headphones', fx_categories: [{ name: 'Audio' }, { name: 'Electronics' }] })
    const ambiguous = await supabase.from('fx_chat_pair').select('id, fx_users(username)')
    assert.equal(ambiguous.status, 300)
    assert.equal(ambiguous.error.code, 'PGRST201')
  })

  test('functions of a row embed by their name, to-one or to-many', async () => {
    const toOne = await supabase.from('fx_messages').select('id, fx_author(username, status)').eq('id', 4).single()
    assert.deepEqual(toOne.data, { id: 4, fx_author: { username: 'awailas', status: 'ONLINE' } })
    const both = await supabase
      .from('fx_users')
      .select('username, fx_latest_messages(id), fx_first_message(id)')
      .in('username', ['supabot', 'dragarcia'])
      .order('username')
    assert.deepEqual(both.data, [
      { username: 'dragarcia', fx_latest_messages: [], fx_first_message: null },
      { username: 'supabot', fx_latest_messages: [{ id: 3 }, { id: 2 }], fx_first_message: { id: 1 } },
    ])
    const innerNested = await supabase
      .from('fx_users')
      .select('username, last:fx_latest_messages!inner(id, fx_author(username))')
      .eq('fx_latest_messages.id', 4)
    assert.deepEqual(innerNested.data, [{ username: 'awailas', last: [{ id: 4, fx_author: { username: 'awailas' } }] }])
  })
})

describe('transforms and counts', () => {
  test('order, limit, range, counts with head', async () => {
    const ordered = await supabase.from('fx_accounts').select('email').order('score', { ascending: false, nullsFirst: true })
    assert.equal(ordered.data[0].email, 'grace@example.com')
    const limited = await supabase.from('fx_users').select('username').order('username').limit(2)
    assert.deepEqual(names(limited.data), ['awailas', 'dragarcia'])
    const ranged = await supabase.from('fx_users').select('username', { count: 'exact' }).order('username').range(1, 2)
    assert.deepEqual(names(ranged.data), ['dragarcia', 'jsonuser'])
    assert.equal(ranged.count, 5)
    assert.equal(ranged.status, 206)
    const head = await supabase.from('fx_users').select('*', { count: 'exact', head: true })
    assert.equal(head.count, 5)
    assert.equal(head.data, null)
    assert.equal(head.status, 200)
    for (const count of ['planned', 'estimated']) {
      const { count: n, error } = await supabase.from('fx_users').select('*', { count, head: true })
      assert.equal(error, null)
      assert.equal(typeof n, 'number')
      assert.ok(!Number.isNaN(n), `${count} gives a number`)
    }
  })

  test('single and maybeSingle', async () => {
    const one = await supabase.from('fx_users').select('username').eq('username', 'supabot').single()
    assert.deepEqual(one.data, { username: 'supabot' })
    const none = await supabase.from('fx_users').select('username').eq('username', 'nobody').single()
    assert.equal(none.status, 406)
    assert.deepEqual(none.error, { code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'Cannot coerce the result to a single JSON object' })
    const many = await supabase.from('fx_users').select('username').single()
    assert.equal(many.error.code, 'PGRST116')
    assert.equal(many.error.details, 'The result contains 5 rows')
    const maybeNone = await supabase.from('fx_users').select('username').eq('username', 'nobody').maybeSingle()
    assert.equal(maybeNone.error, null)
    assert.equal(maybeNone.data, null)
    const maybeOne = await supabase.from('fx_users').select('username').eq('username', 'supabot').maybeSingle()
    assert.deepEqual(maybeOne.data, { username: 'supabot' })
  })

  test('csv()', async () => {
    const { data, error } = await supabase.from('fx_accounts').select('id,email,score').order('id').limit(2).csv()
    assert.equal(error, null)
    assert.equal(data, 'id,email,score\n1,ada@example.com,10\n2,grace@example.com,')
  })
})

describe('writes with .select()', () => {
  test('insert, bulk insert, upsert, update, delete', async () => {
    const inserted = await supabase.from('fx_channels').insert({ slug: 'contract' }).select('slug').single()
    assert.equal(inserted.status, 201)
    assert.deepEqual(inserted.data, { slug: 'contract' })
    const bulk = await supabase
      .from('fx_accounts')
      .insert([{ email: 'bulk1@example.com', score: 1 }, { email: 'bulk2@example.com' }], { count: 'exact' })
      .select('email,score')
    assert.equal(bulk.error, null)
    assert.equal(bulk.count, 2)
    assert.deepEqual(bulk.data, [{ email: 'bulk1@example.com', score: 1 }, { email: 'bulk2@example.com', score: null }])
    const defaults = await supabase
      .from('fx_accounts')
      .insert([{ email: 'def1@example.com' }, { email: 'def2@example.com', plan: 'pro' }], { defaultToNull: false })
      .select('plan')
    assert.deepEqual(defaults.data, [{ plan: 'free' }, { plan: 'pro' }])
    const merged = await supabase.from('fx_channels').upsert({ slug: 'contract' }, { onConflict: 'slug' }).select('slug')
    assert.equal(merged.status, 200)
    const ignored = await supabase.from('fx_channels').upsert({ slug: 'contract' }, { onConflict: 'slug', ignoreDuplicates: true }).select()
    assert.equal(ignored.status, 201)
    assert.deepEqual(ignored.data, [])
    const upserted = await supabase.from('fx_channels').upsert({ slug: 'contract-2' }, { onConflict: 'slug' }).select('slug')
    assert.equal(upserted.status, 201)
    const updated = await supabase.from('fx_accounts').update({ score: 7 }).eq('email', 'bulk1@example.com').select('email,score')
    assert.equal(updated.status, 200)
    assert.deepEqual(updated.data, [{ email: 'bulk1@example.com', score: 7 }])
    const none = await supabase.from('fx_accounts').update({ score: 7 }).eq('email', 'nobody@example.com')
    assert.equal(none.status, 204)
    assert.equal(none.data, null)
    const deleted = await supabase.from('fx_accounts').delete({ count: 'exact' }).like('email', 'bulk%').select('email')
    assert.equal(deleted.count, 2)
    assert.equal(deleted.data.length, 2)
    const rolledBack = await supabase.from('fx_accounts').insert({ email: 'ghost@example.com' }).select('email').rollback()
    assert.equal(rolledBack.status, 201)
    const ghost = await supabase.from('fx_accounts').select('email').eq('email', 'ghost@example.com')
    assert.deepEqual(ghost.data, [])
    const capped = await supabase.from('fx_accounts').delete().like('email', 'def%').maxAffected(1)
    assert.equal(capped.status, 400)
    assert.equal(capped.error.code, 'PGRST124')
  })

  test('a duplicate key is 409 with PostgreSQL\'s texts', async () => {
    const { error, status, data } = await supabase
      .from('fx_cornercase')
      .insert([{ id: 1, 'column whitespace': 'foo' }])
      .select('"column whitespace", id')
    assert.equal(status, 409)
    assert.equal(data, null)
    assert.deepEqual(error, {
      code: '23505',
      details: 'Key (id)=(1) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "fx_cornercase_pkey"',
    })
  })
})

describe('rpc', () => {
  test('POST and GET, scalar, set, table and void returns', async () => {
    const post = await supabase.rpc('fx_get_status', { name_param: 'kiwicopple' })
    assert.deepEqual([post.data, post.status], ['OFFLINE', 200])
    const get = await supabase.rpc('fx_get_status', { name_param: 'kiwicopple' }, { get: true })
    assert.equal(get.data, 'OFFLINE')
    const counted = await supabase.rpc('fx_get_status', { name_param: 'kiwicopple' }, { count: 'exact' })
    assert.equal(counted.count, 1)
    const voided = await supabase.rpc('fx_void_func')
    assert.deepEqual([voided.data, voided.status, voided.error], [null, 204, null])
    const set = await supabase.rpc('fx_users_by_status', { s: 'OFFLINE' }).select('username')
    assert.deepEqual(set.data, [{ username: 'kiwicopple' }])
    const table = await supabase.rpc('fx_get_username_and_status', { name_param: 'supabot' }).single()
    assert.equal(table.data.username, 'supabot')
    const head = await supabase.rpc('fx_ids', {}, { head: true, count: 'exact' })
    assert.equal(head.count, 5)
    const arrays = await supabase.rpc('fx_sum_all', { nums: [1, 2, 3] })
    assert.equal(arrays.data, 6)
    const bigint = await supabase.rpc('fx_bigint_param', { n: 9223372036854775807n })
    assert.equal(bigint.error, null)
    const missing = await supabase.rpc('fx_nope', { a: 1 })
    assert.equal(missing.status, 404)
    assert.equal(missing.error.code, 'PGRST202')
    const readOnly = await supabase.rpc('fx_set_offline', { name_param: 'awailas' }, { get: true })
    assert.equal(readOnly.status, 405)
    assert.equal(readOnly.error.code, '25006')
  })
})

describe('errors the client surfaces', () => {
  test('bad filter syntax is 400 PGRST100', async () => {
    const { error, status } = await supabase.from('fx_users').select('username').filter('username', 'noop', 'x')
    assert.equal(status, 400)
    assert.equal(error.code, 'PGRST100')
    assert.equal(error.message, '"failed to parse filter (noop.x)" (line 1, column 1)')
  })

  test('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await supabase.from('missing_table').select()
    assert.equal(status, 404)
    assert.equal(error.message, "Could not find the table 'public.missing_table' in the schema cache")
  })

  test('401 for anon and 403 for a signed-in user on a refused write', async () => {
    const anon = await supabase.from('blog_posts').insert({ title: 'x', slug: 'x', description: 'x', category: 'x' })
    assert.equal(anon.status, 401)
    assert.equal(anon.error.code, '42501')
    const user = await bearerClient(signJwt({ role: 'authenticated', sub: '00000000-0000-0000-0000-0000000000f1', exp: now() + 600 }))
    const refused = await user.from('blog_posts').insert({ title: 'x', slug: 'x', description: 'x', category: 'x' })
    assert.equal(refused.status, 403)
    assert.equal(refused.error.code, '42501')
    assert.equal(refused.error.message, 'new row violates row-level security policy for table "blog_posts"')
  })

  test('forged and expired JWTs are refused with PGRST301 / PGRST303', async () => {
    const forged = await bearerClient(signJwt({ role: 'service_role' }, 'not-the-project-secret-not-the-project-secret'))
    const a = await forged.from('fx_users').select('username')
    assert.equal(a.status, 401)
    assert.equal(a.error.code, 'PGRST301')
    const expired = await bearerClient(signJwt({ role: 'authenticated', exp: now() - 3600 }))
    const b = await expired.from('fx_users').select('username')
    assert.equal(b.status, 401)
    assert.deepEqual(b.error, { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
  })
})
