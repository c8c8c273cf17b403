// Lighthouse over every public route of the website (issue 6): the default mobile preset
// (simulated throttling: Moto G Power, slow 4G), the system Chromium, one fresh browser per route.
// Prints each route's four scores and marks those under the targets (Performance 95;
// Accessibility, Best Practices and SEO 100). Exits 1 when a route misses a target.
//
//   tests/bench/site/lighthouse.sh            (builds, starts a server, runs this)
//   CLAIMBRIDGE_URL=http://localhost:54321 node tests/bench/site/lighthouse.mjs [route ...]
//
// Reports (JSON) go to $LIGHTHOUSE_REPORTS (default: a temporary folder), so a miss can be read.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const base = (process.env.CLAIMBRIDGE_URL ?? 'http://localhost:54321').replace(/\/$/, '')
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const reports = process.env.LIGHTHOUSE_REPORTS ?? mkdtempSync(join(tmpdir(), 'lighthouse-'))
mkdirSync(reports, { recursive: true })

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const CATEGORIES = Object.keys(TARGETS)

/** The public routes of spec §2, plus one published post read from /rest/v1. */
async function publicRoutes() {
  const routes = [
    '/',
    '/services',
    '/rcm-services',
    '/about',
    '/contact',
    '/careers',
    '/api-integrations',
    '/privacy-policy',
    '/cookie-policy',
    '/blog',
    '/blog/streamlining-dme-claims-processing',
    '/blog/compliance-best-practices-dme-providers',
    '/blog/mobile-delivery-management',
    '/blog/maximizing-revenue-real-time-reporting',
    '/blog/dme-billing-coding-guide',
    '/whitepapers',
    '/downloads',
  ]
  const config = await (await fetch(`${base}/`)).text()
  const anonKey = config.match(/"supabaseAnonKey"\s*:\s*"([^"]+)"/)?.[1]
  if (anonKey) {
    const response = await fetch(
      `${base}/rest/v1/blog_posts?select=slug&published=eq.true&order=created_at.desc&limit=1`,
      { headers: { apikey: anonKey } },
    )
    const [post] = response.ok ? await response.json() : []
    if (post) routes.push(`/blog/${post.slug}`)
  }
  return routes
}

/** One Lighthouse run; a run whose trace failed (e.g. NO_NAVSTART, which asks to run again) is retried. */
async function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await auditOnce(url)
    if (!result.lhr.runtimeError || attempt === attempts) return result
    console.log(`${url}: ${result.lhr.runtimeError.code}, running again`)
  }
}

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
    if (!result) throw new Error(`no Lighthouse result for ${url}`)
    return result
  } finally {
    await chrome.kill()
  }
}

const slug = (route) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '_'))
const routes = process.argv.length > 2 ? process.argv.slice(2) : await publicRoutes()
const rows = []
for (const route of routes) {
  const { lhr, report } = await audit(`${base}${route}`)
  writeFileSync(join(reports, `${slug(route)}.json`), report)
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]))
  const misses = CATEGORIES.filter((id) => scores[id] < TARGETS[id])
  const metric = (id) => lhr.audits[id]?.numericValue
  rows.push({ route, scores, misses, lcp: metric('largest-contentful-paint'), cls: metric('cumulative-layout-shift'), tbt: metric('total-blocking-time') })
  const failed = misses.flatMap((id) =>
    Object.values(lhr.categories[id].auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
      .map((a) => `${id}: ${a.id} (${a.score})`),
  )
  console.log(`${route}  ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join('  ')}${failed.length ? `\n    ${failed.slice(0, 8).join('\n    ')}` : ''}`)
}

const pad = (text, width) => String(text).padEnd(width)
console.log(`\nLighthouse ${process.env.npm_package_devDependencies_lighthouse ?? '12'} mobile preset, ${base}; reports in ${reports}`)
console.log(`${pad('route', 48)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('seo', 6)}${pad('LCP ms', 9)}${pad('CLS', 7)}TBT ms`)
for (const row of rows) {
  const s = row.scores
  console.log(
    `${pad(row.route, 48)}${pad(s.performance, 6)}${pad(s.accessibility, 6)}${pad(s['best-practices'], 6)}${pad(s.seo, 6)}` +
      `${pad(Math.round(row.lcp ?? 0), 9)}${pad((row.cls ?? 0).toFixed(3), 7)}${Math.round(row.tbt ?? 0)}${row.misses.length ? '  <- under target' : ''}`,
  )
}
const missed = rows.filter((row) => row.misses.length)
console.log(missed.length ? `\n${missed.length} of ${rows.length} routes under a target` : `\nall ${rows.length} routes meet every target`)
process.exitCode = missed.length ? 1 : 0
