#!/usr/bin/env bash
# Lighthouse (mobile preset, system Chromium) over every public route against a release build on a
# fresh database: `tests/bench/site/lighthouse.sh [route ...]`. See lighthouse.mjs for the targets.
set -euo pipefail
cd "$(dirname "$0")/../../.."

tests/tools/ensure-chromium.sh
make --no-print-directory build
if [ ! -f tests/bench/site/node_modules/.package-lock.json ] || [ tests/bench/site/package.json -nt tests/bench/site/node_modules/.package-lock.json ]; then
  (cd tests/bench/site && npm install --no-audit --no-fund)
fi
CLAIMBRIDGE_BIN=target/release/claimbridge tests/tools/with-server.sh node tests/bench/site/lighthouse.mjs "$@"
