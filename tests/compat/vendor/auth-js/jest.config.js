// tests/compat/run.sh runs this; see ../../harness/jest-config.js. Upstream's own settings for the
// suite run against the CLI's server (packages/core/auth-js/jest.config.cli.js at the tag, run
// with --runInBand): ts-jest, the node environment, docker-tests/ ignored (not vendored here),
// and silent: true (the client's console output stays out of the log); plus coverage, not taken.
module.exports = require('../../harness/jest-config')({
  suiteDir: __dirname,
  pkg: '@supabase/auth-js',
  testPathIgnorePatterns: ['/node_modules/', '/docker-tests/'],
  silent: true,
})
