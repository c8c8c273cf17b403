// lead-relay: accepts the lead forms' payload as JSON whatever the Content-Type (a no-cors POST
// says text/plain), checks it, and commits the lead with one outbox row per LEAD_WEBHOOK_URLS
// target before answering 202 {ok, id}; a lead whose captcha fails is kept with a spam_reason and
// not forwarded. Delivery: one outbox round right away (in the background), then `lead-outbox`.
import { isVerified, verify } from '../_shared/captcha.ts'
import { parseLimit, rateLimitTake, sql } from '../_shared/db.ts'
import { clientIp, json, postedObject, waitText } from '../_shared/http.ts'
import { parseLead } from '../_shared/lead.ts'
import { deliverDue, webhookTargets } from '../_shared/outbox.ts'

export async function handler(request: Request, info?: Deno.ServeHandlerInfo): Promise<Response> {
  const body = await postedObject(request, 64 * 1024)
  if (body instanceof Response) return body
  const lead = parseLead(body)
  if (typeof lead === 'string') return json({ error: lead }, 400)
  const client = clientIp(request, (info?.remoteAddr as Deno.NetAddr | undefined)?.hostname)
  const retry = await rateLimitTake('relay:ip', client, parseLimit(Deno.env.get('LEAD_RELAY_IP_RATE_LIMIT'), '20/10m'))
  if (retry > 0) {
    return json(
      { error: `Too many submissions: please wait ${waitText(retry)} before sending again`, retryAfter: retry },
      429,
      { 'Retry-After': String(retry) },
    )
  }
  let replayKey: string | null = null
  let expiresAt = 0
  let spamReason: string | null = null
  if ((Deno.env.get('LEAD_RELAY_REQUIRE_CAPTCHA') ?? 'true') !== 'false') {
    const result = await verify(lead.captchaToken, client)
    if (isVerified(result)) {
      replayKey = `lead:${result.replayKey}`
      expiresAt = result.expiresAt
    } else if (result.kind !== 'unavailable') {
      spamReason = result.reason
    }
  }
  const ip = /^[0-9a-fA-F.:]+$/.test(client) ? client : null
  const [row] = await sql()`
    with used as (
      insert into private.used_captcha_tokens (token_hash, expires_at)
      select ${replayKey}::text, to_timestamp(${expiresAt}) where ${replayKey}::text is not null
      on conflict (token_hash) do nothing
      returning 1
    ), lead as (
      insert into public.leads (source, email, company_name, full_name, payload, client_ip, user_agent, spam_reason)
      values (${lead.source}, ${lead.email}, ${lead.companyName}, ${lead.fullName}, ${sql().json(lead.payload as any)},
              ${ip}::text::inet, ${request.headers.get('user-agent')?.slice(0, 1024) ?? null},
              coalesce(${spamReason}::text, case when ${replayKey}::text is not null and not exists (select 1 from used)
                                                 then 'captcha already used' end))
      returning id, spam_reason
    ), queued as (
      insert into public.lead_deliveries (lead_id, target_url)
      select lead.id, target from lead, unnest(${webhookTargets()}::text[]) as target
       where lead.spam_reason is null
      returning 1
    )
    select id, spam_reason, (select count(*) from queued)::int as queued from lead`
  if (row.queued > 0) {
    const round = deliverDue().catch((error) => console.error('lead outbox round failed', error))
    // deno-lint-ignore no-explicit-any
    ;(globalThis as any).EdgeRuntime?.waitUntil?.(round)
  }
  return json({ ok: true, id: row.id }, 202)
}

if (import.meta.main) Deno.serve(handler)
