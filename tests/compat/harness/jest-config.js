// The jest configuration of a vendored suite (tests/compat/<suite>/jest.config.js calls this).
// The vendored tests stay byte for byte upstream's; everything that adapts them lives here:
// - `../src/...` (the client's source in the monorepo) is mapped to the src/ the pinned npm
//   package publishes (identical to the tag's apart from the stamped version.ts), so tests that
//   import internals or spy on them see the one copy of the client the others use;
// - TypeScript is transpiled only (ts-jest with isolatedModules): the suites' compile-time type
//   assertions are upstream's concern (their CI type-checks), not the server's;
// - redirect-fetch.js sends the CLI address the tests hard-code to the server under test.
const path = require('path')

module.exports = function compatJestConfig({ suiteDir, pkg, ...rest }) {
  const pkgDir = path.dirname(require.resolve(`${pkg}/package.json`))
  return {
    rootDir: suiteDir,
    roots: ['<rootDir>/test'],
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    testTimeout: 30000,
    setupFiles: [path.join(__dirname, 'redirect-fetch.js')],
    moduleNameMapper: { '^(?:\\.\\./)+src(/.*)?$': `${pkgDir}/src$1` },
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.json') }],
    },
    transformIgnorePatterns: ['/node_modules/(?!@supabase/(postgrest|storage|auth)-js/)'],
    ...rest,
  }
}
