// The webhook outbox, as the Rust worker runs it: claim due deliveries with FOR UPDATE SKIP
// LOCKED under a lease, POST the lead signed Standard Webhooks style, record delivered / retry
// with exponential backoff and jitter / failed (a 4xx refusal, or older than the max age).
// On hosted Supabase, `lead-outbox` is invoked by a schedule (pg_cron + pg_net) and the relay
// also runs one round right after storing a lead.
import { base64, fromBase64, hmac } from './crypto.ts'
import { sql } from './db.ts'

const env = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback)

function secretKeys(): Uint8Array[] {
  const configured = (Deno.env.get('LEAD_WEBHOOK_SECRET') ?? '').split(/[\s,]+/).filter(Boolean)
  return configured.map((secret) =>
    secret.startsWith('whsec_') ? fromBase64(secret.slice(6)) : new TextEncoder().encode(secret)
  )
}

export function webhookTargets(): string[] {
  return (Deno.env.get('LEAD_WEBHOOK_URLS') ?? '').split(/[\s,]+/).filter(Boolean)
}

export async function sign(keys: Uint8Array[], id: string, timestamp: number, body: string): Promise<string> {
  const signatures = await Promise.all(keys.map(async (key) => `v1,${base64(await hmac(key, `${id}.${timestamp}.${body}`))}`))
  return signatures.join(' ')
}

function nextDelaySecs(attempts: number, retryAfter: number | null): number {
  const base = env('LEAD_WEBHOOK_RETRY_BASE_MS', 5000) / 1000
  const max = env('LEAD_WEBHOOK_RETRY_MAX_SECS', 21600)
  const full = Math.min(max, base * 2 ** Math.min(30, Math.max(0, attempts - 1)))
  const jittered = full / 2 + Math.random() * (full / 2)
  return retryAfter && retryAfter > jittered ? Math.min(retryAfter, max) : jittered
}

type Claimed = { id: string; lead_id: string; target_url: string; attempts: number; age_secs: number; payload: string }

/** Delivers everything due now; returns how many deliveries were attempted. */
export async function deliverDue(): Promise<number> {
  const timeout = env('LEAD_WEBHOOK_TIMEOUT_SECS', 15)
  const lease = timeout + Math.max(5, timeout)
  const maxAgeSecs = env('LEAD_WEBHOOK_MAX_AGE_HOURS', 72) * 3600
  const keys = secretKeys()
  let attempted = 0
  for (;;) {
    const rows = await sql()<Claimed[]>`
      with due as (
        select id from public.lead_deliveries
         where status in ('pending', 'delivering') and next_attempt_at <= now()
         order by next_attempt_at limit 32 for update skip locked
      )
      update public.lead_deliveries d
         set status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now(),
             next_attempt_at = now() + make_interval(secs => ${lease})
        from due, public.leads l
       where d.id = due.id and l.id = d.lead_id
      returning d.id, d.lead_id, d.target_url, d.attempts,
                extract(epoch from now() - l.received_at)::float8 as age_secs, l.payload::text as payload`
    if (rows.length === 0) return attempted
    attempted += rows.length
    await Promise.all(rows.map((row) => deliver(row, keys, timeout, maxAgeSecs)))
  }
}

async function deliver(row: Claimed, keys: Uint8Array[], timeout: number, maxAgeSecs: number) {
  const timestamp = Math.floor(Date.now() / 1000)
  let status: number | null = null
  let error: string | null = null
  let retryAfter: number | null = null
  try {
    const response = await fetch(row.target_url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeout * 1000),
      headers: {
        'content-type': 'application/json',
        'webhook-id': row.lead_id,
        'webhook-timestamp': String(timestamp),
        ...(keys.length ? { 'webhook-signature': await sign(keys, row.lead_id, timestamp, row.payload) } : {}),
      },
      body: row.payload,
    })
    await response.body?.cancel()
    status = response.status
    if (!response.ok) error = `HTTP ${status}`
    retryAfter = Number(response.headers.get('retry-after')) || null
  } catch (failure) {
    error = `could not connect: ${failure}`.slice(0, 500)
  }
  let outcome: 'delivered' | 'failed' | 'pending'
  let nextIn: number | null = null
  if (status !== null && status >= 200 && status < 300) outcome = 'delivered'
  else if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) outcome = 'failed'
  else {
    nextIn = nextDelaySecs(row.attempts, retryAfter)
    outcome = row.age_secs + nextIn > maxAgeSecs ? 'failed' : 'pending'
    if (outcome === 'failed') nextIn = null
  }
  await sql()`
    update public.lead_deliveries
       set status = ${outcome}, last_status = ${status}, last_error = ${error},
           next_attempt_at = case when ${nextIn}::float8 is null then next_attempt_at
                                  else now() + make_interval(secs => ${nextIn}::float8) end,
           delivered_at = case when ${outcome} = 'delivered' then now() else delivered_at end
     where id = ${row.id} and attempts = ${row.attempts} and status = 'delivering'`
}
