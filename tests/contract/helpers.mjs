// Shared setup: the server under test and the anon key exactly as the browser receives it.
import { createClient } from '@supabase/supabase-js'

export const baseUrl = process.env.CLAIMBRIDGE_URL ?? 'http://localhost:54321'

/** The runtime configuration injected into the website's index.html. */
export async function runtimeConfig() {
  const html = await (await fetch(`${baseUrl}/`)).text()
  const match = html.match(/<script id="runtime-config" type="application\/json">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('index.html has no runtime-config element')
  return JSON.parse(match[1])
}

export async function anonClient(key) {
  const anonKey = key ?? (await runtimeConfig()).supabaseAnonKey
  return createClient(baseUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false } })
}
