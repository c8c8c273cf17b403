// tests/compat/run.sh runs this; see ../../harness/jest-config.js. Upstream's own settings
// (packages/core/postgrest-js/jest.config.ts at the tag): files in alphabetical order through its
// testSequencer, one worker, a 30 s test timeout; test/v12 is not vendored.
module.exports = require('../../harness/jest-config')({
  suiteDir: __dirname,
  pkg: '@supabase/postgrest-js',
  testSequencer: '<rootDir>/test/testSequencer.js',
  maxWorkers: 1,
})
