#!/usr/bin/env bash
# The S3-compatible server the storage tests run against: moto's standalone server (PyPI
# `moto[server]`, pinned below), installed on first use into target/s3-server/venv, listening on
# 127.0.0.1 only, keeping objects in memory.
#
#   tests/tools/s3-server.sh install         install it (idempotent; `make test` runs this)
#   tests/tools/s3-server.sh serve PORT      run it until the process $S3_SERVER_PARENT (default:
#                                            the caller) exits — how the Rust tests start it
#   tests/tools/s3-server.sh with CMD...     run CMD with a fresh server and the STORAGE_BACKEND=s3
#                                            variables exported (how the contract tests use it)
set -euo pipefail
. "$(dirname "$0")/pinned-tool.sh" s3-server "moto[server]==5.2.5" moto_server "the S3 test server"

wait_port() {
  local port=$1
  for _ in $(seq 1 200); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "the S3 test server did not start on port $port" >&2
  return 1
}

free_port() {
  "$venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

case "${1:-}" in
  install)
    install
    ;;
  serve)
    port=${2:?usage: s3-server.sh serve PORT}
    parent=${S3_SERVER_PARENT:-$PPID}
    install
    "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT INT TERM
    while kill -0 "$parent" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
    ;;
  with)
    shift
    install
    port=$(free_port)
    "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
    wait_port "$port"
    export STORAGE_BACKEND=s3 S3_ENDPOINT="http://127.0.0.1:$port" S3_REGION=us-east-1 \
      S3_BUCKET=claimbridge-test S3_FORCE_PATH_STYLE=true S3_ACCESS_KEY_ID=test S3_SECRET_ACCESS_KEY=test
    "$@"
    ;;
  *)
    echo "usage: $0 install | serve PORT | with CMD..." >&2
    exit 2
    ;;
esac
