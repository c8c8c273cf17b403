#!/usr/bin/env bash
# Static files and HTML per byte (issue 39): wrk (64 connections) on the main JS bundle (the
# entry chunk of dist/.vite/manifest.json) of `claimbridge serve` (release build, fresh seeded
# database) against nginx serving the same dist with gzip_static (and brotli_static), in the same
# run: gzip, brotli and plain bodies, a revalidation (304 to If-None-Match, or to
# If-Modified-Since when a server sends no ETag), and the home page's HTML in each encoding
# against nginx serving our bytes of it. Both servers send the same body bytes in every row
# (checked), so the ratio of requests per second is the ratio of body bytes per second; wire
# bytes (wrk's Transfer/sec, headers included: ours carry the security headers) are shown too.
# Prints the median round of each row with each server's CPU microseconds per request, user and
# system apart (from /proc/PID/stat over the round; nginx's workers summed), the server's
# resident set (idle, and at most while the rows run; all of it and its anonymous part), and
# whether the targets are met.
# Targets: main bundle >= 0.7x nginx's bytes/s (gzip), HTML >= 1.0x per byte, RSS <= 40 MB.
#   tests/bench/site/assets.sh     (ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS)
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh
connections=${BENCH_CONNECTIONS:-64}

need wrk wrk
need nginx nginx
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
# Debian's brotli_static module, for the br rows (skipped if it cannot be installed).
brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
[ -e "$brotli_module" ] || apt-get install -y -q libnginx-mod-http-brotli-static >/dev/null 2>&1 || true

if [ ! -f frontend/dist/.vite/manifest.json ]; then
  [ -d frontend/node_modules ] || (cd frontend && npm ci --no-audit --no-fund)
  (cd frontend && npm run build)
fi
if [ -z "${CLAIMBRIDGE_BIN:-}" ]; then
  cargo build --release --bin claimbridge
  export CLAIMBRIDGE_BIN=target/release/claimbridge
fi
# Inside a fresh server (tests/tools/with-server.sh sets CLAIMBRIDGE_URL).
if [ -z "${CLAIMBRIDGE_URL:-}" ]; then
  exec tests/tools/with-server.sh "$0" "$@"
fi

server_port=${CLAIMBRIDGE_URL##*:}
server_pid=$(ss -Hltnp "sport = :$server_port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
[ -n "$server_pid" ] || { echo "no process listens on $server_port"; exit 1; }

work=$(mktemp -d /tmp/claimbridge-assets-bench.XXXXXX)
chmod 755 "$work"   # nginx's workers run as another user when started as root
nginx_pid=""
sampler=""
cleanup() {
  if [ -n "$sampler" ]; then kill "$sampler" 2>/dev/null || true; fi
  if [ -n "$nginx_pid" ]; then kill -TERM "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

entry=/$(node -e 'const m = require("./frontend/dist/.vite/manifest.json");
  console.log(Object.values(m).find((chunk) => chunk.isEntry && chunk.src === "index.html").file)')
mkdir -p "$work/root" "$work/tmp"
cp -r frontend/dist/assets "$work/root/assets"
# The home page as we send it in each encoding, byte for byte, is what nginx serves.
curl -sf -o "$work/root/page.html" "$CLAIMBRIDGE_URL/"
curl -sf -H 'Accept-Encoding: gzip' -o "$work/root/page.html.gz" "$CLAIMBRIDGE_URL/"
curl -sf -H 'Accept-Encoding: br' -o "$work/root/page.html.br" "$CLAIMBRIDGE_URL/"
chmod -R a+rX "$work/root"

nginx_port=$(free_port)
brotli_static=""
if [ -e "$brotli_module" ]; then brotli_static="brotli_static on;"; fi
nginx_conf "$work" "$nginx_port" "    gzip_static on;
    $brotli_static
    location /assets/ { add_header Cache-Control 'public, max-age=31536000, immutable'; }
    location = / { rewrite ^ /page.html last; }
    location = /page.html { default_type text/html; add_header Cache-Control no-cache; }"
if [ -n "$brotli_static" ]; then sed -i "1i load_module $brotli_module;" "$work/nginx.conf"; fi
start_nginx "$nginx_bin" "$work" "http://127.0.0.1:$nginx_port/"
nginx_url=http://127.0.0.1:$nginx_port

# same_body PATH ENCODING: both servers send the same bytes for PATH in ENCODING.
same_body() {
  local header=()
  [ "$2" = identity ] || header=(-H "Accept-Encoding: $2")
  cmp -s <(curl -sf "${header[@]}" "$CLAIMBRIDGE_URL$1") <(curl -sf "${header[@]}" "$nginx_url$1") \
    || { echo "$1 ($2): the servers send different bytes"; cat "$work/nginx-error.log"; exit 1; }
}
encodings=(gzip identity)
[ -n "$brotli_static" ] && encodings+=(br)
for encoding in "${encodings[@]}"; do
  same_body "$entry" "$encoding"
  same_body / "$encoding"
done
# conditional URL: the request header that revalidates URL's gzip body: If-None-Match with its
# ETag, else If-Modified-Since with its Last-Modified.
conditional() {
  curl -sf -o /dev/null -D - -H 'Accept-Encoding: gzip' "$1" | awk -F': ' '
    { sub(/\r$/, "", $2) } tolower($1) == "etag" { etag = $2 } tolower($1) == "last-modified" { date = $2 }
    END { print etag != "" ? "If-None-Match: " etag : "If-Modified-Since: " date }'
}
ours_conditional=$(conditional "$CLAIMBRIDGE_URL$entry")
nginx_conditional=$(conditional "$nginx_url$entry")
for pair in "$CLAIMBRIDGE_URL$entry|$ours_conditional" "$nginx_url$entry|$nginx_conditional"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept-Encoding: gzip' -H "${pair#*|}" "${pair%|*}")
  [ "$status" = 304 ] || { echo "${pair%|*} answers $status to ${pair#*|}"; exit 1; }
done

rounds=${ROUNDS:-3}
verdict=0
# rss_kb: the server's resident set now, in kB: all of it, then its anonymous part (the heap;
# the rest is mostly the binary's own code, mapped from its file).
rss_kb() { awk '/^VmRSS:/ {rss = $2} /^RssAnon:/ {anon = $2} END {print rss, anon}' "/proc/$server_pid/status"; }
read -r idle_kb idle_anon_kb < <(rss_kb)
# The resident set under load: sampled every half second while the rows run.
(while sleep 0.5; do rss_kb || break; done) >"$work/rss" 2>/dev/null &
sampler=$!

# cpu_ticks PID...: the user and the system clock ticks the processes have used so far.
cpu_ticks() {
  local pid
  for pid in "$@"; do cat "/proc/$pid/stat"; done |
    awk '{ sub(/^.*\) /, ""); user_ticks += $12; system_ticks += $13 } END { print user_ticks + 0, system_ticks + 0 }'
}
# measure_cpu "PID..." URL [WRK OPTION...]: measure_transfer's three numbers, then the user and
# the system CPU microseconds per request that the processes PID... spent meanwhile.
measure_cpu() {
  local pids=() before after result
  read -r -a pids <<<"$1"
  shift
  before=$(cpu_ticks "${pids[@]}")
  result=$(measure_transfer "$@")
  after=$(cpu_ticks "${pids[@]}")
  awk -v result="$result" -v before="$before" -v after="$after" -v seconds="$seconds" \
    -v tick="$(getconf CLK_TCK)" 'BEGIN {
      split(result, r, " "); split(before, b, " "); split(after, a, " ")
      requests = r[1] * seconds; per = 1e6 / tick / (requests > 0 ? requests : 1)
      printf "%s %.2f %.2f", result, (a[1] - b[1]) * per, (a[2] - b[2]) * per }'
}
nginx_workers=$(pgrep -P "$nginx_pid" | tr '\n' ' ')

printf '%-30s %10s %9s %8s %10s %9s %8s %7s %13s %13s\n' "${seconds}s x ${rounds} rounds, ${connections} conn." \
  "ours req/s" "ours MB/s" "ours p99" "nginx req/s" "nginx MB/s" "nginx p99" "ratio" \
  "ours us u+s" "nginx us u+s"
# row LABEL TARGET PATH [WRK OPTION...]: the median round (by ratio) of PATH on both servers,
# alternating, judged against TARGET (a minimum ratio, or - for none). nginx gets the same
# request unless nginx_options says otherwise (its own validator).
nginx_options=()
row() {
  local label=$1 target=$2 path=$3 results=() ours nginx ratio sorted median low high ok
  shift 3
  [ ${#nginx_options[@]} -gt 0 ] || nginx_options=("$@")
  for _ in $(seq 1 "$rounds"); do
    ours=$(measure_cpu "$server_pid" "$CLAIMBRIDGE_URL$path" "$@")
    nginx=$(measure_cpu "$nginx_workers" "$nginx_url$path" "${nginx_options[@]}")
    ratio=$(awk -v a="${ours%% *}" -v b="${nginx%% *}" 'BEGIN { printf "%.3f", a / b }')
    results+=("$ratio $ours $nginx")
  done
  nginx_options=()
  sorted=$(printf '%s\n' "${results[@]}" | sort -n)
  median=$(sed -n "$(( (rounds + 1) / 2 ))p" <<<"$sorted")
  low=$(head -1 <<<"$sorted" | cut -d' ' -f1)
  high=$(tail -1 <<<"$sorted" | cut -d' ' -f1)
  ok=$(awk -v r="${median%% *}" -v t="$target" 'BEGIN { print (t == "-" ? "" : (r >= t ? "ok" : "MISSED")) }')
  awk -v label="$label" -v low="$low" -v high="$high" -v ok="$ok" \
    '{ printf "%-30s %10.0f %9.1f %8.2f %10.0f %9.1f %8.2f %6.2fx %6.1f+%-6.1f %6.1f+%-6.1f (%.2f-%.2f) %s\n",
       label, $2, $4 / 1e6, $3, $7, $9 / 1e6, $8, $1, $5, $6, $10, $11, low, high, ok }' <<<"$median"
  [ "$ok" != MISSED ] || verdict=1
}
row "main bundle, gzip" 0.7 "$entry" -H 'Accept-Encoding: gzip'
[ -z "$brotli_static" ] || row "main bundle, br" - "$entry" -H 'Accept-Encoding: br'
row "main bundle, identity" - "$entry"
nginx_options=(-H 'Accept-Encoding: gzip' -H "$nginx_conditional")
row "main bundle, conditional 304" - "$entry" -H 'Accept-Encoding: gzip' -H "$ours_conditional"
row "home page HTML, identity" 1.0 /
row "home page HTML, gzip" 1.0 / -H 'Accept-Encoding: gzip'
[ -z "$brotli_static" ] || row "home page HTML, br" 1.0 / -H 'Accept-Encoding: br'

kill "$sampler" 2>/dev/null || true
sampler=""
load_kb=$(sort -n "$work/rss" | tail -1 | cut -d' ' -f1)
load_anon_kb=$(sort -n -k2 "$work/rss" | tail -1 | cut -d' ' -f2)
rss_ok=$(awk -v k="$load_kb" 'BEGIN { print (k <= 40 * 1024 ? "ok" : "MISSED") }')
awk -v idle="$idle_kb" -v load="$load_kb" -v ok="$rss_ok" -v idle_anon="$idle_anon_kb" \
  -v load_anon="$load_anon_kb" 'BEGIN {
  printf "server RSS: %.1f MB idle before the rows, %.1f MB at most under load %s\n", idle / 1024, load / 1024, ok
  printf "  anonymous (heap) part: %.1f MB idle, %.1f MB at most under load\n", idle_anon / 1024, load_anon / 1024 }'
[ "$rss_ok" = ok ] || verdict=1
echo "ratio: ours / nginx requests per second (= body bytes per second: the bodies are the same bytes)"
echo "us u+s: CPU microseconds a request, user + system (nginx: its workers)"
echo "targets: main bundle (gzip) >= 0.7x, HTML >= 1.0x in each encoding, RSS under load <= 40 MB"
exit $verdict
