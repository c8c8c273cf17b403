// What the functions benchmarks share: the server binary they start (and how, and when it is
// ready), a free port, percentiles, and the ALTCHA solution a browser would send.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../..', import.meta.url))
/** CLAIMBRIDGE_BIN, else the release build if there is one, else the debug build. */
export const binary = process.env.CLAIMBRIDGE_BIN
  ? join(root, process.env.CLAIMBRIDGE_BIN)
  : [join(root, 'target/release/claimbridge'), join(root, 'target/debug/claimbridge')].find(existsSync)

/**
 * `claimbridge serve` on `port` over `dataDir`, its admin passcode `passcode`, with the settings
 * every benchmark wants (errors-only log, the built frontend, an easy captcha, no per-IP lead
 * limit) and `env` on top.
 */
export function serve({ dataDir, port, passcode, env }) {
  const passcodeHash = execFileSync(binary, ['passcode-hash', passcode], { encoding: 'utf8' }).trim()
  return spawn(binary, ['serve'], {
    env: {
      PATH: process.env.PATH,
      CLAIMBRIDGE_DATA_DIR: dataDir,
      CLAIMBRIDGE_PORT: String(port),
      CLAIMBRIDGE_LOG: 'error',
      CLAIMBRIDGE_FRONTEND_DIR: join(root, 'frontend/dist'),
      ADMIN_PASSCODE_HASH: passcodeHash,
      ALTCHA_MAX_NUMBER: '10',
      LEAD_RELAY_IP_RATE_LIMIT: 'off',
      ...env,
    },
    stdio: 'inherit',
  })
}

/** Waits until `url`/readyz answers OK, asking every 200 ms; gives up after about two minutes. */
export async function waitReady(url) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {}
    if (i > 600) throw new Error('server not ready')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** The widget's work: the number whose sha256 with the salt is the challenge, as the base64 token. */
export function solve(challenge) {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(challenge.salt + number).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge
      return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature })).toString('base64')
    }
  }
  throw new Error('unsolvable')
}
