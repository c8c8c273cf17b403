// The development mail catcher of the server under test (tests/tools/with-server.sh gives it free
// ports and exports CLAIMBRIDGE_MAILBOX_URL): Mailpit's API, as tools and browser tests read it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mailboxUrl } from './helpers.mjs'

test('the catcher answers with Mailpit message lists', async () => {
  const response = await fetch(`${mailboxUrl}/api/v1/messages`)
  assert.equal(response.status, 200)
  const list = await response.json()
  assert.equal(typeof list.total, 'number')
  assert.equal(typeof list.count, 'number')
  assert.ok(Array.isArray(list.messages))

  const search = await (await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent('to:nobody@example.com')}`)).json()
  assert.equal(search.messages_count, 0)
  assert.deepEqual(search.messages, [])
  assert.equal((await fetch(`${mailboxUrl}/api/v1/search`)).status, 400)
  assert.equal((await fetch(`${mailboxUrl}/api/v1/message/latest`)).status, list.total > 0 ? 200 : 404)
})

test('the catcher page lists the caught emails', async () => {
  const response = await fetch(mailboxUrl)
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-security-policy'), /default-src 'none'/)
  assert.match(await response.text(), /Caught emails/)
})
