// The database connection: SUPABASE_DB_URL (hosted and self-hosted Supabase set it). A URL whose
// `host` query parameter is a folder connects over that Unix socket (ClaimBridge's embedded cluster).
import postgres from 'npm:postgres@3.4.9'

let client: ReturnType<typeof postgres> | undefined

export function sql() {
  if (client) return client
  const url = Deno.env.get('SUPABASE_DB_URL')
  if (!url) throw new Error('SUPABASE_DB_URL is not set')
  const parsed = new URL(url)
  const socketDir = parsed.searchParams.get('host')
  if (socketDir?.startsWith('/')) {
    client = postgres({
      path: `${socketDir}/.s.PGSQL.${parsed.port || '5432'}`,
      user: decodeURIComponent(parsed.username) || 'postgres',
      password: decodeURIComponent(parsed.password) || undefined,
      database: parsed.pathname.slice(1) || 'postgres',
      max: 5,
    })
  } else {
    client = postgres(url, { max: 5, prepare: false })
  }
  return client
}

/** Records a hit if the window allows it: 0 = allowed, else seconds to wait. */
export async function rateLimitTake(scope: string, key: string, limit: { max: number; windowSecs: number }) {
  if (limit.max === 0) return 0
  const [row] = await sql()`select private.rate_limit_take(${scope}, ${key}, ${limit.max}, make_interval(secs => ${limit.windowSecs})) as retry`
  return Number(row.retry)
}

/** "5/10m" → {max: 5, windowSecs: 600}; "off" → {max: 0}. */
export function parseLimit(text: string | undefined, fallback: string) {
  const value = (text ?? fallback).trim()
  if (value === 'off' || value === '0') return { max: 0, windowSecs: 1 }
  const match = value.match(/^(\d+)\s*\/\s*(\d+)\s*([smhd]?)$/)
  if (!match) throw new Error(`'${value}' is not a limit like 5/10m`)
  const unit = { s: 1, m: 60, h: 3600, d: 86400, '': 1 }[match[3] as 's' | 'm' | 'h' | 'd' | '']
  return { max: Number(match[1]), windowSecs: Number(match[2]) * unit }
}
