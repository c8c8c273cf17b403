// Responses in the shape functions-js reads: JSON bodies with a JSON Content-Type, CORS on all.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage, x-region',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'Retry-After, x-relay-error',
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  })
}

export function options(): Response {
  return new Response('ok', { headers: { ...corsHeaders, 'Content-Type': 'text/plain; charset=utf-8' } })
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ error: `Method not allowed: use ${allowed.join(', ')}` }, 405, { Allow: allowed.join(', ') })
}

/** PostgreSQL's text and jsonb cannot hold U+0000: a body carrying one is refused up front. */
export const NUL_TEXT = 'Text in the body cannot contain NUL (\\u0000) characters'

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (Array.isArray(value)) return value.some(containsNul)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item))
  }
  return false
}

/**
 * A JSON object body, whatever Content-Type it was declared with; null when it is not one, 'nul'
 * when a key or string holds U+0000.
 */
async function jsonObject(request: Request, limit: number): Promise<Record<string, unknown> | null | 'too-large' | 'nul'> {
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.length > limit) return 'too-large'
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return null
  }
  if (containsNul(value)) return 'nul'
  return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null
}

/**
 * The JSON object a POST carries, or the response refusing the request: the CORS preflight
 * answered, another method 405, a body over `limit` bytes 413, NUL text or anything but a JSON
 * object 400. `failure` opens the 400 bodies, in the function's own answer shape (e.g. `{ allowed: false }`).
 */
export async function postedObject(
  request: Request,
  limit: number,
  failure: Record<string, unknown> = {},
): Promise<Record<string, unknown> | Response> {
  if (request.method === 'OPTIONS') return options()
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await jsonObject(request, limit)
  if (body === 'too-large') return json({ error: `Request body is larger than ${limit} bytes` }, 413)
  if (body === 'nul') return json({ ...failure, error: NUL_TEXT }, 400)
  if (!body) return json({ ...failure, error: 'The body must be a JSON object' }, 400)
  return body
}

export function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`
}

/** The client address: the peer, or (behind a trusted proxy) the rightmost untrusted X-Forwarded-For entry. */
export function clientIp(request: Request, peer: string | undefined): string {
  const trusted = (Deno.env.get('TRUSTED_PROXIES') ?? '').split(/[\s,]+/).filter(Boolean)
  const isTrusted = (ip: string) => trusted.includes('*') || trusted.includes(ip)
  let client = peer ?? 'unknown'
  if (!peer || !isTrusted(peer)) return client
  const forwarded = (request.headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean)
  for (const entry of forwarded.reverse()) {
    client = entry
    if (!isTrusted(entry)) break
  }
  return client
}
