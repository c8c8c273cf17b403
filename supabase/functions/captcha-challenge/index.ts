// captcha-challenge: a fresh signed ALTCHA challenge for the widget (404 with another provider).
import { altchaChallenge, provider } from '../_shared/captcha.ts'
import { json, methodNotAllowed, options } from '../_shared/http.ts'

export async function handler(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return options()
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  if (provider() !== 'altcha') return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404)
  return json(await altchaChallenge(), 200, { 'Cache-Control': 'no-store' })
}

if (import.meta.main) Deno.serve(handler)
