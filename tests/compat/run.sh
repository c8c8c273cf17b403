#!/usr/bin/env bash
# Runs the official Supabase client suites against ClaimBridge (`make test-compat`):
#
#   tests/compat/run.sh [postgrest-js] [storage-js] [auth-js] [supabase-py]     (default: all four)
#
# postgrest-js, storage-js, auth-js: the supabase-js monorepo's own jest suites (vendored
#   unmodified by sync.sh, pinned in vendor/*/PROVENANCE.md), with the client from the npm package
#   of the same version.
# supabase-py: supabase-py/check.py, a few calls of the Python client (venv in target/compat-venv).
#
# Each suite gets its own server, as the Supabase CLI gives upstream's CI its own stack: a copy of
# the claimbridge binary (CLAIMBRIDGE_BIN, default target/debug/claimbridge; copied because it is
# rebuilt under our feet) on a fresh data directory (its embedded PostgreSQL, on a Unix socket in
# that directory) and a free port, with
#   CLAIMBRIDGE_SUPABASE_CONFIG  the suite's own supabase/config.toml (exposed schemas, max rows,
#                                extra search path; for auth-js the [auth] settings: signup on,
#                                no email confirmation, anonymous sign-ins, rate limits, and
#                                signing_keys_path, see below), as `supabase start` reads it;
#   CLAIMBRIDGE_REQUIRE_APIKEY=false  the CLI's gateway does not check API keys on /rest/v1 and
#                                /storage/v1 (its Kong only maps `apikey` to a bearer token), and
#                                the postgrest-js tests send none (the auth-js tests send an
#                                RS256 key signed with their own signing key);
# then, as `supabase db reset` does, the suite's migrations and seed are applied with psql as the
# postgres superuser (after harness/supabase-image.sql: what the CLI's database has before them),
# continuing past errors, which count as failures unless listed; then NOTIFY pgrst 'reload
# config' and 'reload schema', and the run waits until the suite's tables are served.
# The tests' hard-coded http://localhost:54321 and http://127.0.0.1:54321 are redirected by
# harness/redirect-fetch.js.
#
# auth-js, as upstream's CI runs it (`node test/generate-signing-keys.js`, then `supabase start`):
# a fresh RSA key is generated into vendor/auth-js/test/supabase/signing_keys.json (gitignored,
# never committed) before any server starts; the server reads it through config.toml's
# `[auth] signing_keys_path = "./signing_keys.json"`, and test/lib/clients.ts signs the tests'
# publishable, secret and admin (role supabase_admin) tokens with it. The CLI's stack has a mail
# catcher (Inbucket/Mailpit); here it is tests/tools/smtp-sink.sh on a free port, given to the
# server as SMTP_HOST/SMTP_PORT/SMTP_SECURITY=none. Every message it receives is kept in
# target/compat/<server>.mail/ (the tests at v2.109.0 read none; a count is printed).
#
# supabase-py runs two servers: the postgrest-js suite's schema and seed (REST, storage,
# functions checks) and the auth-js suite's config.toml and mail catcher (auth checks).
#
# Suites run COMPAT_JOBS at a time (default 2; each has its own servers, ports and data
# directories), the longest first; each suite's output is printed when it ends.
#
# Jest runs with --ci (a snapshot that differs fails; none is written) and --runInBand. The
# results are compared with <suite>/known-failures.txt by harness/compare.js (check.py writes its
# results in jest's format for it): a failure not listed, or a listed test that passes, fails the
# run. Results and logs: target/compat/ (<suite>.log, <suite>.json, <suite>.jest.log,
# <server>.server.log, <suite>.sql.log, <suite>.failures.txt, <server>.mail/).
# COMPAT_VERBOSE=1 shows jest's own output as it runs (and implies COMPAT_JOBS=1); COMPAT_JEST_ARGS
# adds jest arguments (e.g. a test path or -t NAME while working on one failure; listed tests not
# run are then reported).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
compat=$root/tests/compat
out=$root/target/compat
source_binary=${CLAIMBRIDGE_BIN:-$root/target/debug/claimbridge}
all_suites=(postgrest-js auth-js storage-js supabase-py) # the longest first (auth-js grows as /auth/v1 lands)
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=("${all_suites[@]}")
for suite in "${suites[@]}"; do
  case " ${all_suites[*]} " in *" $suite "*) ;;
    *) echo "run.sh: unknown suite $suite (${all_suites[*]})" >&2; exit 2 ;;
  esac
done
if [ "${COMPAT_VERBOSE:-}" = 1 ]; then jobs_max=1; else jobs_max=${COMPAT_JOBS:-2}; fi
[[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: COMPAT_JOBS must be a whole number of at least 1" >&2; exit 2; }

[ -x "$source_binary" ] || { echo "run.sh: $source_binary is missing: cargo build --bin claimbridge" >&2; exit 2; }
[ -x "$compat/node_modules/.bin/jest" ] || { echo "run.sh: run npm ci in tests/compat first (make test-compat does)" >&2; exit 2; }
command -v psql >/dev/null || { echo "run.sh: psql is required (Debian: postgresql-client-15)" >&2; exit 2; }

mkdir -p "$out"
work=$(mktemp -d /tmp/claimbridge-compat.XXXXXX)
chmod 755 "$work" # the postgres OS user must reach the clusters when we run as root
declare -A suite_pid=()
cleanup() {
  local pid
  for pid in "${suite_pid[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${suite_pid[@]}"; do wait "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

binary=$work/claimbridge
cp "$source_binary" "$binary"
# The suites hard-code the Supabase CLI's local keys, which are the server's defaults: whatever
# the caller's environment says about keys, databases, mail or production does not reach the
# server.
server_env=(env -u JWT_SECRET -u ANON_KEY -u SERVICE_ROLE_KEY -u STORAGE_SIGNING_SECRET
  -u DATABASE_URL -u CLAIMBRIDGE_REST_DATABASE_URL -u CLAIMBRIDGE_ENV -u PGRST_DB_SCHEMAS
  -u PGRST_DB_MAX_ROWS -u PGRST_DB_EXTRA_SEARCH_PATH -u PGRST_DB_AGGREGATES_ENABLED
  -u PGRST_DB_PLAN_ENABLED -u JWT_EXPIRY -u AUTH_SIGNING_KEYS_PATH -u LEAD_EMAIL_TO
  -u LEAD_EMAIL_FROM -u SMTP_HOST -u SMTP_PORT -u SMTP_SECURITY -u SMTP_USERNAME -u SMTP_PASSWORD)
passcode_hash=$("$binary" passcode-hash compat-admin-passcode)
eval "$("${server_env[@]}" "$binary" keys)" # ANON_KEY, SERVICE_ROLE_KEY

auth_dir=$compat/vendor/auth-js/test/supabase
case " ${suites[*]} " in *" auth-js "* | *" supabase-py "*)
  # One key for the run, made before any server that reads it starts (as upstream's CI does).
  node "$compat/vendor/auth-js/test/generate-signing-keys.js" >/dev/null \
    || { echo "run.sh: generate-signing-keys.js failed" >&2; exit 1; }
  ;;
esac

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# ---- the functions below run inside one suite's subshell ------------------------------------
servers=()
mail_sink=
child=

# in_background COMMAND...: runs COMMAND and waits for it, interruptibly (a TERM to the suite's
# subshell stops it too, through stop_servers); its status is this function's.
in_background() {
  "$@" &
  child=$!
  wait "$child"
  local status=$?
  child=
  return $status
}

# start_mail_sink NAME: starts the SMTP sink; sets smtp_env (the server's SMTP_* settings).
start_mail_sink() {
  local name=$1 port dir=$out/$1.mail
  rm -rf "$dir"
  mkdir -p "$dir"
  port=$(free_port)
  # The sink runs until its standard input closes: fd 7 is that pipe, closed by stop_servers
  # (or when this subshell ends, however it ends).
  exec 7> >(exec "$root/tests/tools/smtp-sink.sh" serve "$port" "$dir" >"$out/$name.mail.log" 2>&1)
  mail_sink=$!
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      smtp_env=(SMTP_HOST=127.0.0.1 SMTP_PORT="$port" SMTP_SECURITY=none)
      return 0
    fi
    sleep 0.1
  done
  echo "$name: the mail catcher did not start:"; tail -n 20 "$out/$name.mail.log"
  return 1
}

# mail_count NAME: how many messages the sink of NAME received.
mail_count() { find "$out/$1.mail" -name '*.json' 2>/dev/null | wc -l; }

# start_server NAME CONFIG_TOML [VAR=VALUE...]: starts a fresh server; sets url, data_dir.
start_server() {
  local name=$1 config=$2 port pid
  shift 2
  data_dir=$work/$name
  mkdir -p "$data_dir"
  chmod 755 "$data_dir"
  port=$(free_port)
  url=http://127.0.0.1:$port
  "${server_env[@]}" CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_HOST=127.0.0.1 CLAIMBRIDGE_PORT="$port" \
    CLAIMBRIDGE_LOG="${CLAIMBRIDGE_LOG:-warn}" CLAIMBRIDGE_LOG_FORMAT=pretty \
    CLAIMBRIDGE_FRONTEND_DIR="$work/no-frontend" CLAIMBRIDGE_RENDER_WORKERS=1 \
    ADMIN_PASSCODE_HASH="$passcode_hash" \
    CLAIMBRIDGE_SUPABASE_CONFIG="$config" CLAIMBRIDGE_REQUIRE_APIKEY=false "$@" \
    "$binary" serve >"$out/$name.server.log" 2>&1 &
  pid=$!
  servers+=("$pid")
  for _ in $(seq 1 300); do
    if curl -sf -o /dev/null "$url/readyz"; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name: claimbridge exited on start:"; tail -n 30 "$out/$name.server.log"; return 1
    fi
    sleep 0.2
  done
  echo "$name: claimbridge not ready after 60 s:"; tail -n 30 "$out/$name.server.log"
  return 1
}

stop_servers() {
  local pid
  if [ -n "$child" ]; then kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; child=; fi
  for pid in "${servers[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
  if [ -n "$mail_sink" ]; then
    exec 7>&-
    wait "$mail_sink" 2>/dev/null || true
    mail_sink=
  fi
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

# compare SUITE: the suite's results ($out/SUITE.json) against its known-failures.txt.
compare() {
  local suite=$1 dir=$compat/vendor/$1
  [ -d "$dir" ] || dir=$compat/$1
  node "$compat/harness/compare.js" "$suite" "$out/$suite.json" "$dir/known-failures.txt" \
    "$out/$suite.sql-errors.txt" "$out/$suite.failures.txt"
}

# jest_suite SUITE: runs the vendored suite against the current server and compares.
jest_suite() {
  local suite=$1 status
  rm -f "$out/$suite.json"
  echo "$suite: running jest against $url (log: target/compat/$suite.jest.log)"
  (
    cd "$compat" && exec env CLAIMBRIDGE_URL="$url" node_modules/.bin/jest --config "vendor/$suite/jest.config.js" \
      --ci --runInBand --json --outputFile "$out/$suite.json" ${COMPAT_JEST_ARGS:-}
  ) >"$out/$suite.jest.log" 2>&1 &
  child=$!
  if [ "${COMPAT_VERBOSE:-}" = 1 ]; then tail -f --pid=$child "$out/$suite.jest.log"; fi
  wait $child
  status=$?
  child=
  [ -s "$out/$suite.json" ] || { echo "$suite: jest exited $status without results:"; tail -n 40 "$out/$suite.jest.log"; }
  compare "$suite"
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

# auth-js: no migrations or seed (upstream's test/supabase has none); the auth schema is the
# server's own.
run_auth_js() {
  local status
  start_mail_sink auth-js || return 1
  start_server auth-js "$auth_dir/config.toml" "${smtp_env[@]}" || return 1
  : >"$out/auth-js.sql-errors.txt"
  jest_suite auth-js
  status=$?
  echo "auth-js: the mail catcher received $(mail_count auth-js) messages (target/compat/auth-js.mail/)"
  return $status
}

# supabase-py: the REST, storage and functions checks run against the postgrest-js suite's
# schema and seed: known rows, and tables the API roles may read and write without RLS, as a
# Supabase app's would be (the website's own tables need an admin token or a lead ticket for
# writes). The auth checks run against a second server with the auth-js suite's config.toml
# (signup on, no email confirmation) and its own mail catcher.
run_supabase_py() {
  local dir=$compat/vendor/postgrest-js/test/supabase python rest_url status
  python=$("$compat/supabase-py/install.sh") || { echo "supabase-py: could not install the client"; return 1; }
  start_server supabase-py "$dir/config.toml" || return 1
  load_sql supabase-py "$dir"/migrations/*.sql "$dir/seed.sql" || return 1
  wait_served 'users?select=username&limit=1'
  rest_url=$url
  start_mail_sink supabase-py-auth || return 1
  start_server supabase-py-auth "$auth_dir/config.toml" "${smtp_env[@]}" || return 1
  echo "supabase-py: running check.py against $rest_url (auth: $url)"
  rm -f "$out/supabase-py.json"
  in_background env SUPABASE_URL="$rest_url" SUPABASE_AUTH_URL="$url" SUPABASE_ANON_KEY="$ANON_KEY" \
    SUPABASE_SERVICE_ROLE_KEY="$SERVICE_ROLE_KEY" \
    "$python" "$compat/supabase-py/check.py" --results "$out/supabase-py.json"
  : >"$out/supabase-py.sql-errors.txt" # its SQL load is the postgrest-js suite's, checked there
  compare supabase-py
  status=$?
  echo "supabase-py: the auth server's mail catcher received $(mail_count supabase-py-auth) messages"
  return $status
}

# run_suite SUITE: one suite, in a subshell of its own (its servers stop when it ends).
run_suite() {
  trap stop_servers EXIT
  trap 'exit 143' TERM INT
  case "$1" in
    postgrest-js) run_postgrest_js ;;
    storage-js) run_storage_js ;;
    auth-js) run_auth_js ;;
    supabase-py) run_supabase_py ;;
  esac
}

# ---- the suites, jobs_max at a time ------------------------------------------------------------
ordered=()
for suite in "${all_suites[@]}"; do
  case " ${suites[*]} " in *" $suite "*) ordered+=("$suite") ;; esac
done
declare -A result=() started=()
# report SUITE: records a finished suite's status and prints its output (shown live already when
# the suites run one at a time).
report() {
  local suite=$1
  wait "${suite_pid[$suite]}"
  result[$suite]=$?
  unset "suite_pid[$suite]"
  if [ "$jobs_max" -gt 1 ]; then
    echo "=== $suite ($(($(date +%s) - ${started[$suite]})) s)"
    cat "$out/$suite.log"
  else
    echo "=== $suite: $(($(date +%s) - ${started[$suite]})) s"
  fi
}
# reap: reports every suite that has ended (bash reaps its children as they end, so kill -0
# fails for an ended one).
reap() {
  local suite
  for suite in "${!suite_pid[@]}"; do
    kill -0 "${suite_pid[$suite]}" 2>/dev/null || report "$suite"
  done
}
run_started=$(date +%s)
for suite in "${ordered[@]}"; do
  while [ ${#suite_pid[@]} -ge "$jobs_max" ]; do sleep 1; reap; done
  started[$suite]=$(date +%s)
  if [ "$jobs_max" -gt 1 ]; then
    run_suite "$suite" >"$out/$suite.log" 2>&1 &
  else
    echo "=== $suite"
    run_suite "$suite" > >(tee "$out/$suite.log") 2>&1 &
  fi
  suite_pid[$suite]=$!
done
while [ ${#suite_pid[@]} -gt 0 ]; do sleep 1; reap; done

echo "=== test-compat summary ($(($(date +%s) - run_started)) s, $jobs_max suites at a time)"
status=0
for suite in "${ordered[@]}"; do
  if [ "${result[$suite]}" -eq 0 ]; then echo "  $suite: ok"; else echo "  $suite: FAILED"; status=1; fi
done
exit $status
