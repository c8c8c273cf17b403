// The vendored tests talk to the Supabase CLI's address, hard-coded as http://localhost:54321 or
// http://127.0.0.1:54321. run.sh starts ClaimBridge on a free port and passes its URL in
// CLAIMBRIDGE_URL; this wraps the global fetch (before any test module loads) so requests to the
// CLI's address go there instead. The clients and the tests still see the URLs they built (the
// tests compare them), only the connection goes elsewhere. Other addresses pass through.
const target = process.env.CLAIMBRIDGE_URL
if (!target) throw new Error('CLAIMBRIDGE_URL is not set: run the suites with tests/compat/run.sh')
const origins = ['http://localhost:54321', 'http://127.0.0.1:54321']
const realFetch = globalThis.fetch

function redirect(url) {
  for (const origin of origins) {
    if (url === origin || url.startsWith(origin + '/') || url.startsWith(origin + '?')) {
      return target.replace(/\/$/, '') + url.slice(origin.length)
    }
  }
  return url
}

globalThis.fetch = function fetch(input, init) {
  if (typeof input === 'string') {
    input = redirect(input)
  } else if (input instanceof URL) {
    input = new URL(redirect(input.href))
  } else if (input && typeof input.url === 'string' && redirect(input.url) !== input.url) {
    input = new Request(redirect(input.url), input)
  }
  return realFetch(input, init)
}
