#!/usr/bin/env node
// Compares one suite's jest results (--json --outputFile) and the errors of its SQL load with the
// suite's known-failures.txt, prints a summary, and exits non-zero when they disagree:
//   - a test (or SQL statement) failed that the list does not name;
//   - a listed test passed, or is no longer in the suite (the list only ever shrinks honestly).
//
//   compare.js SUITE RESULTS.json KNOWN_FAILURES.txt SQL_ERRORS.txt OUT_FAILURES.txt
//
// known-failures.txt: one entry a line, `<name> # <reason>`; `#` lines and blank lines are
// comments. <name> is the test's full name as jest reports it (describe titles and the test
// title joined by spaces), `[file] <path>` for a test file that failed as a whole (did not
// compile, a hook threw), or `[sql] <file>:<line>: <message>` for an error of the suite's
// schema or seed load (run.sh applies them as upstream's CLI does, continuing past errors).
// Several tests with one full name count as one entry: failed if any of them failed.
// OUT_FAILURES.txt receives every failure of this run in that format (reason `?` when unlisted),
// ready to merge into the list.
'use strict'
const fs = require('fs')
const path = require('path')

const [suite, resultsPath, knownPath, sqlErrorsPath, outPath] = process.argv.slice(2)
const strip = (text) => String(text).replace(/\x1b\[[0-9;]*m/g, '')

function readKnown(file) {
  const known = new Map()
  if (!fs.existsSync(file)) return known
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (!line.trim() || line.startsWith('#')) return
      const cut = line.indexOf(' # ')
      const name = (cut < 0 ? line : line.slice(0, cut)).trim()
      const reason = cut < 0 ? '' : line.slice(cut + 3).trim()
      if (known.has(name)) console.error(`${file}:${index + 1}: listed twice: ${name}`)
      known.set(name, reason)
    })
  return known
}

// name -> {status: 'passed' | 'failed' | 'skipped', message}
const outcomes = new Map()
function record(name, status, message) {
  const previous = outcomes.get(name)
  if (previous && previous.status === 'failed') return
  if (previous && status !== 'failed' && previous.status === 'passed') return
  outcomes.set(name, { status, message: message || '' })
}

let results = null
try {
  results = JSON.parse(fs.readFileSync(resultsPath, 'utf8'))
} catch (err) {
  record('[file] (jest did not write its results)', 'failed', err.message)
}
const raw = { passed: 0, failed: 0, skipped: 0 }
let total = 0
if (results) {
  const root = path.resolve(path.dirname(knownPath))
  for (const file of results.testResults) {
    const relative = path.relative(root, file.name)
    let assertionFailed = false
    for (const test of file.assertionResults) {
      total += 1
      const status =
        test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped'
      if (status === 'failed') assertionFailed = true
      raw[status] += 1
      record(test.fullName, status, (test.failureMessages || []).join('\n'))
    }
    if (file.status === 'failed' && !assertionFailed) {
      record(`[file] ${relative}`, 'failed', file.message)
    }
  }
}
const sqlErrors = fs.existsSync(sqlErrorsPath)
  ? fs.readFileSync(sqlErrorsPath, 'utf8').split('\n').filter(Boolean)
  : []
for (const error of sqlErrors) record(error, 'failed', 'while loading the suite schema and seed')

const known = readKnown(knownPath)
const failedNames = [...outcomes].filter(([, o]) => o.status === 'failed').map(([n]) => n)
const unexpected = failedNames.filter((name) => !known.has(name))
const listedFailing = failedNames.filter((name) => known.has(name))
const nowPassing = [...known.keys()].filter((name) => outcomes.get(name)?.status === 'passed')
const missing = [...known.keys()].filter(
  (name) => !outcomes.has(name) || outcomes.get(name).status === 'skipped'
)

fs.writeFileSync(
  outPath,
  failedNames.map((name) => `${name} # ${known.get(name) || '?'}`).join('\n') +
    (failedNames.length ? '\n' : '')
)

const fileFailures = failedNames.filter((n) => n.startsWith('[file] ')).length
console.log(
  `${suite}: ${total} tests, ${raw.passed} passed, ${raw.failed} failed, ${raw.skipped} skipped;` +
    ` test files that failed to run: ${fileFailures}; SQL load errors: ${sqlErrors.length};` +
    ` failures listed in known-failures.txt: ${listedFailing.length} of ${failedNames.length}` +
    ` (the list has ${known.size} entries)`
)
const ok = !unexpected.length && !nowPassing.length && !missing.length
if (unexpected.length) {
  console.log(`  FAILED, not in vendor/${suite}/known-failures.txt (${unexpected.length}):`)
  for (const name of unexpected) {
    const message = strip(outcomes.get(name).message)
      .split('\n')
      .filter((line) => line.trim() && !/^\s+at /.test(line))
      .slice(0, 6)
      .map((line) => `        ${line.trimEnd()}`)
      .join('\n')
    console.log(`    - ${name}\n${message}`)
  }
}
if (nowPassing.length) {
  console.log(`  PASSED, but listed in vendor/${suite}/known-failures.txt: remove them (${nowPassing.length}):`)
  for (const name of nowPassing) console.log(`    - ${name}`)
}
if (missing.length) {
  console.log(`  listed in vendor/${suite}/known-failures.txt but not run (renamed or removed?) (${missing.length}):`)
  for (const name of missing) console.log(`    - ${name}`)
}
console.log(`  ${ok ? 'OK' : 'MISMATCH'}: every failure of this run is in ${path.relative(process.cwd(), outPath)}`)
process.exit(ok ? 0 : 1)
