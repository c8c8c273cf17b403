// WebCrypto helpers: SHA-256, HMAC-SHA256, base64, and keys derived from the JWT secret exactly as
// the Rust server derives them (so both agree on ALTCHA signatures and passcode versions).
const encoder = new TextEncoder()

export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')

export const base64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)))

export const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export function fromBase64(text: string): Uint8Array {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/')
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

export async function hmac(key: Uint8Array | string, ...parts: (Uint8Array | string)[]): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array(typeof key === 'string' ? encoder.encode(key) : key)
  const cryptoKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const chunks = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part))
  const data = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    data.set(chunk, offset)
    offset += chunk.length
  }
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data))
}

export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

export function jwtSecret(): string {
  const secret = Deno.env.get('JWT_SECRET') ?? Deno.env.get('SUPABASE_JWT_SECRET')
  if (!secret) throw new Error('JWT_SECRET is not set')
  return secret
}
