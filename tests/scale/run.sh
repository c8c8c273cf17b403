#!/usr/bin/env bash
# make test-scale: three `claimbridge serve` processes on one scratch PostgreSQL 15 and one S3
# bucket (moto), behind HAProxy, all on 127.0.0.1 (tests/scale/scale_test.py does the work).
#
#   tests/scale/run.sh                    every check (a-h); exit status non-zero on any failure
#   SCALE_CHECKS=de tests/scale/run.sh    only some of them (a b c d e f g h: see scale_test.py)
#   SCALE_KEEP=1                          keep the temporary directory (server, HAProxy, PostgreSQL logs)
#   CLAIMBRIDGE_BIN=path                  the server binary (default target/debug/claimbridge; copied first)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

tests/scale/ensure-tools.sh
tests/tools/s3-server.sh install
binary=${CLAIMBRIDGE_BIN:-target/debug/claimbridge}
[ -x "$binary" ] || { echo "no server binary at $binary (cargo build --bin claimbridge)" >&2; exit 1; }

# The safety net: scale_test.py stops everything it started itself (also on SIGTERM/SIGINT); should
# it be killed outright, this trap stops the process groups and the PostgreSQL it wrote down.
state=$(mktemp /tmp/claimbridge-scale-state.XXXXXX)
cleanup() {
  local kind value
  if [ "$(tail -n 1 "$state")" = "clean" ]; then rm -f "$state"; return; fi
  while read -r kind value; do
    case "$kind" in
      pid) kill -KILL -- "-$value" 2>/dev/null || true ;;
      pgdata)
        if [ -f "$value/postmaster.pid" ]; then
          pid=$(head -n 1 "$value/postmaster.pid")
          kill -QUIT "$pid" 2>/dev/null || true
        fi
        ;;
    esac
  done <"$state"
  rm -f "$state"
}
trap cleanup EXIT
SCALE_STATE_FILE=$state python3 tests/scale/scale_test.py
