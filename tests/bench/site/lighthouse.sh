#!/usr/bin/env bash
# Lighthouse (mobile preset, system Chromium) over every public route against a release build on a
# fresh database: `tests/bench/site/lighthouse.sh [route ...]`. See lighthouse.mjs for the targets.
# BUSY=1 runs it beside a CPU load (one busy loop per core, at normal priority) to show headroom.
# LIGHTHOUSE_SCRIPT runs another script the same way (admin.sh: the signed-in admin).
set -euo pipefail
cd "$(dirname "$0")/../../.."

tests/tools/ensure-chromium.sh
make --no-print-directory build
if [ ! -f tests/bench/site/node_modules/.package-lock.json ] || [ tests/bench/site/package.json -nt tests/bench/site/node_modules/.package-lock.json ]; then
  (cd tests/bench/site && npm install --no-audit --no-fund)
fi
load=()
stop_load() { for pid in "${load[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop_load EXIT
if [ "${BUSY:-0}" = 1 ]; then
  for _ in $(seq 1 "$(nproc)"); do
    (while :; do :; done) &
    load+=($!)
  done
  echo "running beside a CPU load of $(nproc) busy loops"
fi
CLAIMBRIDGE_BIN=target/release/claimbridge tests/tools/with-server.sh node "${LIGHTHOUSE_SCRIPT:-tests/bench/site/lighthouse.mjs}" "$@"
