#!/usr/bin/env bash
# /auth/v1 benchmark: wrk against a release build on a fresh database, and in the same run
# pgbench sending the statements the server sends for the same request (the SQL-only limit),
# at the same concurrency.
#
#   tests/bench/auth/run.sh [seconds per run, default 10] [connections, default 64]
#
# Cases (each ROUNDS times, default 3, wrk and pgbench alternating; the round with the median
# ratio is printed with the range of all rounds):
#   refresh   POST /token?grant_type=refresh_token, a different unused refresh token per request
#             (tokens.lua walks a file of tokens made beforehand, one session each): one
#             statement, the rotation (claimbridge.auth_refresh), the user read and the claims
#             through the site's custom access token hook;
#   user      GET /user with one access token: the user read;
#   password  POST /token?grant_type=password at the bcrypt cost in use (10, GoTrue's): bounded
#             by hashing on this machine's cores, so it is reported as sign-ins/s; and GET
#             /user's p99 while sign-ins run, against its p99 alone (the hashing runs on the
#             blocking pool, off the async workers).
# Targets (issue 34): refresh >= 3,000 req/s at 64 connections with p99 < 25 ms; GET /user >=
# 8,000 req/s. The per-IP limits are raised for the run (wrk is one address).
#
# Needs wrk, pgbench, psql, python3 (apt-get install wrk postgresql-client python3).
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

seconds=${1:-10}
connections=${2:-64}
threads=${THREADS:-2}
rounds=${ROUNDS:-3}
for tool in wrk pgbench psql python3 curl; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install wrk postgresql-client python3 curl)"; exit 1; }
done

cargo build --release --bin claimbridge
binary=target/release/claimbridge
eval "$("$binary" keys)" # ANON_KEY, SERVICE_ROLE_KEY

data_dir=$(mktemp -d /tmp/claimbridge-auth-bench.XXXXXX)
chmod 755 "$data_dir"
work=$(mktemp -d /tmp/claimbridge-auth-bench-work.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
limits=(${BENCH_EXTRA_ENV:-} GOTRUE_RATE_LIMIT_TOKEN_REFRESH=100000000 GOTRUE_RATE_LIMIT_VERIFY=100000000
  GOTRUE_RATE_LIMIT_OTP=100000000 GOTRUE_RATE_LIMIT_ANONYMOUS_USERS=100000000)
env "${limits[@]}" CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn \
  "$binary" serve >"$work/server.log" 2>&1 &
server=$!
cleanup() {
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data_dir" "$work"
}
trap cleanup EXIT
wait_for_server "$port" "$server" "$work/server.log"
base=http://127.0.0.1:$port/auth/v1
psql_db() { psql -X -q -tA -h "$data_dir/postgres" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"; }

# One staff user, signed in once for an access token.
curl -sf "$base/admin/users" -H "apikey: $ANON_KEY" -H "authorization: Bearer $SERVICE_ROLE_KEY" \
  -H 'content-type: application/json' \
  -d '{"email":"bench@claimbridge.test","password":"bench-password-1","email_confirm":true}' >/dev/null
session=$(curl -sf "$base/token?grant_type=password" -H "apikey: $ANON_KEY" -H 'content-type: application/json' \
  -d '{"email":"bench@claimbridge.test","password":"bench-password-1"}')
access=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["access_token"])' "$session")
user_id=$(psql_db -c "select id from auth.users where email = 'bench@claimbridge.test'")
session_id=$(python3 -c 'import json,sys,base64; p=json.loads(sys.argv[1])["access_token"].split(".")[1]; print(json.loads(base64.urlsafe_b64decode(p+"=="))["session_id"])' "$session")

# Refresh tokens for every request of every round (wrk's and pgbench's), one session each, held
# by 2,000 staff users as many browsers hold them: made in SQL, since making them by signing in
# would measure bcrypt.
per_run=$((seconds * 6000))
total=$((per_run * (rounds + 1) * 2))
psql_db <<SQL
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'staff' || g || '@claimbridge.test', '', now(), '{"provider":"email","providers":["email"]}',
       '{}', now(), now()
  from generate_series(1, 2000) g;
create table public.bench_tokens (n bigserial primary key, token text not null);
with holders as (
  select id, row_number() over () as k from auth.users where email like 'staff%@claimbridge.test'
), made as (
  select gen_random_uuid() as session, h.id as holder, 'bench' || g || md5(random()::text) as token
    from generate_series(1, $total) g join holders h on h.k = 1 + g % 2000
), sessions as (
  insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at)
  select session, holder, now(), now(), 'aal1', now() from made
), tokens as (
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
  select '00000000-0000-0000-0000-000000000000', token, holder::text, false, now(), now(), session from made
)
insert into public.bench_tokens (token) select token from made;
create sequence public.bench_pgbench_next;
vacuum analyze auth.refresh_tokens;
vacuum analyze auth.sessions;
vacuum analyze auth.users;
SQL

# wrk walks its own half of the tokens, pgbench the other half.
psql_db -c "copy (select token from public.bench_tokens where n % 2 = 0 order by n) to stdout" >"$work/tokens.txt"
cat >"$work/tokens.lua" <<LUA
-- Each thread takes every Nth token of the file, starting at its own offset.
local tokens = {}
for line in io.lines("$work/tokens.txt") do tokens[#tokens + 1] = line end
local counter = 0
local threads = {}
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
function init(args)
  position = id + 1
  stride = $threads
end
request = function()
  local token = tokens[position]
  position = position + stride
  if token == nil then token = "exhausted" end
  return wrk.format("POST", nil, nil, '{"refresh_token":"' .. token .. '"}')
end
LUA
# The statements the server sends for GET /user and for a refresh, as PostgreSQL logged them
# (log_statement = 'all'): pgbench replays exactly that SQL.
log="$data_dir/postgres.log"
offset=$(stat -c %s "$log")
psql_db -c "alter system set log_statement = 'all'" -c "select pg_reload_conf()" >/dev/null
sleep 0.5
curl -sf "$base/user" -H "apikey: $ANON_KEY" -H "authorization: Bearer $access" >/dev/null
refresh_token=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["refresh_token"])' "$session")
curl -sf "$base/token?grant_type=refresh_token" -H "apikey: $ANON_KEY" -H 'content-type: application/json' \
  -d "{\"refresh_token\":\"$refresh_token\"}" >/dev/null
sleep 0.5
psql_db -c "alter system reset log_statement" -c "select pg_reload_conf()" >/dev/null
tail -c +"$((offset + 1))" "$log" >"$work/statements.log"
python3 - "$work" "$user_id" "$session_id" <<'PY'
# The logged statements as pgbench scripts, their parameters as the server sent them: the user
# read, and the refresh grant's one statement (rotation, user read, claims through the site's
# custom access token hook), each refresh its own token (an InitPlan takes the next one once
# per transaction) and a new token to issue.
import re, sys
work, user_id, session_id = sys.argv[1:4]
text = open(f"{work}/statements.log").read()

def logged(pattern):
    """The statement whose text matches `pattern`, and its parameters from the DETAIL line."""
    for match in re.finditer(r"(?:execute [^:]*|statement): (.*?)\n(?=\S)(?:[^\n]*DETAIL:\s+[Pp]arameters: ([^\n]*)\n)?", text, re.S):
        statement = re.sub(r"\s+", " ", match.group(1)).strip()
        if re.search(pattern, statement):
            params = dict(re.findall(r"\$(\d+) = ((?:'(?:[^']|'')*')|NULL)", match.group(2) or ""))
            return statement, params
    sys.exit(f"no statement matching {pattern!r} was logged")

def substitute(statement, params):
    return re.sub(r"\$(\d+)\b", lambda m: params[m.group(1)], statement)

user, _ = logged(r"^select jsonb_build_object\( 'user', to_jsonb\(u\)")
read_user = substitute(user, {"1": f"'{user_id}'::uuid", "2": f"'{session_id}'::uuid"}) + ";\n"
with open(f"{work}/user.sql", "w") as out:
    out.write(read_user)
grant, params = logged(r"claimbridge\.auth_refresh\(")
params["1"] = "(select token from public.bench_tokens where n = (select nextval('public.bench_pgbench_next') * 2 - 1))"
params["2"] = "md5(random()::text)"
with open(f"{work}/refresh.sql", "w") as out:
    out.write(substitute(grant, params) + ";\n")
PY
cat >"$work/password.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"email":"bench@claimbridge.test","password":"bench-password-1"}'
wrk.headers["content-type"] = "application/json"
LUA

common=(-H "apikey: $ANON_KEY" -H "x-supabase-api-version: 2024-01-01")
run_wrk() { # name, connections, extra args...: "rps p50 p99 errors"
  local name=$1 conns=$2; shift 2
  wrk -t"$threads" -c"$conns" -d"${seconds}s" --latency "${common[@]}" "$@" >"$work/$name.wrk"
  python3 - "$work/$name.wrk" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(label):
    m = re.search(r"^\s*%s\s+([\d.]+)(us|ms|s)\s*$" % re.escape(label), text, re.M)
    if not m: return 0.0
    v, unit = float(m.group(1)), m.group(2)
    return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v
rps = re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M)
errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
print(rps.group(1) if rps else 0, f"{ms('50%'):.2f}", f"{ms('99%'):.2f}", errors.group(1) if errors else 0)
PY
}
run_pgbench() { # script: tps
  pgbench -h "$data_dir/postgres" -U postgres -n -M prepared -c "$connections" -j "$threads" -T "$seconds" \
    -f "$1" postgres >"$work/pgbench.out" 2>&1 || true
  local tps
  tps=$(awk '/^tps/ {print $3; exit}' "$work/pgbench.out")
  if [ -z "$tps" ]; then echo "pgbench failed:" >&2; tail -5 "$work/pgbench.out" >&2; echo 0; else echo "$tps"; fi
}
median_round() { # lines "rps p50 p99 errors tps": the median-ratio round and the ratio range
  python3 -c '
import sys
rounds = [line.split() for line in sys.stdin if line.strip()]
ratio = lambda r: float(r[0]) / float(r[4]) if float(r[4] or 0) else 0.0
ordered = sorted(rounds, key=ratio)
r = ordered[len(ordered) // 2]
print(*r[:5], f"{ratio(r):.2f}", f"{ratio(ordered[0]):.2f}", f"{ratio(ordered[-1]):.2f}")'
}

refresh_rounds=""
user_rounds=""
for round in $(seq 1 "$rounds"); do
  refresh_rounds+="$(run_wrk refresh "$connections" -s "$work/tokens.lua" "$base/token?grant_type=refresh_token") $(run_pgbench "$work/refresh.sql")"$'\n'
  # The tokens wrk used are spent: move the file on to unused ones for the next round.
  tail -n +"$((per_run + 1))" "$work/tokens.txt" >"$work/tokens.next" && mv "$work/tokens.next" "$work/tokens.txt"
  user_rounds+="$(run_wrk user "$connections" -H "authorization: Bearer $access" "$base/user") $(run_pgbench "$work/user.sql")"$'\n'
done
printf 'rounds (req/s p50 p99 non2xx sql_tps):\nrefresh\n%suser\n%s' "$refresh_rounds" "$user_rounds"
refresh=$(median_round <<<"$refresh_rounds")
user=$(median_round <<<"$user_rounds")

# Password sign-ins: as many connections as cores times four (hashing is the work).
password=$(run_wrk password $((threads * 4)) -s "$work/password.lua" "$base/token?grant_type=password")
alone=$(run_wrk user_alone 8 -H "authorization: Bearer $access" "$base/user")
run_wrk password_load $((threads * 4)) -s "$work/password.lua" "$base/token?grant_type=password" >"$work/load.txt" &
loader=$!
sleep 1
during=$(seconds=$((seconds - 2)) run_wrk user_during 8 -H "authorization: Bearer $access" "$base/user")
wait $loader

printf '\n/auth/v1 benchmark: %ss per run, %s connections, %s wrk threads, %s cores, median of %s rounds\n\n' \
  "$seconds" "$connections" "$threads" "$(nproc)" "$rounds"
printf '%-10s %10s %8s %8s %7s %10s %7s %13s\n' case req/s p50_ms p99_ms non2xx sql_tps ratio ratio_range
for name in refresh user; do
  read -r rps p50 p99 errors tps ratio low high <<<"${!name}"
  printf '%-10s %10s %8s %8s %7s %10s %7s %13s\n' "$name" "$rps" "$p50" "$p99" "$errors" "$tps" "$ratio" "$low-$high"
done
read -r rps p50 p99 errors <<<"$password"
printf '%-10s %10s %8s %8s %7s   (bcrypt cost 10, %s connections)\n' password "$rps" "$p50" "$p99" "$errors" "$((threads * 4))"
read -r a_rps a_p50 a_p99 _ <<<"$alone"
read -r d_rps d_p50 d_p99 _ <<<"$during"
printf '\nGET /user at 8 connections: alone %s req/s p99 %s ms; during password sign-ins %s req/s p99 %s ms\n' \
  "$a_rps" "$a_p99" "$d_rps" "$d_p99"
echo "(targets: refresh >= 3000 req/s with p99 < 25 ms; GET /user >= 8000 req/s)"
