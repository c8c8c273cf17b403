#!/usr/bin/env bash
# Runs the official Supabase client suites against ClaimBridge (`make test-compat`):
#
#   tests/compat/run.sh [postgrest-js] [storage-js] [supabase-py]     (default: all three)
#
# postgrest-js, storage-js: the supabase-js monorepo's own jest suites (vendored unmodified by
#   sync.sh, pinned in */PROVENANCE.md), with the client from the npm package of the same version.
# supabase-py: supabase-py/check.py, a few calls of the Python client (venv in target/compat-venv).
#
# Each suite gets its own server, as the Supabase CLI gives upstream's CI its own stack: a copy of
# the claimbridge binary (CLAIMBRIDGE_BIN, default target/debug/claimbridge; copied because it is
# rebuilt under our feet) on a fresh data directory (its embedded PostgreSQL) and a free port, with
#   CLAIMBRIDGE_SUPABASE_CONFIG  the suite's own supabase/config.toml (exposed schemas, max rows,
#                                extra search path), as `supabase start` reads it;
#   CLAIMBRIDGE_REQUIRE_APIKEY=false  the CLI's gateway does not check API keys on /rest/v1 and
#                                /storage/v1 (its Kong only maps `apikey` to a bearer token), and
#                                the postgrest-js tests send none;
# then, as `supabase db reset` does, the suite's migrations and seed are applied with psql as the
# postgres superuser (after harness/supabase-image.sql: what the CLI's database has before them),
# continuing past errors, which count as failures unless listed; then NOTIFY pgrst 'reload
# config' and 'reload schema', and the run waits until the suite's tables are served.
# The tests' hard-coded http://localhost:54321 is redirected by harness/redirect-fetch.js.
#
# Jest runs with --ci (a snapshot that differs fails; none is written) and --runInBand. The
# results are compared with <suite>/known-failures.txt by harness/compare.js: a failure not
# listed, or a listed test that passes, fails the run. Results and logs: target/compat/
# (<suite>.json, <suite>.jest.log, <suite>.server.log, <suite>.sql.log, <suite>.failures.txt).
# COMPAT_VERBOSE=1 shows jest's own output as it runs; COMPAT_JEST_ARGS adds jest arguments (e.g. a
# test path or -t NAME while working on one failure; listed tests not run are then reported).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
compat=$root/tests/compat
out=$root/target/compat
source_binary=${CLAIMBRIDGE_BIN:-$root/target/debug/claimbridge}
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(postgrest-js storage-js supabase-py)
for suite in "${suites[@]}"; do
  case "$suite" in postgrest-js | storage-js | supabase-py) ;;
    *) echo "run.sh: unknown suite $suite (postgrest-js, storage-js, supabase-py)" >&2; exit 2 ;;
  esac
done

[ -x "$source_binary" ] || { echo "run.sh: $source_binary is missing: cargo build --bin claimbridge" >&2; exit 2; }
[ -x "$compat/node_modules/.bin/jest" ] || { echo "run.sh: run npm ci in tests/compat first (make test-compat does)" >&2; exit 2; }
command -v psql >/dev/null || { echo "run.sh: psql is required (Debian: postgresql-client-15)" >&2; exit 2; }

mkdir -p "$out"
work=$(mktemp -d /tmp/claimbridge-compat.XXXXXX)
chmod 755 "$work" # the postgres OS user must reach the clusters when we run as root
server=
cleanup() {
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

binary=$work/claimbridge
cp "$source_binary" "$binary"
# The suites hard-code the Supabase CLI's local keys, which are the server's defaults: whatever
# the caller's environment says about keys, databases or production does not reach the server.
server_env=(env -u JWT_SECRET -u ANON_KEY -u SERVICE_ROLE_KEY -u STORAGE_SIGNING_SECRET
  -u DATABASE_URL -u CLAIMBRIDGE_REST_DATABASE_URL -u CLAIMBRIDGE_ENV -u PGRST_DB_SCHEMAS
  -u PGRST_DB_MAX_ROWS -u PGRST_DB_EXTRA_SEARCH_PATH -u PGRST_DB_AGGREGATES_ENABLED
  -u PGRST_DB_PLAN_ENABLED)
passcode_hash=$("$binary" passcode-hash compat-admin-passcode)
eval "$("${server_env[@]}" "$binary" keys)" # ANON_KEY, SERVICE_ROLE_KEY

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# start_server SUITE CONFIG_TOML: starts a fresh server; sets url, data_dir, server.
start_server() {
  local suite=$1 config=$2 port
  data_dir=$work/$suite
  mkdir -p "$data_dir"
  chmod 755 "$data_dir"
  port=$(free_port)
  url=http://127.0.0.1:$port
  "${server_env[@]}" CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_HOST=127.0.0.1 CLAIMBRIDGE_PORT="$port" \
    CLAIMBRIDGE_LOG="${CLAIMBRIDGE_LOG:-warn}" CLAIMBRIDGE_LOG_FORMAT=pretty \
    CLAIMBRIDGE_FRONTEND_DIR="$work/no-frontend" CLAIMBRIDGE_RENDER_WORKERS=1 \
    ADMIN_PASSCODE_HASH="$passcode_hash" \
    CLAIMBRIDGE_SUPABASE_CONFIG="$config" CLAIMBRIDGE_REQUIRE_APIKEY=false \
    "$binary" serve >"$out/$suite.server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do
    if curl -sf -o /dev/null "$url/readyz"; then return 0; fi
    if ! kill -0 "$server" 2>/dev/null; then
      echo "$suite: claimbridge exited on start:"; tail -n 30 "$out/$suite.server.log"; server=; return 1
    fi
    sleep 0.2
  done
  echo "$suite: claimbridge not ready after 60 s:"; tail -n 30 "$out/$suite.server.log"
  return 1
}

stop_server() {
  [ -n "$server" ] || return 0
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
}

# load_sql SUITE FILE...: applies harness/supabase-image.sql and FILEs in one psql session as the
# superuser, past errors (as the CLI's db reset reports them); the errors, as
# `[sql] <file>:<line>: <message>`, go to $out/SUITE.sql-errors.txt.
load_sql() {
  local suite=$1; shift
  local args=(-f "$compat/harness/supabase-image.sql") file
  for file in "$@"; do args+=(-f "$file"); done
  if ! psql -X -q -h "$data_dir/postgres" -U postgres -d postgres -v ON_ERROR_STOP=0 "${args[@]}" \
    >"$out/$suite.sql.log" 2>&1; then
    echo "$suite: psql could not run:"; cat "$out/$suite.sql.log"; return 1
  fi
  sed -n -E 's|^psql:.*/([^/:]+):([0-9]+): ERROR:  (.*)$|[sql] \1:\2: \3|p' "$out/$suite.sql.log" \
    >"$out/$suite.sql-errors.txt"
  psql -X -q -h "$data_dir/postgres" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "notify pgrst, 'reload config'" -c "notify pgrst, 'reload schema'" >/dev/null
}

# wait_served PATH: until GET $url/rest/v1/PATH answers 200 (the reloaded schema cache is in use).
wait_served() {
  local status
  for _ in $(seq 1 100); do
    status=$(curl -s -o /dev/null -w '%{http_code}' "$url/rest/v1/$1")
    [ "$status" = 200 ] && return 0
    sleep 0.2
  done
  echo "GET /rest/v1/$1 still answers $status 20 s after the schema reload; running anyway"
}

# jest_suite SUITE: runs the vendored suite against the current server and compares.
jest_suite() {
  local suite=$1 status
  rm -f "$out/$suite.json"
  echo "$suite: running jest against $url (log: target/compat/$suite.jest.log)"
  (
    cd "$compat" && CLAIMBRIDGE_URL=$url node_modules/.bin/jest --config "vendor/$suite/jest.config.js" \
      --ci --runInBand --json --outputFile "$out/$suite.json" ${COMPAT_JEST_ARGS:-}
  ) >"$out/$suite.jest.log" 2>&1 &
  local jest=$!
  if [ "${COMPAT_VERBOSE:-}" = 1 ]; then tail -f --pid=$jest "$out/$suite.jest.log"; fi
  wait $jest
  status=$?
  [ -s "$out/$suite.json" ] || { echo "$suite: jest exited $status without results:"; tail -n 40 "$out/$suite.jest.log"; }
  node "$compat/harness/compare.js" "$suite" "$out/$suite.json" "$compat/vendor/$suite/known-failures.txt" \
    "$out/$suite.sql-errors.txt" "$out/$suite.failures.txt"
}

# require_postgis: the postgrest-js schema has a PostGIS table, as the CLI's database image has
# PostGIS; without it the run would differ by machine, so it stops instead.
require_postgis() {
  local have
  have=$(psql -X -tA -h "$data_dir/postgres" -U postgres -d postgres \
    -c "select count(*) from pg_available_extensions where name = 'postgis'")
  [ "$have" = 1 ] && return 0
  echo "postgrest-js: PostGIS is not installed for the server's PostgreSQL: run tests/compat/ensure-postgis.sh (make test-compat does)"
  return 1
}

run_postgrest_js() {
  local dir=$compat/vendor/postgrest-js/test/supabase
  start_server postgrest-js "$dir/config.toml" || return 1
  require_postgis || return 1
  load_sql postgrest-js "$dir"/migrations/*.sql "$dir/seed.sql" || return 1
  wait_served 'users?select=username&limit=1'
  jest_suite postgrest-js
}

run_storage_js() {
  local dir=$compat/vendor/storage-js/test/supabase
  start_server storage-js "$dir/config.toml" || return 1
  load_sql storage-js "$dir/seed.sql" || return 1
  jest_suite storage-js
}

# supabase-py runs against the postgrest-js suite's schema and seed: known rows, and tables the
# API roles may read and write without RLS, as a Supabase app's would be (the website's own
# tables need an admin token or a lead ticket for writes).
run_supabase_py() {
  local dir=$compat/vendor/postgrest-js/test/supabase python
  python=$("$compat/supabase-py/install.sh") || { echo "supabase-py: could not install the client"; return 1; }
  start_server supabase-py "$dir/config.toml" || return 1
  load_sql supabase-py "$dir"/migrations/*.sql "$dir/seed.sql" || return 1
  wait_served 'users?select=username&limit=1'
  echo "supabase-py: running check.py against $url"
  SUPABASE_URL=$url SUPABASE_ANON_KEY=$ANON_KEY SUPABASE_SERVICE_ROLE_KEY=$SERVICE_ROLE_KEY \
    "$python" "$compat/supabase-py/check.py"
}

declare -A result
for suite in "${suites[@]}"; do
  echo "=== $suite"
  case "$suite" in
    postgrest-js) run_postgrest_js ;;
    storage-js) run_storage_js ;;
    supabase-py) run_supabase_py ;;
  esac
  result[$suite]=$?
  stop_server
done

echo "=== test-compat summary"
status=0
for suite in "${suites[@]}"; do
  if [ "${result[$suite]}" -eq 0 ]; then echo "  $suite: ok"; else echo "  $suite: FAILED"; status=1; fi
done
exit $status
