// /storage/v1 as the stock supabase-js client meets it: every storage row of product-spec §7
// and the rest of the storage-js surface. Run against whichever backend the server was started
// with (tests/tools/s3-server.sh `with` runs this file again on S3).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { DEMO_JWT_SECRET, baseUrl, runtimeConfig, signJwt } from './helpers.mjs'
const SEEDED_PDF = 'dme-audit-readiness-guide.pdf'

/** A token for `claims` valid for an hour, signed with the secret the server under test runs with. */
function sign(claims) {
  const now = Math.floor(Date.now() / 1000)
  return signJwt({ iat: now, exp: now + 3600, ...claims }, DEMO_JWT_SECRET)
}

// The admin token, as the admin area gets it: simple-auth with the passcode with-server.sh set (RLS
// checks its passcode generation, so a hand-made token would not do).
let adminLogin
function adminToken() {
  adminLogin ??= (async () => {
    const { supabaseAnonKey } = await runtimeConfig()
    const response = await fetch(`${baseUrl}/functions/v1/simple-auth`, {
      method: 'POST',
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'login', passcode: process.env.E2E_ADMIN_PASSCODE }),
    })
    const body = await response.json()
    assert.equal(body.success, true, 'E2E_ADMIN_PASSCODE signs in (tests/tools/with-server.sh sets it)')
    return body.token
  })()
  return adminLogin
}
const serviceToken = sign({ role: 'service_role' })

// Realtime is never used here; Node 20 has no global WebSocket for the client to find.
const realtime = { transport: globalThis.WebSocket ?? class NoWebSocket {} }

/** supabase-js as the browser has it: the anon key, and `token` as the bearer when given. */
async function clientWith(token) {
  const { supabaseAnonKey } = await runtimeConfig()
  const headers = token ? { Authorization: `Bearer ${token}` } : {}
  return createClient(baseUrl, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime,
  })
}

const anonClient = () => clientWith(null)

const png = () => {
  const bytes = Buffer.alloc(2000)
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(bytes)
  return bytes
}
const pdf = (text = 'whitepaper') => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(500)}\n%%EOF\n`)

test('spec: the downloads page finds a whitepaper by listing with a search on file_path', async () => {
  const supabase = await anonClient()
  const { data, error } = await supabase.storage.from('whitepapers').list('', { search: SEEDED_PDF })
  assert.equal(error, null)
  const entry = data.find((file) => file.name === SEEDED_PDF)
  assert.ok(entry, JSON.stringify(data))
  assert.equal(entry.metadata.mimetype, 'application/pdf')
  assert.ok(entry.metadata.size > 1000)
  const missing = await supabase.storage.from('whitepapers').list('', { search: 'no-such-file.pdf' })
  assert.deepEqual(missing, { data: [], error: null })
})

test('spec: getPublicUrl then downloading the PDF (Range, ETag, 304, download name)', async () => {
  const supabase = await anonClient()
  const { data } = supabase.storage.from('whitepapers').getPublicUrl(SEEDED_PDF)
  assert.equal(data.publicUrl, `${baseUrl}/storage/v1/object/public/whitepapers/${SEEDED_PDF}`)
  const response = await fetch(data.publicUrl)
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('content-type'), 'application/pdf')
  assert.equal(response.headers.get('accept-ranges'), 'bytes')
  const etag = response.headers.get('etag')
  assert.match(etag, /^"[0-9a-f]{32}"$/)
  const bytes = Buffer.from(await response.arrayBuffer())
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-')
  assert.equal(Number(response.headers.get('content-length')), bytes.length)

  const ranged = await fetch(data.publicUrl, { headers: { Range: 'bytes=0-4' } })
  assert.equal(ranged.status, 206)
  assert.equal(ranged.headers.get('content-range'), `bytes 0-4/${bytes.length}`)
  assert.equal(await ranged.text(), '%PDF-')
  const cached = await fetch(data.publicUrl, { headers: { 'If-None-Match': etag } })
  assert.equal(cached.status, 304)

  const named = supabase.storage.from('whitepapers').getPublicUrl(SEEDED_PDF, { download: 'DME Audit Readiness.pdf' })
  const download = await fetch(named.data.publicUrl)
  assert.equal(download.headers.get('content-disposition'),
    "attachment; filename=DME%20Audit%20Readiness.pdf; filename*=UTF-8''DME%20Audit%20Readiness.pdf")
  // A browser-style request with an Origin gets CORS headers that expose what the client reads.
  const cors = await fetch(data.publicUrl, { headers: { Origin: 'https://www.claimbridge.com' } })
  assert.equal(cors.headers.get('access-control-allow-origin'), '*')
})

test('spec: a blog image uploaded under a random name with the admin token, then its public URL', async () => {
  const admin = await clientWith(await adminToken())
  const file = new File([png()], 'team photo.png', { type: 'image/png' })
  const name = `${randomUUID()}.${file.name.split('.').pop()}`
  const { data, error } = await admin.storage.from('blog-images').upload(name, file)
  assert.equal(error, null)
  assert.equal(data.path, name)
  assert.equal(data.fullPath, `blog-images/${name}`)
  assert.match(data.id, /^[0-9a-f-]{36}$/)
  const { data: url } = admin.storage.from('blog-images').getPublicUrl(name)
  const response = await fetch(url.publicUrl)
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('content-type'), 'image/png')
  assert.equal(response.headers.get('cache-control'), 'max-age=3600')
  assert.deepEqual(Buffer.from(await response.arrayBuffer()), png())
  await admin.storage.from('blog-images').remove([name])
})

test('spec: anon writes are refused and change nothing', async () => {
  const anon = await anonClient()
  const upload = await anon.storage.from('blog-images').upload(`${randomUUID()}.png`, new Blob([png()], { type: 'image/png' }))
  assert.equal(upload.data, null)
  assert.equal(upload.error.name, 'StorageApiError')
  assert.equal(upload.error.statusCode, '403')
  assert.equal(upload.error.status, 400)
  assert.equal(upload.error.message, 'new row violates row-level security policy')
  const update = await anon.storage.from('whitepapers').update(SEEDED_PDF, pdf('defaced'), { contentType: 'application/pdf' })
  assert.equal(update.error.statusCode, '403')
  const removed = await anon.storage.from('whitepapers').remove([SEEDED_PDF])
  assert.deepEqual(removed, { data: [], error: null })
  const moved = await anon.storage.from('whitepapers').move(SEEDED_PDF, 'stolen.pdf')
  assert.equal(moved.error.statusCode, '403')
  assert.equal((await anon.storage.from('whitepapers').exists(SEEDED_PDF)).data, true)
  const bucket = await anon.storage.createBucket('anon-bucket', { public: true })
  assert.equal(bucket.error.statusCode, '403')
})

test('types are judged by the bytes: a text file named .png and an SVG are refused', async () => {
  const admin = await clientWith(await adminToken())
  const text = await admin.storage.from('blog-images').upload(`${randomUUID()}.png`,
    new File(['just text'], 'notes.png', { type: 'image/png' }))
  assert.equal(text.error.statusCode, '415')
  assert.equal(text.error.message, "mime type text/plain is not supported (detected from the file's content; declared image/png)")
  const svg = await admin.storage.from('blog-images').upload(`${randomUUID()}.svg`,
    new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'x.svg', { type: 'image/svg+xml' }))
  assert.equal(svg.error.statusCode, '415')
  const html = await admin.storage.from('whitepapers').upload(`${randomUUID()}.pdf`,
    Buffer.from('<!doctype html><h1>hi</h1>'), { contentType: 'application/pdf' })
  assert.equal(html.error.message, "mime type text/html is not supported (detected from the file's content; declared application/pdf)")
})

test('info, exists and download', async () => {
  const anon = await anonClient()
  const info = await anon.storage.from('whitepapers').info(SEEDED_PDF)
  assert.equal(info.error, null)
  for (const key of ['id', 'name', 'version', 'bucketId', 'size', 'contentType', 'cacheControl', 'etag', 'lastModified', 'createdAt']) {
    assert.ok(key in info.data, key)
  }
  assert.equal(info.data.contentType, 'application/pdf')
  assert.equal(info.data.bucketId, 'whitepapers')
  assert.deepEqual(await anon.storage.from('whitepapers').exists(SEEDED_PDF), { data: true, error: null })
  const missing = await anon.storage.from('whitepapers').exists('no-such.pdf')
  assert.equal(missing.data, false)
  assert.equal(missing.error.statusCode, '404')
  const { data: blob, error } = await anon.storage.from('whitepapers').download(SEEDED_PDF)
  assert.equal(error, null)
  assert.equal(blob.type, 'application/pdf')
  assert.equal(Buffer.from(await blob.arrayBuffer()).subarray(0, 5).toString(), '%PDF-')
  const gone = await anon.storage.from('whitepapers').download('no-such.pdf')
  assert.equal(gone.error.statusCode, '404')
})

test('buckets: list, get, create, update, empty, delete', async () => {
  const service = await clientWith(serviceToken)
  const anon = await anonClient()
  const listed = await anon.storage.listBuckets()
  assert.deepEqual(listed.data.map((b) => b.id).sort(), ['blog-images', 'whitepapers'])
  const id = `contract-${randomUUID().slice(0, 8)}`
  const created = await service.storage.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['application/pdf'] })
  assert.deepEqual(created, { data: { name: id }, error: null })
  const duplicate = await service.storage.createBucket(id)
  assert.equal(duplicate.error.statusCode, '409')
  const got = await service.storage.getBucket(id)
  assert.equal(got.data.file_size_limit, 1000000)
  assert.deepEqual(got.data.allowed_mime_types, ['application/pdf'])
  assert.equal(got.data.public, false)
  const updated = await service.storage.updateBucket(id, { public: true, fileSizeLimit: 2000, allowedMimeTypes: ['application/pdf'] })
  assert.deepEqual(updated, { data: { message: 'Successfully updated' }, error: null })
  assert.equal((await service.storage.getBucket(id)).data.public, true)
  const tooBig = await service.storage.from(id).upload('big.pdf', Buffer.concat([pdf(), Buffer.alloc(3000)]), { contentType: 'application/pdf' })
  assert.equal(tooBig.error.statusCode, '413')
  assert.equal((await service.storage.from(id).upload('a.pdf', pdf(), { contentType: 'application/pdf' })).error, null)
  const notEmpty = await service.storage.deleteBucket(id)
  assert.equal(notEmpty.error.statusCode, '409')
  const emptied = await service.storage.emptyBucket(id)
  assert.equal(emptied.error, null)
  assert.deepEqual(await service.storage.deleteBucket(id), { data: { message: 'Successfully deleted' }, error: null })
  const refused = await (await clientWith(await adminToken())).storage.emptyBucket('whitepapers')
  assert.equal(refused.error.status, 403)
})

test('list v1 folders and v2 cursors', async () => {
  const admin = await clientWith(await adminToken())
  const folder = `contract-${randomUUID().slice(0, 8)}`
  for (const key of ['a.pdf', 'b.pdf', 'sub/c.pdf']) {
    const { error } = await admin.storage.from('whitepapers').upload(`${folder}/${key}`, pdf(key), { contentType: 'application/pdf' })
    assert.equal(error, null)
  }
  const { data } = await admin.storage.from('whitepapers').list(folder, { sortBy: { column: 'name', order: 'asc' } })
  assert.deepEqual(data.map((entry) => entry.name), ['a.pdf', 'b.pdf', 'sub'])
  assert.equal(data[2].id, null)
  const v2 = await admin.storage.from('whitepapers').listV2({ prefix: `${folder}/`, with_delimiter: true, limit: 2 })
  assert.equal(v2.error, null)
  assert.deepEqual(v2.data.objects.map((o) => o.name), [`${folder}/a.pdf`, `${folder}/b.pdf`])
  assert.equal(v2.data.hasNext, true)
  const next = await admin.storage.from('whitepapers').listV2({ prefix: `${folder}/`, with_delimiter: true, limit: 2, cursor: v2.data.nextCursor })
  assert.deepEqual(next.data.folders.map((f) => f.name), [`${folder}/sub/`])
  const removed = await admin.storage.from('whitepapers').remove([`${folder}/a.pdf`, `${folder}/b.pdf`, `${folder}/sub/c.pdf`])
  assert.equal(removed.data.length, 3)
})

test('move, copy, signed URLs and signed uploads', async () => {
  const admin = await clientWith(await adminToken())
  const base = `contract-${randomUUID().slice(0, 8)}`
  const bucket = admin.storage.from('whitepapers')
  assert.equal((await bucket.upload(`${base}/one.pdf`, pdf('one'), { contentType: 'application/pdf' })).error, null)
  const duplicate = await bucket.upload(`${base}/one.pdf`, pdf('again'), { contentType: 'application/pdf' })
  assert.equal(duplicate.error.statusCode, '409')
  assert.equal((await bucket.upload(`${base}/one.pdf`, pdf('upserted'), { contentType: 'application/pdf', upsert: true })).error, null)
  const moved = await bucket.move(`${base}/one.pdf`, `${base}/two.pdf`)
  assert.equal(moved.data.message, 'Successfully moved')
  const copied = await bucket.copy(`${base}/two.pdf`, `${base}/three.pdf`)
  assert.deepEqual(copied, { data: { path: `whitepapers/${base}/three.pdf` }, error: null })

  const signed = await bucket.createSignedUrl(`${base}/three.pdf`, 60, { download: 'Three.pdf' })
  assert.equal(signed.error, null)
  assert.ok(signed.data.signedUrl.startsWith(`${baseUrl}/storage/v1/object/sign/whitepapers/${base}/three.pdf?token=`))
  const fetched = await fetch(signed.data.signedUrl)
  assert.equal(fetched.status, 200)
  assert.match(fetched.headers.get('content-disposition'), /filename=Three\.pdf/)
  assert.match(await fetched.text(), /upserted/)
  const many = await bucket.createSignedUrls([`${base}/two.pdf`, `${base}/missing.pdf`], 60)
  assert.equal(many.data[0].error, null)
  assert.ok(many.data[0].signedUrl.includes('token='))
  assert.equal(many.data[1].signedUrl, null)

  const upload = await bucket.createSignedUploadUrl(`${base}/signed.pdf`)
  assert.equal(upload.error, null)
  assert.equal(upload.data.path, `${base}/signed.pdf`)
  const anon = await anonClient()
  const put = await anon.storage.from('whitepapers').uploadToSignedUrl(`${base}/signed.pdf`, upload.data.token, pdf('signed'), { contentType: 'application/pdf' })
  assert.equal(put.error, null)
  assert.equal(put.data.fullPath, `whitepapers/${base}/signed.pdf`)
  const { data: blob } = await anon.storage.from('whitepapers').download(`${base}/signed.pdf`)
  assert.match(await blob.text(), /signed/)

  const removed = await bucket.remove([`${base}/two.pdf`, `${base}/three.pdf`, `${base}/signed.pdf`])
  assert.equal(removed.data.length, 3)
})

test('a large upload with a bad token gets the JSON refusal every time, never a network error', async () => {
  // Finding #3 of the hardening issue: the answer used to go out, and the connection close, before
  // the body was read, and the stock client saw EPIPE about half the time.
  const forged = await clientWith(sign({ role: 'authenticated' }).slice(0, -4) + 'AAAA')
  const body = new Blob([pdf('x'.repeat(4 * 1024 * 1024))], { type: 'application/pdf' })
  for (let attempt = 0; attempt < 50; attempt++) {
    const { data, error } = await forged.storage.from('whitepapers').upload(`attack-${attempt}.pdf`, body)
    assert.equal(data, null)
    assert.ok(error, `attempt ${attempt}: no error`)
    assert.equal(error.name, 'StorageApiError', `attempt ${attempt}: ${error.name}: ${error.message}`)
    assert.equal(error.statusCode, '403', `attempt ${attempt}`)
  }
})
