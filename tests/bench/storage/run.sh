#!/usr/bin/env bash
# Storage benchmark (issue 4): 1 MB and 100 MB uploads and downloads (curl, and the Node client) through the API against a plain
# file copy on the same disk in the same run; 200 concurrent 100 KB public downloads (p50/p99); the
# server's RSS while it serves a 1 GB object. Release build, embedded PostgreSQL, filesystem backend
# (pass `s3` as the first argument to run it against the S3 test server instead).
#   tests/bench/storage/run.sh [s3]
set -euo pipefail
cd "$(dirname "$0")/../../.."
cargo build --release --bin claimbridge
binary=target/release/claimbridge
if [ "${1:-}" = "s3" ]; then
  exec tests/tools/s3-server.sh with "$0"
fi

data_dir=$(mktemp -d "${BENCH_DIR:-/tmp}/claimbridge-bench.XXXXXX")
chmod 755 "$data_dir"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
ADMIN_PASSCODE_HASH=$("$binary" passcode-hash bench-passcode-not-secret)
export ADMIN_PASSCODE_HASH
CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn \
  STORAGE_FILE_SIZE_LIMIT=2000000000 CLAIMBRIDGE_REQUEST_TIMEOUT_SECS=120 \
  "$binary" serve >"$data_dir/server.log" 2>&1 &
server=$!
stop() { kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data_dir"; }
trap stop EXIT
for _ in $(seq 1 300); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "http://127.0.0.1:$port/readyz"; then break; fi
  kill -0 "$server" 2>/dev/null || { cat "$data_dir/server.log"; exit 1; }
  sleep 0.2
done
BENCH_URL="http://127.0.0.1:$port" BENCH_PID="$server" BENCH_DIR="$data_dir" node tests/bench/storage/bench.mjs
