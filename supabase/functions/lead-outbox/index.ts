// lead-outbox: delivers every due lead webhook (call it on a schedule, e.g. pg_cron + pg_net every
// minute, with the service_role key). Answers {attempted}.
import { json, methodNotAllowed, options } from '../_shared/http.ts'
import { deliverDue } from '../_shared/outbox.ts'

export async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return options()
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return json({ attempted: await deliverDue() })
}

if (import.meta.main) Deno.serve(handler)
