#!/usr/bin/env bash
# /rest/v1 benchmark (issue 3): wrk against a release build on a fresh database, and in the same
# run pgbench replaying the exact SQL the engine sent (same BEGIN, same role switch and
# set_config, same statement and parameters, prepared) at the same concurrency, twice: one
# statement per round trip as PostgREST sends its transaction (the baseline: the SQL-only limit
# of PostgREST's shape), and as one pipeline as the engine sends it (its own SQL-only limit).
#
#   tests/bench/rest/run.sh [seconds per run, default 10] [connections, default 64]
#
# pgbench runs with as many clients as wrk has connections; PGBENCH_CLIENTS=10 runs it as
# PostgREST's own benchmark does, with as many clients as the pool has connections (PostgREST's
# db-pool and the engine's): on this 2-core machine that baseline is out of reach of any HTTP
# server sharing the cores (the floor reaches 0.71x of it; tests/bench/rest/README.md).
#
# Each case runs ROUNDS times (default 3), wrk and pgbench alternating, and the round with the
# median ratio is reported with the range of all rounds: one pair of 10 s runs on shared cores
# swings by several percent either way (the baseline as much as the server).
#
# DB_POOL sets the engine's pool (PGRST_DB_POOL, default PostgREST's 10); DB_POOL=64 gives the
# engine as many database sessions as pgbench has clients (tests/bench/rest/README.md has a run).
#
# TOKEN picks the caller's bearer token: `anon` (default) the anon key, which is an API key and
# matched as such; `hs256` and `es256` a signed-in user's access token (role authenticated), HS256
# with the JWT secret or ES256 with a signing key (the server then has a signing keys file either
# way, so the two runs differ in the token alone and their ratios show what ES256 costs).
#
# POSTGRAPHILE=0 skips the GraphQL baseline (PostGraphile 4 from postgraphile/package.json, which
# npm installs from the registry on the first run).
#
# Needs wrk and pgbench (apt-get install wrk postgresql-client), node and npm, and python3 (with the
# `cryptography` package for TOKEN=es256). Prints, per case,
# req/s, p50/p99 latency, the pgbench TPS and the ratio, then the server's RSS after the runs
# and the schema cache load time for 500 tables. Everything shares this machine's cores.
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

seconds=${1:-10}
connections=${2:-64}
threads=${THREADS:-2}
pgbench_clients=${PGBENCH_CLIENTS:-$connections}
rounds=${ROUNDS:-3}
token_kind=${TOKEN:-anon}
db_pool=${DB_POOL:-10}
case $token_kind in anon | hs256 | es256) ;; *) echo "TOKEN is '$token_kind': use anon, hs256 or es256"; exit 1 ;; esac
if [ "$token_kind" = es256 ]; then
  python3 -c 'import cryptography' 2>/dev/null || { echo "TOKEN=es256 needs python3's cryptography (pip install cryptography)"; exit 1; }
fi
for tool in wrk pgbench psql python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install wrk postgresql-client python3)"; exit 1; }
done

# CLAIMBRIDGE_BIN runs a binary built otherwise (another profile, an earlier commit).
if [ -z "${CLAIMBRIDGE_BIN:-}" ]; then
  cargo build --release --bin claimbridge
fi
binary=${CLAIMBRIDGE_BIN:-target/release/claimbridge}
# The floor (floor/src/main.rs): case (a) on bare axum + tokio-postgres, outside the workspace.
CARGO_TARGET_DIR=target/bench-floor cargo build --release --offline --quiet --manifest-path tests/bench/rest/floor/Cargo.toml
floor_binary=target/bench-floor/release/rest-floor

data_dir=$(mktemp -d /tmp/claimbridge-bench.XXXXXX)
chmod 755 "$data_dir"
work=$(mktemp -d /tmp/claimbridge-bench-work.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
# wrk's 64 connections all come from one address: the per-client limit of /rest/v1 would answer
# most of them 429, so it is measured separately (client-flood.sh) and off here.
# METRICS=1: the same run with the Prometheus endpoint on (its cost shows in the ratios against
# a METRICS=0 run), and the time of a scrape after the runs.
metrics_env=()
if [ "$token_kind" != anon ]; then
  "$binary" gen signing-key --append "$work/signing_keys.json" 2>/dev/null
  metrics_env+=(AUTH_SIGNING_KEYS_PATH="$work/signing_keys.json")
fi
if [ "${METRICS:-0}" = 1 ]; then
  metrics_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
  metrics_env+=(CLAIMBRIDGE_METRICS_ADDR="127.0.0.1:$metrics_port")
fi
env "${metrics_env[@]}" PGRST_DB_POOL="$db_pool" REST_CLIENT_CONCURRENCY=0 CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn,cb_rest::schema_cache=info CLAIMBRIDGE_LOG_FORMAT=json "$binary" serve >"$work/server.log" 2>&1 &
server=$!
floor=
postgraphile=
cleanup() {
  if [ -n "$floor" ]; then kill -TERM "$floor" 2>/dev/null || true; fi
  if [ -n "$postgraphile" ]; then kill -TERM "$postgraphile" 2>/dev/null || true; fi
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data_dir" "$work"
}
trap cleanup EXIT
wait_for_server "$port" "$server" "$work/server.log"

base="http://127.0.0.1:$port/rest/v1"
anon=$("$binary" keys | sed -n 's/^ANON_KEY=//p')
service=$("$binary" keys | sed -n 's/^SERVICE_ROLE_KEY=//p')
psql_db() { psql -h "$data_dir/postgres" -U postgres -d postgres -qAt "$@"; }
slug=$(curl -sf -H "apikey: $anon" "$base/blog_posts?select=slug&published=eq.true&limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["slug"])')
list_query="select=id,title,slug,description,category,read_time,created_at&published=eq.true&order=created_at.desc"
post_body='{"session_id":"session_1700000000000_bench0001","page_path":"/","page_title":"Home","referrer":"","user_agent":"Mozilla/5.0 bench","device_type":"desktop","browser":"Chrome","visited_at":"2026-11-22T00:00:00Z"}'
# A signed-in user's access token as GoTrue issues one (TOKEN=hs256|es256), or the anon key.
bearer=$anon
if [ "$token_kind" != anon ]; then
  bearer=$(TOKEN_KIND=$token_kind python3 - "$work/signing_keys.json" <<'PY'
import base64, hashlib, hmac, json, os, sys, time, uuid
def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
kind = os.environ["TOKEN_KIND"]
key = json.load(open(sys.argv[1]))[0]
now = int(time.time())
claims = {"iss": "http://localhost/auth/v1", "sub": str(uuid.uuid4()), "aud": "authenticated",
          "exp": now + 7200, "iat": now, "email": "bench@example.com", "phone": "",
          "app_metadata": {"provider": "email", "providers": ["email"]}, "user_metadata": {},
          "role": "authenticated", "aal": "aal1", "amr": [{"method": "password", "timestamp": now}],
          "session_id": str(uuid.uuid4()), "is_anonymous": False}
header = {"alg": "HS256", "typ": "JWT"} if kind == "hs256" else {"alg": "ES256", "kid": key["kid"], "typ": "JWT"}
signing_input = (b64(json.dumps(header).encode()) + "." + b64(json.dumps(claims).encode())).encode()
if kind == "hs256":
    # The server's secret: JWT_SECRET, else its default (the Supabase CLI's local secret).
    secret = os.environ.get("JWT_SECRET") or "super-secret-jwt-token-with-at-least-32-characters-long"
    signature = hmac.new(secret.encode(), signing_input, hashlib.sha256).digest()
else:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
    d = int.from_bytes(base64.urlsafe_b64decode(key["d"] + "=" * (-len(key["d"]) % 4)), "big")
    r, s = decode_dss_signature(ec.derive_private_key(d, ec.SECP256R1()).sign(signing_input, ec.ECDSA(hashes.SHA256())))
    signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
print(signing_input.decode() + "." + b64(signature))
PY
)
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "apikey: $anon" -H "authorization: Bearer $bearer" "$base/blog_posts?select=id&limit=1")
  [ "$code" = 200 ] || { echo "the $token_kind token was refused ($code)"; exit 1; }
fi
common=(-H "apikey: $anon" -H "authorization: Bearer $bearer" -H "x-client-info: supabase-js-web/2.119.0")

# --- capture the SQL of one request of each case -----------------------------------------------
log="$data_dir/postgres.log"
offset=$(stat -c %s "$log")
psql_db -c "alter system set log_statement = 'all'" -c "select pg_reload_conf()" >/dev/null
sleep 0.5
curl -sf -o /dev/null "${common[@]}" -H "accept: application/vnd.pgrst.object+json" -H "accept-profile: public" \
  "$base/blog_posts?select=*&slug=eq.$slug&published=eq.true"
curl -sf -o /dev/null "${common[@]}" -H "accept-profile: public" "$base/blog_posts?$list_query"
curl -sf -o /dev/null "${common[@]}" -H "content-profile: public" -H "content-type: application/json" -X POST \
  -d "$post_body" "$base/page_analytics"
psql_db -c "alter system reset log_statement" -c "select pg_reload_conf()" >/dev/null
python3 tests/bench/rest/pgbench_scripts.py "$log" "$offset" "$work" post_by_slug blog_list analytics_insert

cat >"$work/insert.lua" <<EOF
wrk.method = "POST"
wrk.body = '$post_body'
wrk.headers["content-type"] = "application/json"
wrk.headers["content-profile"] = "public"
EOF

run_wrk() { # name, extra args...
  local name=$1; shift
  wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "${common[@]}" "$@" >"$work/$name.wrk"
  local rps p50 p99
  rps=$(awk '/^Requests\/sec/ {print $2}' "$work/$name.wrk")
  p50=$(awk '$1=="50%" {print $2}' "$work/$name.wrk")
  p99=$(awk '$1=="99%" {print $2}' "$work/$name.wrk")
  local errors
  errors=$(awk '/Non-2xx or 3xx responses/ {print $5}' "$work/$name.wrk")
  echo "$rps $p50 $p99 ${errors:-0}"
}
run_pgbench() { # name, script (name: PostgREST's shape; name-pipelined: the engine's)
  local name=$1 script=$2 defines=()
  while IFS= read -r line; do [ -n "$line" ] && defines+=(-D "$line"); done <"$work/$name.vars"
  # As the engine logs in: authenticator, switching to the request's role.
  pgbench -h "$data_dir/postgres" -U authenticator -n -M prepared -c "$pgbench_clients" -j "$threads" -T "$seconds" \
    "${defines[@]}" -f "$work/$script.sql" postgres >"$work/$script.pgbench" 2>&1 || true
  local tps
  tps=$(awk '/^tps/ {print $3; exit}' "$work/$script.pgbench")
  if [ -z "$tps" ]; then echo "pgbench $script failed:" >&2; tail -5 "$work/$script.pgbench" >&2; echo 0; else echo "$tps"; fi
}

declare -A results
echo "warming up..."
wrk -t"$threads" -c"$connections" -d2s "${common[@]}" -H "accept: application/vnd.pgrst.object+json" \
  "$base/blog_posts?select=*&slug=eq.$slug&published=eq.true" >/dev/null
run_case() { # case, pgbench script, wrk args...: one line per round, "rps p50 p99 errors tps tps-pipelined"
  local case=$1 script=$2; shift 2
  for _ in $(seq 1 "$rounds"); do
    echo "$(run_wrk "$case" "$@") $(run_pgbench "$script" "$script") $(run_pgbench "$script" "$script-pipelined")"
  done
}
# The round with the median ratio, then the lowest and highest ratio and all rounds' non-2xx.
median_round() {
  python3 -c '
import sys
rounds = [line.split() for line in sys.stdin if line.strip()]
ratio = lambda r: float(r[0]) / float(r[4]) if float(r[4] or 0) else 0.0
ordered = sorted(rounds, key=ratio)
rps, p50, p99, _, tps, pipelined = ordered[len(ordered) // 2]
errors = sum(int(r[3]) for r in rounds)
print(rps, p50, p99, errors, tps, f"{ratio(ordered[0]):.2f}", f"{ratio(ordered[-1]):.2f}", pipelined)
'
}
results[a]=$(run_case a post_by_slug -H "accept: application/vnd.pgrst.object+json" -H "accept-profile: public" \
  "$base/blog_posts?select=*&slug=eq.$slug&published=eq.true" | median_round)
# The same request on the floor, with the stack's runtime (two Tokio workers) and then with one
# single-threaded runtime per core: what the stack itself costs, measured in this run.
for mode in shared per_core; do
  floor_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
  if [ "$mode" = per_core ]; then export FLOOR_PER_CORE=1; fi
  "$floor_binary" "$floor_port" "$data_dir/postgres" >"$work/floor.log" 2>&1 &
  floor=$!
  unset FLOOR_PER_CORE
  for _ in $(seq 1 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$floor_port/rest/v1/blog_posts?slug=eq.$slug" && break
    sleep 0.1
  done
  results[floor_$mode]=$(run_wrk "floor_$mode" -H "accept: application/vnd.pgrst.object+json" \
    "http://127.0.0.1:$floor_port/rest/v1/blog_posts?select=*&slug=eq.$slug&published=eq.true")
  kill -TERM "$floor"; wait "$floor" 2>/dev/null || true; floor=
done
results[b]=$(run_case b blog_list -H "accept-profile: public" "$base/blog_posts?$list_query" | median_round)
results[c]=$(run_case c analytics_insert -s "$work/insert.lua" "$base/page_analytics" | median_round)
rss_kb=$(ps -o rss= -p "$server" | tr -d ' ')

# --- PostGraphile: the same reads as GraphQL (POSTGRAPHILE=0 skips it) ---------------------------
# PostGraphile 4 (postgraphile/package.json) on the same database, logging in as the engine does
# (authenticator, then anon per request) with a worker per core as the server has; ROUNDS runs of
# each query, the median req/s. The insert is not compared: PostGraphile's mutations return the
# row they made, which anon may not read in page_analytics.
if [ "${POSTGRAPHILE:-1}" = 1 ]; then
  (cd tests/bench/rest/postgraphile && npm ci --no-audit --no-fund --silent)
  graphql_port=$(free_port)
  tests/bench/rest/postgraphile/node_modules/.bin/postgraphile \
    -c "postgres://authenticator@localhost/postgres?host=$data_dir/postgres" --schema public \
    --default-role anon --host 127.0.0.1 --port "$graphql_port" --cluster-workers "$(nproc)" \
    --disable-query-log --disable-graphiql >"$work/postgraphile.log" 2>&1 &
  postgraphile=$!
  graphql="http://127.0.0.1:$graphql_port/graphql"
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null -H 'content-type: application/json' -d '{"query":"{__typename}"}' "$graphql" && break
    kill -0 "$postgraphile" 2>/dev/null || { cat "$work/postgraphile.log"; exit 1; }
    sleep 0.2
  done
  # Case (a) selects every column of the REST answer, case (b) the list's columns.
  columns=$(curl -sf "${common[@]}" "$base/blog_posts?select=*&slug=eq.$slug" | python3 -c '
import json, sys
print(" ".join(c.split("_")[0] + "".join(p.title() for p in c.split("_")[1:]) for c in json.load(sys.stdin)[0]))')
  graphql_case() { # name, query, variables (JSON): writes a wrk script, checks one answer, prints the median req/s
    local name=$1 body
    body=$(python3 -c 'import json, sys; print(json.dumps({"query": sys.argv[1], "variables": json.loads(sys.argv[2])}))' "$2" "$3")
    printf 'wrk.method = "POST"\nwrk.body = [[%s]]\nwrk.headers["content-type"] = "application/json"\n' "$body" >"$work/$name.lua"
    curl -sf -H 'content-type: application/json' -d "$body" "$graphql" | grep -q '"nodes":\[{' ||
      { echo "PostGraphile answered $name without rows" >&2; exit 1; }
    for _ in $(seq 1 "$rounds"); do
      wrk -t"$threads" -c"$connections" -d"${seconds}s" -s "$work/$name.lua" "$graphql" | awk '/^Requests\/sec/ {print $2}'
    done | sort -n | sed -n "$(((rounds + 1) / 2))p"
  }
  results[graphql_a]=$(graphql_case graphql_a \
    "query(\$slug: String!) { allBlogPosts(condition: {slug: \$slug, published: true}) { nodes { $columns } } }" \
    "{\"slug\": \"$slug\"}")
  results[graphql_b]=$(graphql_case graphql_b \
    '{ allBlogPosts(condition: {published: true}, orderBy: CREATED_AT_DESC) { nodes { id title slug description category readTime createdAt } } }' '{}')
  kill -TERM "$postgraphile"; wait "$postgraphile" 2>/dev/null || true; postgraphile=
fi
scrape=
if [ "${METRICS:-0}" = 1 ]; then
  scrape=$(for _ in $(seq 1 50); do
    curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.1:$metrics_port/metrics"
  done | python3 -c '
import sys
times = sorted(float(line) * 1000 for line in sys.stdin if line.strip())
print(f"median {times[len(times) // 2]:.2f} ms, p99 {times[int(len(times) * 0.99) - 1]:.2f} ms over {len(times)} scrapes")
')
  scrape="$scrape, $(curl -s "http://127.0.0.1:$metrics_port/metrics" | grep -vc '^#') samples"
fi

# --- schema cache load with 500 tables (and 499 foreign keys) -------------------------------------
psql_db -c "create table public.bench_t1 (id serial primary key, name text, parent int)" \
  -c "do \$\$ begin for i in 2..500 loop execute format('create table public.bench_t%s (id serial primary key, name text, note text, created_at timestamptz default now(), parent int references public.bench_t1 (id))', i); end loop; end \$\$" \
  -c "notify pgrst, 'reload schema'"
for _ in $(seq 1 200); do
  curl -sf -o /dev/null -H "apikey: $service" -H "authorization: Bearer $service" "$base/bench_t500?limit=0" && break
  sleep 0.05
done
load_ms=$(grep "schema cache loaded" "$work/server.log" | tail -1 | grep -o '"load_ms":[0-9]*' | cut -d: -f2)
relations=$(grep "schema cache loaded" "$work/server.log" | tail -1 | grep -o '"relations":[0-9]*' | cut -d: -f2)

printf '\n/rest/v1 benchmark: %ss per run, %s connections, %s wrk threads, %s pgbench clients, pool of %s, %s cores, median of %s rounds, %s token\n' \
  "$seconds" "$connections" "$threads" "$pgbench_clients" "$db_pool" "$(nproc)" "$rounds" "$token_kind"
printf 'pgbench replays the statements the engine sent: "PostgREST tps" one round trip each, as PostgREST\nsends its transaction (the baseline); "pipelined tps" in one pipeline, as the engine sends them.\n'
printf '%-34s %10s %9s %9s %8s %13s %7s %11s %14s %7s\n' case "req/s" p50 p99 non2xx "PostgREST tps" ratio "all rounds" "pipelined tps" ratio
for case in a b c; do
  read -r rps p50 p99 errors tps low high pipelined <<<"${results[$case]}"
  ratio=$(python3 -c "print(f'{float(\"$rps\")/float(\"$tps\"):.2f}x' if float('${tps:-0}' or 0) else 'n/a')")
  own=$(python3 -c "print(f'{float(\"$rps\")/float(\"$pipelined\"):.2f}x' if float('${pipelined:-0}' or 0) else 'n/a')")
  label=$(case $case in a) echo "(a) GET post by slug (single)";; b) echo "(b) GET public blog list";; c) echo "(c) POST page_analytics";; esac)
  printf '%-34s %10s %9s %9s %8s %13s %7s %11s %14s %7s\n' "$label" "$rps" "$p50" "$p99" "$errors" "$tps" "$ratio" "$low-${high}x" "$pipelined" "$own"
done
printf '\nThe floor of case (a): bare axum + tokio-postgres sending the same pipeline (no JWT check, parser,\nplanner, middleware or schema cache), one run each, against the median round'"'"'s pgbench baseline:\n'
for mode in shared per_core; do
  read -r rps p50 p99 errors <<<"${results[floor_$mode]}"
  read -r _ _ _ _ tps _ _ _ <<<"${results[a]}"
  ratio=$(python3 -c "print(f'{float(\"$rps\")/float(\"$tps\"):.2f}x' if float('${tps:-0}' or 0) else 'n/a')")
  label=$(case $mode in shared) echo "floor, 2 Tokio workers";; per_core) echo "floor, a runtime per core";; esac)
  printf '%-34s %10s %9s %9s %8s %12s %7s\n' "$label" "$rps" "$p50" "$p99" "$errors" "$tps" "$ratio"
done
if [ -n "${results[graphql_a]:-}" ]; then
  printf '\nPostGraphile 4 serving the same reads as GraphQL (a worker per core), median of %s runs:\n' "$rounds"
  for case in a b; do
    read -r rps _ <<<"${results[$case]}"
    graphql_rps=${results[graphql_$case]}
    ratio=$(python3 -c "print(f'{float(\"$rps\")/float(\"$graphql_rps\"):.2f}x' if float('${graphql_rps:-0}' or 0) else 'n/a')")
    label=$(case $case in a) echo "(a) post by slug";; b) echo "(b) blog list";; esac)
    printf '%-34s %10s req/s, the engine %s req/s: %s\n' "$label" "$graphql_rps" "$rps" "$ratio"
  done
fi
# A non-2xx answer is a finding, not noise: show what the database and the server said.
if [ -n "$(for r in "${results[@]}"; do read -r _ _ _ e _ <<<"$r"; [ "${e:-0}" != 0 ] && echo x; done)" ]; then
  printf '\nSome requests were answered with a non-2xx status. PostgreSQL errors during the runs:\n'
  tail -c +"$offset" "$log" | grep -E "ERROR|FATAL" | sort | uniq -c | sort -rn | head -5 || true
  printf 'Server warnings and errors:\n'
  grep -E '"level":"(WARN|ERROR)"' "$work/server.log" | tail -5 || true
fi
printf '\nserver RSS after the runs: %s MB\n' "$((rss_kb / 1024))"
if [ -n "$scrape" ]; then printf 'metrics scrape (after the runs): %s\n' "$scrape"; fi
printf 'schema cache load with %s relations: %s ms\n' "$relations" "$load_ms"
