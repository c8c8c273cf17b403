// Benchmark of the functions (issue 5): lead relay intake (leads/s, p50/p99 latency) against a
// pgbench baseline of the same INSERT in the same run, and the cost of one passcode check.
//
//   node tests/bench/functions/run.mjs            (uses target/release/claimbridge if built)
//   CLAIMBRIDGE_BIN=target/debug/claimbridge LEADS=2000 CONCURRENCY=32 node tests/bench/functions/run.mjs
//
// Every lead carries a fresh, verified ALTCHA solution (difficulty 10, so the client's work is
// negligible) and is queued for one webhook target, so each accepted lead costs what production
// costs: captcha check + replay row + lead row + outbox row, committed before the 202.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { binary, freePort, percentile, root, serve, solve, waitReady } from './common.mjs'

const LEADS = Number(process.env.LEADS ?? 5000)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32)
const LOGINS = Number(process.env.LOGINS ?? 20)
const PASSCODE = 'bench-admin-passcode-2026'

const lead = (n, token) =>
  JSON.stringify({
    companyName: 'Acme Medical Supply', yourName: 'Dana Scully', email: `lead${n}@acme.test`, phone: '555-0100',
    howCanWeHelp: 'Our denials are piling up', howManyUsers: '10-50', yearsInBusiness: '12', claimsPerMonth: '2000',
    currentSoftware: 'Brightree', aboutProducts: 'CPAP, oxygen', timestamp: new Date().toISOString(),
    source: 'ClaimBridge website contact form', recaptchaToken: token,
  })

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'claimbridge-bench-'))
  chmodSync(dataDir, 0o755)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = serve({
    dataDir,
    port,
    passcode: PASSCODE,
    env: {
      LOGIN_FAILURE_LIMIT: 'off',
      // Queued for a target that refuses connections, retried only after a minute: the run
      // measures intake, not delivery.
      LEAD_WEBHOOK_URLS: 'http://127.0.0.1:9/hook',
      LEAD_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      LEAD_WEBHOOK_RETRY_BASE_MS: '60000',
    },
  })
  try {
    await waitReady(url)

    const tokens = []
    for (let n = 0; n < LEADS + 200; n++) {
      tokens.push(solve(await (await fetch(`${url}/functions/v1/captcha-challenge`)).json()))
    }
    const post = async (n) => {
      const started = performance.now()
      const response = await fetch(`${url}/functions/v1/lead-relay`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: lead(n, tokens[n]),
      })
      await response.arrayBuffer()
      if (response.status !== 202) throw new Error(`lead ${n}: HTTP ${response.status}`)
      return performance.now() - started
    }
    const run = async (from, count) => {
      const latencies = []
      let next = from
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < from + count) latencies.push(await post(next++))
        }),
      )
      return latencies
    }
    await run(0, 200) // warm-up
    const started = performance.now()
    const latencies = (await run(200, LEADS)).sort((a, b) => a - b)
    const seconds = (performance.now() - started) / 1000

    // Baseline: the same INSERT, straight into PostgreSQL, same machine, same run.
    const script = join(dataDir, 'insert.sql')
    writeFileSync(
      script,
      `insert into public.leads (source, email, company_name, full_name, payload) values ('bench', 'lead@acme.test', 'Acme Medical Supply', 'Dana Scully', '${lead(0, 'x').replace(/'/g, "''")}'::jsonb);\n`,
    )
    const pgbench = execFileSync(
      'pgbench',
      ['-h', join(dataDir, 'postgres'), '-p', '5432', '-U', 'postgres', '-n', '-f', script, '-c', String(CONCURRENCY), '-j', '2', '-T', '10', '-r', 'postgres'],
      { encoding: 'utf8', env: { ...process.env, PGUSER: 'postgres' } },
    )
    const tps = pgbench.match(/tps = ([\d.]+)/)?.[1]
    const pgLatency = pgbench.match(/latency average = ([\d.]+) ms/)?.[1]

    const logins = []
    for (let i = 0; i < LOGINS; i++) {
      const t = performance.now()
      const response = await fetch(`${url}/functions/v1/simple-auth`, {
        method: 'POST',
        body: JSON.stringify({ action: 'login', passcode: PASSCODE }),
      })
      const body = await response.json()
      if (!body.success) throw new Error('login failed')
      logins.push(performance.now() - t)
    }
    logins.sort((a, b) => a - b)

    const fmt = (ms) => `${ms.toFixed(1)} ms`
    console.log(`\nbinary: ${binary.replace(root, '')}; ${LEADS} leads, ${CONCURRENCY} concurrent clients\n`)
    console.log('| measure | value |\n|---|---|')
    console.log(`| lead relay intake | ${(LEADS / seconds).toFixed(0)} leads/s |`)
    console.log(`| lead relay latency p50 / p99 / max | ${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} / ${fmt(latencies.at(-1))} |`)
    console.log(`| pgbench, same INSERT, ${CONCURRENCY} clients | ${Number(tps).toFixed(0)} tps, ${pgLatency} ms average |`)
    console.log(`| passcode check (simple-auth login, argon2id default params) | median ${fmt(percentile(logins, 50))}, p90 ${fmt(percentile(logins, 90))} |`)
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
