#!/usr/bin/env bash
# One client address floods /rest/v1 with 40 backtracking-regex reads in parallel while another
# reads the blog list: the other client's p50/p99 with no flood and during it (release build, fresh
# database). `LIMIT_OFF=1` runs it with the per-client limit off, to see what it prevents.
#   tests/bench/rest/client-flood.sh [reads, default 400] [flooders, default 40]
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release --bin claimbridge
export TRUSTED_PROXIES=127.0.0.1
if [ "${LIMIT_OFF:-0}" = 1 ]; then export REST_CLIENT_CONCURRENCY=0; fi
CLAIMBRIDGE_BIN=target/release/claimbridge tests/tools/with-server.sh bash -c '
  keys=$(target/release/claimbridge keys)
  python3 tests/bench/rest/client_flood.py "$CLAIMBRIDGE_URL" \
    "$(sed -n s/^ANON_KEY=//p <<<"$keys")" "$(sed -n s/^SERVICE_ROLE_KEY=//p <<<"$keys")" '"${1:-400} ${2:-40}"
