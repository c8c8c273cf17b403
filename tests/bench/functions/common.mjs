// What the functions benchmarks share: the server binary they start, a free port, percentiles,
// and the ALTCHA solution a browser would send.
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
