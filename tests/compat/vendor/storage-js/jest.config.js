// tests/compat/run.sh runs this; see ../../harness/jest-config.js. Upstream's own settings
// (packages/core/storage-js/jest.config.js at the tag) are jest's defaults plus coverage.
module.exports = require('../../harness/jest-config')({
  suiteDir: __dirname,
  pkg: '@supabase/storage-js',
})
