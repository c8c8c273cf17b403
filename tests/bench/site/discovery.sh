#!/usr/bin/env bash
# Discovery benchmark (issue 37), on `claimbridge serve` (release build, fresh seeded database plus
# 1,000 generated posts), in one run:
#   1. the redirect lookup's cost: a cached page (/about) with no rules, then with 1,000 exact and
#      200 prefix rules; rounds alternate; the difference of the median mean latencies.
#      Target: < 50 us per request.
#   2. /search?q= (rendered per request, 20 rotating queries) at 2 connections, so latency is
#      server time: p99. Target: < 30 ms.
#   3. the search RPC (POST /rest/v1/rpc/search_site, the same queries) at 32 connections against
#      pgbench running the function's statement on the same database: req/s and the ratio.
#      Target: >= 1,000 req/s. The answers are kept per query (search_site), so this is the kept
#      answer's rate; 4. is the same with every query new (a -word no post has, unique per
#      request), the full search each time, against pgbench doing the same.
#   tests/bench/site/discovery.sh   (BENCH_SECONDS, ROUNDS to tune)
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

for tool in wrk pgbench psql python3; do
  case $tool in
    wrk) need wrk wrk ;;
    pgbench | psql) command -v "$tool" >/dev/null || export PATH="/usr/lib/postgresql/15/bin:$PATH" ;;
    *) need "$tool" "$tool" ;;
  esac
done
binary=${CLAIMBRIDGE_BIN:-}
if [ -z "$binary" ]; then
  cargo build --release --bin claimbridge
  binary=target/release/claimbridge
fi

data_dir=$(mktemp -d /tmp/claimbridge-bench.XXXXXX)
chmod 755 "$data_dir"
work=$(mktemp -d /tmp/claimbridge-bench-work.XXXXXX)
port=$(free_port)
# wrk's connections all come from one address: the per-client limit of /rest/v1 is off here.
REST_CLIENT_CONCURRENCY=0 CLAIMBRIDGE_DATA_DIR="$data_dir" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn \
  "$binary" serve >"$work/server.log" 2>&1 &
server=$!
cleanup() {
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$data_dir" "$work"
}
trap cleanup EXIT
wait_for_server "$port" "$server" "$work/server.log"
base="http://127.0.0.1:$port"
anon=$("$binary" keys | sed -n 's/^ANON_KEY=//p')
psql_db() { psql -h "$data_dir/postgres" -U postgres -d postgres -qAt -v ON_ERROR_STOP=1 "$@"; }

# 1,000 posts in DME billing words, spread over categories, tags and authors.
psql_db <<'SQL'
insert into public.blog_posts (slug, title, description, content, category, tags, author_name,
                               published, created_at)
select 'bench-post-' || n,
       (array['Oxygen', 'CPAP', 'Wheelchair', 'Hospital bed', 'Nebulizer', 'Diabetic shoes',
              'Enteral nutrition', 'Orthotics', 'Ostomy', 'Infusion pump'])[1 + n % 10]
         || ' ' || (array['billing', 'prior authorization', 'denials', 'audits', 'modifiers',
                          'documentation', 'rental caps', 'appeals'])[1 + n % 8]
         || ' guide ' || n,
       'How suppliers handle ' || (array['CMN renewals', 'KX modifiers', 'ADMC requests',
                                        'TPE audits', 'same-or-similar checks'])[1 + n % 5]
         || ' for claim ' || n,
       repeat('<p>Medicare DME MAC jurisdictions review documentation, proof of delivery, '
              || 'face-to-face encounters and written orders before payment. </p>', 20),
       (array['Billing & Coding', 'Compliance', 'Revenue Cycle', 'Prior Authorization'])[1 + n % 4],
       array[(array['oxygen', 'cpap', 'audits', 'appeals', 'modifiers'])[1 + n % 5], 'medicare'],
       (array['Dana Whitfield', 'Maria Delgado', 'Renee Okafor'])[1 + n % 3],
       true, now() - n * interval '1 hour'
  from generate_series(1, 1000) n;
SQL

queries=(oxygen "prior authorization" cpap+denials "rental cap" wheelchair modifiers "KX modifier"
  audits nebulizer "hospital bed" orthotics ostomy appeals documentation "proof of delivery"
  "same or similar" infusion compliace "face-to-face" "DME MAC")
lua_list=$(printf '"%s",' "${queries[@]}")
cat >"$work/search-page.lua" <<LUA
local queries = { ${lua_list%,} }
local i = 0
request = function()
  i = i % #queries + 1
  return wrk.format("GET", "/search?q=" .. queries[i]:gsub(" ", "+"))
end
LUA
# search-rpc.lua: the queries in turn; search-rpc-cold.lua: each with a -word no post has, new per
# request (so no answer is kept for it).
for suffix in "" " -zq"; do
  cold=$([ -n "$suffix" ] && echo -cold || true)
  cat >"$work/search-rpc$cold.lua" <<LUA
local queries = { ${lua_list%,} }
local i = 0
local n = 0
-- Each thread its own random sequence (a table's address differs per thread).
init = function() math.randomseed(tonumber(tostring({}):match("0x(%x+)") or "1", 16)) end
wrk.method = "POST"
wrk.headers["apikey"] = "$anon"
wrk.headers["Authorization"] = "Bearer $anon"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i % #queries + 1
  n = n + 1
  local q = queries[i]
  if "$suffix" ~= "" then q = q .. "$suffix" .. n .. math.random(1, 1000000) end
  return wrk.format(nil, "/rest/v1/rpc/search_site", nil, '{"q":"' .. q .. '"}')
end
LUA
done
query_array="array[$(printf "'%s'," "${queries[@]}" | sed 's/,$//')]"
printf '\\set i random(1, %d)\nselect public.search_site((%s)[:i]);\n' "${#queries[@]}" "$query_array" \
  >"$work/search.pgbench"
printf '\\set i random(1, %d)\n\\set n random(1, 1000000000)\nselect public.search_site((%s)[:i] || %s || :n);\n' \
  "${#queries[@]}" "$query_array" "' -zq'" >"$work/search-cold.pgbench"

for query in "${queries[@]}"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base/search?q=${query// /+}")
  [ "$status" = 200 ] || { echo "/search?q=$query answered $status"; exit 1; }
done

rounds=${ROUNDS:-3}
# wrk's mean latency in microseconds.
mean_us() {
  wrk -t2 -c"$2" -d"${seconds}s" "$1" | awk '$1 == "Latency" {
      v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
      if (unit == "ms") v = v * 1000; else if (unit == "s") v = v * 1000000;
      print v }'
}
median() { sort -n | sed -n "$(( (rounds + 1) / 2 ))p"; }

echo "1. redirect lookup on a cached page (/about), ${seconds}s x ${rounds} rounds, 8 connections"
curl -sf -o /dev/null "$base/about"
without=()
for _ in $(seq 1 "$rounds"); do without+=("$(mean_us "$base/about" 8)"); done
psql_db <<'SQL'
insert into public.redirects (source_path, match_type, target, status_code)
select '/old/page-' || n, 'exact', '/services', 301 from generate_series(1, 1000) n;
insert into public.redirects (source_path, match_type, target, status_code)
select '/archive-' || n || '/', 'prefix', '/blog/', 301 from generate_series(1, 200) n;
SQL
for _ in $(seq 1 50); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/old/page-7")" = 301 ] && break
  sleep 0.1
done
with=()
for _ in $(seq 1 "$rounds"); do with+=("$(mean_us "$base/about" 8)"); done
without_us=$(printf '%s\n' "${without[@]}" | median)
with_us=$(printf '%s\n' "${with[@]}" | median)
added=$(awk -v a="$with_us" -v b="$without_us" 'BEGIN { printf "%.1f", a - b }')
verdict=0
ok=$(awk -v d="$added" 'BEGIN { print (d < 50) ? "ok" : "MISSED" }')
printf '   mean latency without rules %.1f us, with 1,200 rules %.1f us: %s us added %s\n' \
  "$without_us" "$with_us" "$added" "$ok"
[ "$ok" = ok ] || verdict=1

echo "2. /search?q= (rendered per request, ${#queries[@]} queries), 2 connections"
p99s=()
for _ in $(seq 1 "$rounds"); do
  output=$(wrk -t2 -c2 -d"${seconds}s" --latency -s "$work/search-page.lua" "$base")
  p99s+=("$(awk '$1 == "99%" { v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
      if (unit == "us") v = v / 1000; else if (unit == "s") v = v * 1000; print v }' <<<"$output") $(awk '/^Requests\/sec:/ {print $2}' <<<"$output")")
done
read -r p99 rps < <(printf '%s\n' "${p99s[@]}" | median)
ok=$(awk -v p="$p99" 'BEGIN { print (p < 30) ? "ok" : "MISSED" }')
printf '   p99 %.2f ms (median round; rounds: %s), %.0f req/s %s\n' "$p99" \
  "$(printf '%s\n' "${p99s[@]}" | cut -d' ' -f1 | tr '\n' ' ')" "$rps" "$ok"
[ "$ok" = ok ] || verdict=1

for kind in kept cold; do
  suffix=$([ "$kind" = cold ] && echo -cold || true)
  if [ "$kind" = kept ]; then
    echo "3. search RPC, kept answers, at 32 connections against pgbench (the function's statement, 32 clients)"
  else
    echo "4. search RPC, every query new, at 32 connections against pgbench doing the same"
  fi
  ratios=()
  for _ in $(seq 1 "$rounds"); do
    ours=$(wrk -t2 -c32 -d"${seconds}s" -s "$work/search-rpc$suffix.lua" "$base" | awk '/^Requests\/sec:/ {print $2}')
    floor=$(pgbench -h "$data_dir/postgres" -U postgres -n -M prepared -c 32 -j 2 -T "$seconds" \
      -f "$work/search$suffix.pgbench" postgres 2>/dev/null | awk '/^tps/ {print $3; exit}')
    ratios+=("$(awk -v a="$ours" -v b="$floor" 'BEGIN { printf "%.3f", a / b }') $ours $floor")
  done
  read -r ratio ours floor < <(printf '%s\n' "${ratios[@]}" | median)
  if [ "$kind" = kept ]; then
    ok=$(awk -v r="$ours" 'BEGIN { print (r >= 1000) ? "ok" : "MISSED" }')
    [ "$ok" = ok ] || verdict=1
  else
    ok="(no target)"
  fi
  printf '   ours %.0f req/s, pgbench %.0f tps: %.2fx (median round) %s\n' "$ours" "$floor" "$ratio" "$ok"
done
exit $verdict
