// Support for the functions contract tests: a ClaimBridge server of their own (so rate limits,
// lockouts and webhook targets never touch the shared server), a recording webhook receiver,
// ALTCHA solving as the widget does it, and Standard Webhooks verification as a receiver does it.
import { spawn, execFileSync } from 'node:child_process'
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import { DEMO_JWT_SECRET } from './helpers.mjs'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const binary = process.env.CLAIMBRIDGE_BIN ? join(root, process.env.CLAIMBRIDGE_BIN) : join(root, 'target/debug/claimbridge')
export const PASSCODE = 'contract-admin-passcode-2026'
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
/** The local stack's service role key (the gateway takes the project's keys by exact match). */
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export { DEMO_JWT_SECRET }

/** Realtime is unused here; Node 20 has no global WebSocket, which supabase-js 2.119 wants. */
export const realtime = { transport: globalThis.WebSocket ?? class NoWebSocket {} }

/** The stock client, as the browser builds it (no session persistence in tests). */
export function supabaseClient(url, key = DEMO_ANON_KEY, headers = {}) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime,
  })
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitFor(check, { within = 20_000, every = 50, what = 'condition' } = {}) {
  const deadline = Date.now() + within
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${within} ms`)
    await sleep(every)
  }
}

let passcodeHash
export function adminPasscodeHash() {
  passcodeHash ??= execFileSync(binary, ['passcode-hash', PASSCODE], { encoding: 'utf8' }).trim()
  return passcodeHash
}

/**
 * A process serving HTTP on a port of its own (claimbridge, or the Deno functions): started with
 * `launch`, its output kept for failure messages, ready once /readyz answers 200.
 */
class ServedProcess {
  constructor() {
    this.log = ''
  }

  /**
   * `env(port)` gives the process environment for the port chosen. A restart keeps the port:
   * others hold the URL (the Deno functions reach the server's GoTrue admin API through it).
   */
  async launch(command, args, env, { name, within }) {
    this.port ??= await freePort()
    this.url = `http://127.0.0.1:${this.port}`
    this.child = spawn(command, args, { env: env(this.port), stdio: ['ignore', 'pipe', 'pipe'] })
    this.child.stdout.on('data', (chunk) => (this.log += chunk))
    this.child.stderr.on('data', (chunk) => (this.log += chunk))
    this.exited = new Promise((resolve) => this.child.once('exit', resolve))
    await waitFor(
      async () => {
        if (this.child.exitCode !== null) throw new Error(`${name} exited early:\n${this.log}`)
        try {
          return (await fetch(`${this.url}/readyz`)).ok
        } catch {
          return false
        }
      },
      { within, every: 200, what: `${name} ready` },
    )
    return this
  }

  /** SIGTERM (graceful) or SIGKILL (crash), then wait for the process. */
  async stop(signal = 'SIGTERM') {
    if (!this.child || this.child.exitCode !== null) return
    this.child.kill(signal)
    await this.exited
  }

  async restart(signal = 'SIGTERM') {
    await this.stop(signal)
    return this.start()
  }

  client(headers = {}) {
    return supabaseClient(this.url, DEMO_ANON_KEY, headers)
  }
}

/** `claimbridge serve` on its own data directory (embedded PostgreSQL) and port. */
export class Server extends ServedProcess {
  constructor(env = {}) {
    super()
    this.dataDir = mkdtempSync(join(tmpdir(), 'claimbridge-functions-'))
    chmodSync(this.dataDir, 0o755) // the postgres OS user must reach the cluster when we run as root
    this.env = env
  }

  start() {
    return this.launch(
      binary,
      ['serve'],
      (port) => ({
        PATH: process.env.PATH,
        CLAIMBRIDGE_DATA_DIR: this.dataDir,
        CLAIMBRIDGE_PORT: String(port),
        CLAIMBRIDGE_FRONTEND_DIR: join(root, 'frontend/dist'),
        CLAIMBRIDGE_LOG: 'warn',
        ADMIN_PASSCODE_HASH: adminPasscodeHash(),
        ...this.env,
      }),
      { name: 'claimbridge', within: 120_000 },
    )
  }

  async destroy() {
    await this.stop('SIGTERM')
    rmSync(this.dataDir, { recursive: true, force: true })
  }
}

/** A webhook receiver that records every request and answers with `status`. */
export class Receiver {
  constructor(status = 200) {
    this.status = status
    this.received = []
  }

  async start(port) {
    this.server = createServer((request, response) => {
      const chunks = []
      request.on('data', (chunk) => chunks.push(chunk))
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
        response.writeHead(this.status, { 'content-type': 'application/json', connection: 'close' })
        response.end('{}')
      })
    })
    await new Promise((resolve) => this.server.listen(port ?? 0, '127.0.0.1', resolve))
    this.port = this.server.address().port
    this.url = `http://127.0.0.1:${this.port}/hook`
    return this
  }

  async stop() {
    await new Promise((resolve) => {
      this.server.close(resolve)
      this.server.closeAllConnections?.()
    })
  }
}

/** What a receiver does with a Standard Webhooks delivery. */
export function verifyWebhook(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`)
  return (headers['webhook-signature'] ?? '').split(' ').some((candidate) => {
    const given = Buffer.from(candidate)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

/** Fetches a challenge and solves it as the ALTCHA widget does: base64(JSON payload). */
export async function altchaToken(baseUrl) {
  const challenge = await (await fetch(`${baseUrl}/functions/v1/captcha-challenge`)).json()
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash('sha256').update(challenge.salt + number).digest('hex')
    if (hash === challenge.challenge) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number,
        salt: challenge.salt,
        signature: challenge.signature,
        took: 1,
      }
      return Buffer.from(JSON.stringify(payload)).toString('base64')
    }
  }
  throw new Error('unsolvable challenge')
}

/** The contact form's webhook payload (product spec §7). */
export function leadPayload(email, captchaToken) {
  return {
    companyName: 'Acme Medical Supply',
    yourName: 'Dana Scully',
    email,
    phone: '555-0100',
    howCanWeHelp: 'Our denials are piling up',
    howManyUsers: '10-50',
    yearsInBusiness: '12',
    claimsPerMonth: '2000',
    currentSoftware: 'Brightree',
    aboutProducts: 'CPAP, oxygen',
    timestamp: new Date().toISOString(),
    source: 'ClaimBridge website contact form',
    recaptchaToken: captchaToken,
  }
}

/** POSTs a lead as the website does: a `no-cors` fetch sends it as text/plain. */
export async function postLead(baseUrl, payload, headers = {}) {
  const response = await fetch(`${baseUrl}/functions/v1/lead-relay`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: JSON.stringify(payload),
  })
  return { status: response.status, body: await response.json() }
}

export const denoBinary = join(root, 'tests/contract/node_modules/.bin/deno')

/** The TypeScript functions (supabase/functions) under Deno, on the database of `server`. */
export class DenoFunctions extends ServedProcess {
  constructor(server, env = {}) {
    super()
    this.server = server
    this.env = env
  }

  start() {
    const socketDir = join(this.server.dataDir, 'postgres')
    return this.launch(
      denoBinary,
      ['run', '-A', '--quiet', join(root, 'supabase/functions/_dev/serve.ts')],
      (port) => ({
        // The caller's environment (proxies, CA bundles such as DENO_CERT / SSL_CERT_FILE), then ours.
        ...process.env,
        DENO_DIR: process.env.DENO_DIR ?? join(root, 'target/deno-cache'),
        DENO_NO_UPDATE_CHECK: '1',
        PORT: String(port),
        SUPABASE_DB_URL: `postgresql://postgres@localhost:5432/postgres?host=${socketDir}`,
        // staff-invite reaches GoTrue's admin API of the server, as on hosted Supabase.
        SUPABASE_URL: this.server.url,
        SUPABASE_ANON_KEY: DEMO_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
        SITE_URL: this.server.url,
        JWT_SECRET: DEMO_JWT_SECRET,
        ADMIN_PASSCODE_HASH: adminPasscodeHash(),
        ...this.env,
      }),
      { name: 'deno functions', within: 180_000 },
    )
  }
}
