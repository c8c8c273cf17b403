#!/usr/bin/env bash
# /realtime/v1 benchmark: one release instance on a fresh database, driven by the load generator
# (loadgen/, a bench-only crate outside the workspace) in three scenarios, each run ROUNDS times
# (default 3, the median reported) and then BUSY_ROUNDS times (default 1) with one core kept busy
# by a spinning process:
#
#   idle     SOCKETS (10,000) sockets, each joined to its own public channel, held HOLD (30) s
#            with realtime-js's heartbeats: the server's VmRSS (its own process, not PostgreSQL's)
#            before, once all joined, peak, at the end of the hold and 5 s after they closed.
#   fanout   one sender broadcasting RATE (50) msg/s for DURATION (20) s to SUBSCRIBERS (1,000)
#            sockets on one topic: send-to-receipt latency (one clock, the load generator's) and
#            delivered/expected.
#   changes  CHANGES_SUBSCRIBERS (100) sockets, each with its own user's HS256 access token, on
#            Postgres Changes INSERT of public.bench_events (RLS on, every row visible to all);
#            CHANGES_RATE (500) rows/s for DURATION s, each its own transaction, the send time in
#            `body`: insert-to-receipt latency and delivered/expected. The table is emptied
#            before each run (then CHANGES_PREFILL rows, default 0, are put back).
#
# The baseline, measured in the same run and rounds: `realtime-loadgen floor`, the least a
# tokio-tungstenite server does to answer idle and fanout (same allocator, runtime, per-socket
# reader/writer with a bounded queue; see loadgen/src/floor.rs). Its fan-out moves the same
# 50,000 frames/s as `changes` at its defaults, and the inserts' own round trip is reported
# beside the changes latency.
#
#   tests/bench/realtime/run.sh
#   SCENARIOS="idle fanout" ROUNDS=1 BUSY_ROUNDS=0 tests/bench/realtime/run.sh
#   CLAIMBRIDGE_BIN=/path/to/claimbridge tests/bench/realtime/run.sh   # no build, that binary
#
# Needs psql (postgresql-client), python3, curl, and a file-descriptor limit above SOCKETS for
# both the server and the load generator (it raises `ulimit -n` as far as the hard limit allows).
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

rounds=${ROUNDS:-3}
busy_rounds=${BUSY_ROUNDS:-1}
scenarios=${SCENARIOS:-idle fanout changes}
sockets=${SOCKETS:-10000}
hold=${HOLD:-30}
subscribers=${SUBSCRIBERS:-1000}
rate=${RATE:-50}
duration=${DURATION:-20}
changes_subscribers=${CHANGES_SUBSCRIBERS:-100}
changes_rate=${CHANGES_RATE:-500}
for tool in psql python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install postgresql-client python3 curl)"; exit 1; }
done

# 10,000 sockets are 10,000 descriptors in the server and as many in the load generator; the
# server started below inherits this shell's limit.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" -lt $((sockets + 1000)) ]; then
  echo "ulimit -n is $(ulimit -n) (hard limit $(ulimit -Hn)): too low for $sockets sockets; set SOCKETS lower"
  exit 1
fi

# CLAIMBRIDGE_BIN: a release binary built before (the build is skipped).
if [ -z "${CLAIMBRIDGE_BIN:-}" ]; then
  cargo build --release --bin claimbridge
fi
cargo build --release --quiet --manifest-path tests/bench/realtime/loadgen/Cargo.toml --target-dir target
loadgen=target/release/realtime-loadgen

data_dir=$(mktemp -d /tmp/claimbridge-bench.XXXXXX)
chmod 755 "$data_dir" # the postgres OS user must reach the cluster when we run as root
work=$(mktemp -d /tmp/claimbridge-bench-work.XXXXXX)
results=$(mktemp -d /tmp/realtime-bench-results.XXXXXX)
# The run's own copy: a build in the tree during the run cannot swap the binary under it.
cp "${CLAIMBRIDGE_BIN:-target/release/claimbridge}" "$work/claimbridge"
binary=$work/claimbridge
port=$(free_port)
floor_port=$(free_port)

CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn \
  CLAIMBRIDGE_REALTIME_MAX_CONNECTIONS=${MAX_CONNECTIONS:-20000} \
  "$binary" serve >"$work/server.log" 2>&1 &
server=$!
"$loadgen" floor --port "$floor_port" --read-buffer "${FLOOR_READ_BUFFER:-4096}" >"$work/floor.log" 2>&1 &
floor=$!
busy=
cleanup() {
  if [ -n "$busy" ]; then kill "$busy" 2>/dev/null || true; fi
  kill "$floor" 2>/dev/null || true
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data_dir" "$work"
}
trap cleanup EXIT
wait_for_server "$port" "$server" "$work/server.log"

# The embedded cluster runs detached: its postmaster's pid, for its CPU time.
pg_pid=$(head -1 "$data_dir/postgres/postmaster.pid")
anon=$("$binary" keys | sed -n 's/^ANON_KEY=//p')
server_url="ws://127.0.0.1:$port/realtime/v1/websocket?apikey=$anon&vsn=2.0.0"
floor_url="ws://127.0.0.1:$floor_port/websocket?vsn=2.0.0"
pg=(psql -h "$data_dir/postgres" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt)

# The table of `changes`: RLS on, a policy every subscriber passes (owner is null on every row),
# in the supabase_realtime publication.
"${pg[@]}" <<'SQL'
create table public.bench_events (
  id bigserial primary key,
  owner uuid,
  body text,
  created_at timestamptz default clock_timestamp()
);
alter table public.bench_events enable row level security;
create policy bench_events_read on public.bench_events for select to authenticated
  using (owner = auth.uid() or owner is null);
grant select on public.bench_events to authenticated;
alter publication supabase_realtime add table public.bench_events;
SQL

# run_one SCENARIO TARGET LABEL: one run, its RESULT line saved as LABEL.json.
run_one() {
  local scenario=$1 target=$2 label=$3 url pid extra=()
  if [ "$target" = server ]; then url=$server_url pid=$server extra=(--pg-pid "$pg_pid"); else url=$floor_url pid=$floor; fi
  case $scenario in
    idle) extra+=(--sockets "$sockets" --hold "$hold" --token "$anon") ;;
    fanout) extra+=(--subscribers "$subscribers" --rate "$rate" --seconds "$duration" --token "$anon") ;;
    changes) extra+=(--subscribers "$changes_subscribers" --rate "$changes_rate" --seconds "$duration"
      --pg-host "$data_dir/postgres") ;;
  esac
  if [ "$scenario" = changes ]; then
    # Every round starts from the same table: CHANGES_PREFILL rows (default none), each later
    # row one of this run's inserts. (How long a policy check takes depends on the table's
    # size; see README.)
    "${pg[@]}" -c "truncate public.bench_events" \
      -c "insert into public.bench_events (body) select 'prefill' from generate_series(1, ${CHANGES_PREFILL:-0})" \
      -c "vacuum analyze public.bench_events"
  fi
  echo "  $label" >&2
  "$loadgen" "$scenario" --url "$url" --pid "$pid" --run "$label" "${extra[@]}" >"$work/$label.out" 2>"$work/$label.err" || {
    echo "  $label failed:" >&2; tail -5 "$work/$label.err" >&2; return 0; }
  sed -n 's/^RESULT //p' "$work/$label.out" >"$results/$label.json"
  # Leave the sockets' TIME_WAIT and the server's frees a moment before the next run.
  sleep 3
}

run_round() { # MODE ROUND
  local mode=$1 round=$2
  for scenario in $scenarios; do
    run_one "$scenario" server "$scenario-server-$mode-$round"
    if [ "$scenario" != changes ]; then
      run_one "$scenario" floor "$scenario-floor-$mode-$round"
    fi
  done
}

echo "running: $scenarios; $rounds round(s) idle, $busy_rounds with one core busy"
for round in $(seq 1 "$rounds"); do run_round idle "$round"; done
if [ "$busy_rounds" -gt 0 ]; then
  # One core kept busy by a spinning shell (stress-ng is not assumed): the server, PostgreSQL and
  # the load generator share what is left.
  sh -c 'while :; do :; done' &
  busy=$!
  for round in $(seq 1 "$busy_rounds"); do run_round busy "$round"; done
  kill "$busy"; busy=
fi

printf '\n/realtime/v1 benchmark, %s cores, %s; raw results in %s\n' "$(nproc)" "$(date -u +%Y-%m-%dT%H:%MZ)" "$results"
python3 tests/bench/realtime/report.py "$results"
if grep -qE '"level":"(WARN|ERROR)"|WARN|ERROR' "$work/server.log"; then
  printf '\nserver warnings and errors (last 5):\n'
  grep -E 'WARN|ERROR' "$work/server.log" | tail -5
fi
