#!/usr/bin/env bash
# Starts `claimbridge serve` (debug build) on a fresh data directory and a free port, waits until
# it is ready, runs the given command with CLAIMBRIDGE_URL set (and CLAIMBRIDGE_MAILBOX_URL: the
# mail catcher, on free ports too, whose Mailpit API serves the emails the server sent), then
# stops the server (and its embedded PostgreSQL) whatever the command's outcome.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${CLAIMBRIDGE_BIN:-target/debug/claimbridge}
data_dir=$(mktemp -d /tmp/claimbridge-test.XXXXXX)
chmod 755 "$data_dir"   # the postgres OS user must reach the cluster when we run as root
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
port=$(free_port)
mailbox_port=$(free_port)
mailbox_smtp_port=$(free_port)
log="$data_dir/server.log"

# The passcode the browser tests sign in with (its hash is what the server knows).
export E2E_ADMIN_PASSCODE=${E2E_ADMIN_PASSCODE:-e2e-admin-passcode-2026}
ADMIN_PASSCODE_HASH=$("$binary" passcode-hash "$E2E_ADMIN_PASSCODE")
export ADMIN_PASSCODE_HASH

# The auth server's links (invitations, password resets) lead back to this server, not to the
# site_url of supabase/config.toml (http://localhost:54321, `make run`'s port).
CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=${CLAIMBRIDGE_LOG:-warn} \
  CLAIMBRIDGE_MAILBOX_PORT="$mailbox_port" CLAIMBRIDGE_MAILBOX_SMTP_PORT="$mailbox_smtp_port" \
  GOTRUE_SITE_URL=${GOTRUE_SITE_URL:-"http://localhost:$port"} \
  "$binary" serve >"$log" 2>&1 &
server=$!

stop() {
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap stop EXIT

ready() { node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "http://127.0.0.1:$port/readyz"; }
for _ in $(seq 1 300); do
  if ready; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then echo "claimbridge exited early:"; cat "$log"; exit 1; fi
  sleep 0.2
done
ready || { echo "claimbridge not ready:"; cat "$log"; exit 1; }

# Test-only SQL fixtures (e.g. the /rest/v1 contract schema), applied over the cluster's Unix
# socket; each ends with NOTIFY pgrst, 'reload schema' so the running server picks it up.
for fixture in tests/contract/fixtures/*.sql; do
  [ -e "$fixture" ] || continue
  psql -h "$data_dir/postgres" -U postgres -d postgres -v ON_ERROR_STOP=1 -q -f "$fixture" >/dev/null \
    || { echo "could not apply $fixture"; exit 1; }
done

export CLAIMBRIDGE_URL="http://localhost:$port"
export CLAIMBRIDGE_MAILBOX_URL="http://localhost:$mailbox_port"
set +e
"$@"
status=$?
set -e
if [ $status -ne 0 ]; then echo "--- server log ---"; tail -n 50 "$log"; fi
exit $status
