#!/usr/bin/env bash
# Website benchmark (issues 8, 18 and 38): wrk on the home page and on the server-rendered data
# pages (/blog, a post, /whitepapers, /downloads, a ten-block landing page) of `claimbridge serve`
# (release build, fresh seeded database) against nginx (Debian package, installed when missing)
# serving the same bytes from disk, in the same run. Prints req/s and p99 of each, and the ratio.
# Targets: at least 0.5x nginx's requests per second, p99 under 10 ms. (A page's first render,
# before it is cached, is measured by `cargo run --release -p cb_render --example render_bench`.)
#   tests/bench/site/run.sh            (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS to tune)
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

post_path=${BENCH_POST_PATH:-/blog/oxygen-billing-36-month-rental-cap}

need wrk wrk
need nginx nginx
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

if [ -z "${CLAIMBRIDGE_BIN:-}" ]; then
  cargo build --release --bin claimbridge
  export CLAIMBRIDGE_BIN=target/release/claimbridge
fi
# Inside a fresh server (tests/tools/with-server.sh sets CLAIMBRIDGE_URL).
if [ -z "${CLAIMBRIDGE_URL:-}" ]; then
  exec tests/tools/with-server.sh "$0" "$@"
fi

work=$(mktemp -d /tmp/claimbridge-site-bench.XXXXXX)
chmod 755 "$work"   # nginx's workers run as another user when started as root
nginx_pid=""
cleanup() {
  if [ -n "$nginx_pid" ]; then kill -TERM "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# A campaign page of ten blocks (issue 38), created through /rest/v1.
node tests/bench/site/landing-page.mjs >/dev/null
paths=(/ /blog "$post_path" /whitepapers /downloads /bench-landing)
# The server's rendered HTML of each URL, byte for byte, is what nginx serves.
mkdir -p "$work/root"
locations=""
for index in "${!paths[@]}"; do
  path=${paths[$index]}
  status=$(curl -s -o "$work/root/page-$index.html" -w '%{http_code}' "$CLAIMBRIDGE_URL$path")
  [ "$status" = 200 ] || { echo "$path answered $status"; exit 1; }
  grep -q 'id="page-data"' "$work/root/page-$index.html" || { echo "$path is not server-rendered"; exit 1; }
  locations+="    location = $path { try_files /page-$index.html =404; }"$'\n'
done
chmod -R a+rX "$work/root"

nginx_port=$(free_port)
nginx_conf "$work" "$nginx_port" "    default_type text/html;
    add_header Cache-Control no-cache;
$locations"
mkdir -p "$work/tmp"
start_nginx "$nginx_bin" "$work" "http://127.0.0.1:$nginx_port/"
cmp -s "$work/root/page-0.html" <(curl -s "http://127.0.0.1:$nginx_port/") \
  || { echo "nginx does not serve the same bytes"; cat "$work/nginx-error.log"; exit 1; }

rounds=${ROUNDS:-3}
printf '%-48s %12s %10s %12s %10s %8s\n' "page (${seconds}s x ${rounds} rounds, ${connections} conn.)" \
  "ours req/s" "ours p99" "nginx req/s" "nginx p99" "ratio"
verdict=0
for path in "${paths[@]}"; do
  # Alternating rounds (the machine is shared and noisy): the median round by ratio is reported,
  # with the range of the ratios.
  results=()
  for _ in $(seq 1 "$rounds"); do
    read -r ours_rps ours_p99 < <(measure "$CLAIMBRIDGE_URL$path")
    read -r nginx_rps nginx_p99 < <(measure "http://127.0.0.1:$nginx_port$path")
    ratio=$(awk -v a="$ours_rps" -v b="$nginx_rps" 'BEGIN { printf "%.3f", a / b }')
    results+=("$ratio $ours_rps $ours_p99 $nginx_rps $nginx_p99")
  done
  sorted=$(printf '%s\n' "${results[@]}" | sort -n)
  read -r ratio ours_rps ours_p99 nginx_rps nginx_p99 < <(sed -n "$(( (rounds + 1) / 2 ))p" <<<"$sorted")
  low=$(head -1 <<<"$sorted" | cut -d' ' -f1)
  high=$(tail -1 <<<"$sorted" | cut -d' ' -f1)
  ok=$(awk -v r="$ratio" -v p="$ours_p99" 'BEGIN { print (r >= 0.5 && p < 10) ? "ok" : "MISSED" }')
  printf '%-48s %12.0f %10.2f %12.0f %10.2f %7.2fx  (%.2f-%.2f) %s\n' "$path" "$ours_rps" "$ours_p99" \
    "$nginx_rps" "$nginx_p99" "$ratio" "$low" "$high" "$ok"
  [ "$ok" = ok ] || verdict=1
done
echo "targets: >= 0.5x nginx req/s, p99 < 10 ms (median round)"
exit $verdict
