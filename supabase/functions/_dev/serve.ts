// Serves every function under /functions/v1/{name} on one port, as the Supabase edge runtime
// routes them (the contract tests run the TypeScript versions this way under Deno).
// Usage: deno run -A supabase/functions/_dev/serve.ts  (PORT, SUPABASE_DB_URL, JWT_SECRET, ...)
import { handler as antispamCheck } from '../antispam-check/index.ts'
import { handler as captchaChallenge } from '../captcha-challenge/index.ts'
import { handler as leadOutbox } from '../lead-outbox/index.ts'
import { handler as leadRelay } from '../lead-relay/index.ts'
import { handler as simpleAuth } from '../simple-auth/index.ts'
import { handler as staffInvite } from '../staff-invite/index.ts'
import { deliverDue } from '../_shared/outbox.ts'

type Handler = (request: Request, info?: Deno.ServeHandlerInfo) => Promise<Response>
const functions: Record<string, Handler> = {
  'simple-auth': simpleAuth,
  'antispam-check': antispamCheck,
  'captcha-challenge': captchaChallenge,
  'lead-relay': leadRelay,
  'lead-outbox': leadOutbox,
  'staff-invite': staffInvite,
}

const port = Number(Deno.env.get('PORT') ?? 54329)
Deno.serve({ port, hostname: '127.0.0.1', onListen: () => console.log(`listening on ${port}`) }, async (request, info) => {
  const path = new URL(request.url).pathname
  if (path === '/readyz') return new Response('ok')
  const name = path.match(/^\/functions\/v1\/([^/]+)/)?.[1]
  const handler = name ? functions[name] : undefined
  if (!handler) {
    return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Requested function was not found' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  try {
    return await handler(request, info)
  } catch (error) {
    console.error(error)
    return new Response(JSON.stringify({ error: 'Internal error' }), { status: 500, headers: { 'Content-Type': 'application/json' } })
  }
})

// The scheduled outbox call, as pg_cron would make it on hosted Supabase.
const every = Number(Deno.env.get('LEAD_WEBHOOK_POLL_MS') ?? 2000)
setInterval(() => deliverDue().catch((error) => console.error('outbox', error)), every)
