// Every supabase.from(...) call of product-spec §7, issued exactly as the website issues it
// (frontend/src/features/**), against /rest/v1 through the stock supabase-js client: the
// public pages as anon (analytics scoped by the x-claimbridge-session header), the admin
// screens with the simple-auth token, and the anon writes the database refuses.
import { before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { altchaToken } from './functions-support.mjs'
import { baseUrl } from './helpers.mjs'
import { adminToken, bearerClient, sessionId, siteClient } from './rest-support.mjs'

const BLOG_LIST_COLUMNS = 'id,title,slug,description,category,read_time,created_at'

let admin
before(async () => {
  admin = await bearerClient(await adminToken())
})

describe('page analytics (public pages)', () => {
  test('a page view is inserted without read-back, and the page exit updates that row', async () => {
    const session = sessionId()
    const supabase = await siteClient(session)
    const row = {
      session_id: session,
      page_path: '/billing-services',
      page_title: 'Billing Services | ClaimBridge',
      referrer: '',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
      device_type: 'desktop',
      browser: 'Chrome',
      visited_at: new Date().toISOString(),
    }
    const inserted = await supabase.from('page_analytics').insert(row)
    assert.equal(inserted.error, null)
    assert.equal(inserted.status, 201)
    assert.equal(inserted.data, null)

    const { data, error } = await supabase
      .from('page_analytics')
      .select('id')
      .eq('session_id', session)
      .eq('page_path', '/billing-services')
      .order('visited_at', { ascending: false })
      .limit(1)
    assert.equal(error, null)
    assert.equal(data.length, 1)
    const id = data[0].id

    const updated = await supabase
      .from('page_analytics')
      .update({ time_on_page: 42, scroll_depth: 75 })
      .eq('id', id)
    assert.equal(updated.error, null)
    assert.equal(updated.status, 204)

    const { data: stored } = await admin.from('page_analytics').select('time_on_page,scroll_depth').eq('id', id).single()
    assert.deepEqual(stored, { time_on_page: 42, scroll_depth: 75 })
  })

  test('another session neither sees nor updates those rows', async () => {
    const session = sessionId()
    const mine = await siteClient(session)
    await mine.from('page_analytics').insert({ session_id: session, page_path: '/about', page_title: 'About' })
    const other = await siteClient(sessionId())
    const seen = await other.from('page_analytics').select('id').eq('session_id', session)
    assert.equal(seen.error, null)
    assert.deepEqual(seen.data, [])
    const { data: rows } = await mine.from('page_analytics').select('id').eq('session_id', session)
    const hijack = await other.from('page_analytics').update({ time_on_page: 999 }).eq('id', rows[0].id).select('id')
    assert.equal(hijack.error, null)
    assert.deepEqual(hijack.data, [])
  })
})

describe('public content', () => {
  test('page SEO: maybeSingle by page_route gives the row, or null for a route without one', async () => {
    const supabase = await siteClient(sessionId())
    const home = await supabase.from('page_seo_settings').select('*').eq('page_route', '/').maybeSingle()
    assert.equal(home.error, null)
    assert.equal(home.data.page_route, '/')
    assert.ok(Array.isArray(home.data.keywords))
    const none = await supabase.from('page_seo_settings').select('*').eq('page_route', '/no-such-page').maybeSingle()
    assert.equal(none.error, null)
    assert.equal(none.data, null)
    assert.equal(none.status, 200)
  })

  test('blog list: published posts only, newest first, the listed columns', async () => {
    const supabase = await siteClient(sessionId())
    const { data, error, status } = await supabase
      .from('blog_posts')
      .select(BLOG_LIST_COLUMNS)
      .eq('published', true)
      .order('created_at', { ascending: false })
    assert.equal(error, null)
    assert.equal(status, 200)
    assert.ok(data.length > 0)
    for (const post of data) assert.deepEqual(Object.keys(post), BLOG_LIST_COLUMNS.split(','))
    const times = data.map((p) => Date.parse(p.created_at))
    assert.deepEqual(times, [...times].sort((a, b) => b - a))
    const { data: all } = await admin.from('blog_posts').select('slug').eq('published', false)
    const drafts = new Set(all.map((p) => p.slug))
    assert.ok(data.every((p) => !drafts.has(p.slug)), 'no draft in the public list')
  })

  test('blog post by slug: single() gives the row; unknown and draft slugs are PGRST116', async () => {
    const supabase = await siteClient(sessionId())
    const { data: list } = await supabase.from('blog_posts').select('slug').eq('published', true).limit(1)
    const post = await supabase.from('blog_posts').select('*').eq('slug', list[0].slug).eq('published', true).single()
    assert.equal(post.error, null)
    assert.equal(post.data.slug, list[0].slug)
    assert.equal(typeof post.data.content, 'string')

    const missing = await supabase.from('blog_posts').select('*').eq('slug', 'no-such-post').eq('published', true).single()
    assert.equal(missing.data, null)
    assert.equal(missing.status, 406)
    assert.deepEqual(missing.error, {
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    })

    const { data: drafts } = await admin.from('blog_posts').select('slug').eq('published', false).limit(1)
    assert.equal(drafts.length, 1, 'the seed has a draft')
    const draft = await supabase.from('blog_posts').select('*').eq('slug', drafts[0].slug).eq('published', true).single()
    assert.equal(draft.error.code, 'PGRST116')
    const draftWithoutFilter = await supabase.from('blog_posts').select('*').eq('slug', drafts[0].slug).single()
    assert.equal(draftWithoutFilter.error.code, 'PGRST116', 'RLS hides drafts from anon')
    // The same query from the admin, then anon again: a read kept compiled by URL still runs
    // as whoever asks.
    const asAdmin = await admin.from('blog_posts').select('*').eq('slug', drafts[0].slug).single()
    assert.equal(asAdmin.data.slug, drafts[0].slug)
    const anonAgain = await supabase.from('blog_posts').select('*').eq('slug', drafts[0].slug).single()
    assert.equal(anonAgain.error.code, 'PGRST116')
  })

  test('whitepapers: featured first, then newest', async () => {
    const supabase = await siteClient(sessionId())
    const { data, error } = await supabase
      .from('whitepapers')
      .select('*')
      .order('featured', { ascending: false })
      .order('created_at', { ascending: false })
    assert.equal(error, null)
    assert.ok(data.length > 0)
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1], data[i]]
      assert.ok(a.featured > b.featured || (a.featured === b.featured && Date.parse(a.created_at) >= Date.parse(b.created_at)))
    }
  })

  test('a whitepaper lead is inserted by anon (return=minimal) with its lead ticket, though anon cannot read it', async () => {
    const supabase = await siteClient(sessionId())
    // §7: antispam-check first; its answer carries the single-use ticket the insert must send.
    const antispam = await supabase.functions.invoke('antispam-check', {
      body: { email: 'ada@acme.test', ip: 'unknown', recaptchaToken: await altchaToken(baseUrl) },
    })
    assert.equal(antispam.error, null)
    const row = {
      company_name: 'Acme Medical Supply',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@acme.test',
      phone: '(615) 555-0100',
      job_title: 'Billing Manager',
      company_size: '11-50',
      revenue: '$1M-$5M',
      current_challenges: 'Denials',
    }
    const refused = await supabase.from('whitepaper_submissions').insert(row)
    assert.equal(refused.status, 401)
    assert.equal(refused.error.message, 'A whitepaper submission needs a lead ticket from antispam-check')
    const { data, error, status } = await supabase
      .from('whitepaper_submissions')
      .insert(row)
      .setHeader('x-claimbridge-lead-ticket', antispam.data.ticket)
    assert.equal(error, null)
    assert.equal(status, 201)
    assert.equal(data, null)
    const read = await supabase.from('whitepaper_submissions').select('id')
    assert.equal(read.status, 401)
    assert.equal(read.error.code, '42501')
    const { data: leads } = await admin.from('whitepaper_submissions').select('email').eq('email', 'ada@acme.test')
    assert.ok(leads.length >= 1, 'the admin reads the lead')
  })
})

describe('admin screens (simple-auth token)', () => {
  test('blog: list every post newest first, create, update every field, delete', async () => {
    const list = await admin.from('blog_posts').select('*').order('created_at', { ascending: false })
    assert.equal(list.error, null)
    assert.ok(list.data.some((p) => p.published === false), 'drafts included')
    const slug = `contract-post-${Date.now()}`
    const payload = {
      title: 'Contract test post',
      slug,
      description: 'Written by the contract tests',
      content: '<p>Hello</p>',
      category: 'Billing',
      read_time: '4',
      published: false,
      meta_title: 'Contract test post',
      focus_keyword: 'contract',
      featured_image_url: null,
      featured_image_alt: null,
      excerpt: 'Hello',
      og_title: null,
      og_description: null,
      og_image: null,
      twitter_card_type: 'summary_large_image',
      canonical_url: null,
      author_name: 'ClaimBridge',
      tags: ['billing', 'dme'],
      schema_type: 'BlogPosting',
      noindex: false,
      nofollow: false,
    }
    const created = await admin.from('blog_posts').insert(payload)
    assert.equal(created.error, null)
    assert.equal(created.status, 201)
    const { data: row } = await admin.from('blog_posts').select('*').eq('slug', slug).single()
    assert.deepEqual(row.tags, ['billing', 'dme'])
    const updated = await admin.from('blog_posts').update({ ...payload, title: 'Edited', published: true }).eq('id', row.id)
    assert.equal(updated.error, null)
    assert.equal(updated.status, 204)
    const anon = await siteClient(sessionId())
    const visible = await anon.from('blog_posts').select('title').eq('slug', slug).eq('published', true).single()
    assert.equal(visible.data.title, 'Edited')
    const deleted = await admin.from('blog_posts').delete().eq('id', row.id)
    assert.equal(deleted.error, null)
    assert.equal(deleted.status, 204)
    const gone = await admin.from('blog_posts').select('id').eq('id', row.id)
    assert.deepEqual(gone.data, [])
  })

  test('page SEO: list by page name, create, update, content update, delete', async () => {
    const list = await admin.from('page_seo_settings').select('*').order('page_name', { ascending: true })
    assert.equal(list.error, null)
    const names = list.data.map((p) => p.page_name)
    assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const route = `/contract-${Date.now()}`
    const payload = {
      page_route: route,
      page_name: 'Contract page',
      meta_title: 'Contract page',
      meta_description: 'A page made by the contract tests',
      keywords: ['contract'],
      canonical_url: null,
      og_type: 'website',
      twitter_card_type: 'summary',
      noindex: true,
      nofollow: false,
      schema_json: { '@type': 'WebPage' },
    }
    const created = await admin.from('page_seo_settings').insert(payload)
    assert.equal(created.error, null)
    const { data: row } = await admin.from('page_seo_settings').select('*').eq('page_route', route).single()
    assert.deepEqual(row.schema_json, { '@type': 'WebPage' })
    const updated = await admin.from('page_seo_settings').update({ ...payload, page_name: 'Renamed' }).eq('id', row.id)
    assert.equal(updated.error, null)
    const content = await admin.from('page_seo_settings').update({ content: '<h1>Body</h1>' }).eq('id', row.id)
    assert.equal(content.error, null)
    assert.equal(content.status, 204)
    const { data: after } = await admin.from('page_seo_settings').select('page_name,content').eq('id', row.id).single()
    assert.deepEqual(after, { page_name: 'Renamed', content: '<h1>Body</h1>' })
    const duplicate = await admin.from('page_seo_settings').insert({ ...payload, page_name: 'Again' })
    assert.equal(duplicate.status, 409)
    assert.equal(duplicate.error.code, '23505')
    const deleted = await admin.from('page_seo_settings').delete().eq('id', row.id)
    assert.equal(deleted.error, null)
  })
})

describe('anon writes are refused', () => {
  test('401 with 42501 for every table anon may not write', async () => {
    const supabase = await siteClient(sessionId())
    const attempts = [
      supabase.from('blog_posts').insert({ title: 'x', slug: 'x', description: 'x', category: 'x' }),
      supabase.from('blog_posts').update({ title: 'hacked' }).eq('published', true),
      supabase.from('blog_posts').delete().eq('published', true),
      supabase.from('page_seo_settings').update({ content: 'hacked' }).eq('page_route', '/'),
      supabase.from('page_seo_settings').insert({ page_route: '/x', page_name: 'x' }),
      supabase.from('whitepapers').delete().neq('title', ''),
      supabase.from('leads').select('*'),
    ]
    for (const attempt of attempts) {
      const { data, error, status } = await attempt
      assert.equal(status, 401, JSON.stringify(error))
      assert.equal(data, null)
      assert.equal(error.code, '42501')
      assert.match(error.message, /^permission denied for table /)
      assert.equal(error.hint, null)
      assert.equal(error.details, null)
    }
    const { data: posts } = await admin.from('blog_posts').select('title').eq('title', 'hacked')
    assert.deepEqual(posts, [])
  })
})
