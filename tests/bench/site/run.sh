#!/usr/bin/env bash
# Website benchmark (issue 8): wrk on / and on a blog post page of `claimbridge serve` (release
# build, fresh seeded database) against nginx (Debian package, installed when missing) serving the
# same bytes from disk, in the same run. Prints req/s and p99 of each, and the ratio.
# Targets: at least 0.5x nginx's requests per second, p99 under 10 ms.
#   tests/bench/site/run.sh            (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS to tune)
set -euo pipefail
cd "$(dirname "$0")/../../.."

seconds=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-32}
threads=${BENCH_THREADS:-2}
post_path=${BENCH_POST_PATH:-/blog/oxygen-billing-36-month-rental-cap}

command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)"; exit 1; }
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  echo "installing nginx (Debian package)"
  apt-get install -y -q nginx >/dev/null
fi
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

# The server's rendered HTML of each URL, byte for byte, is what nginx serves.
mkdir -p "$work/root"
status=$(curl -s -o "$work/root/home.html" -w '%{http_code}' "$CLAIMBRIDGE_URL/")
[ "$status" = 200 ] || { echo "/ answered $status"; exit 1; }
status=$(curl -s -o "$work/root/post.html" -w '%{http_code}' "$CLAIMBRIDGE_URL$post_path")
[ "$status" = 200 ] || { echo "$post_path answered $status"; exit 1; }
chmod -R a+rX "$work/root"

nginx_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $work/tmp;
  proxy_temp_path $work/tmp;
  fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp;
  scgi_temp_path $work/tmp;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/root;
    default_type text/html;
    add_header Cache-Control no-cache;
    location = / { try_files /home.html =404; }
    location = $post_path { try_files /post.html =404; }
  }
}
CONF
mkdir -p "$work/tmp"
"$nginx_bin" -c "$work/nginx.conf" -e "$work/nginx-error.log" &
nginx_pid=$!
for _ in $(seq 1 50); do
  curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/" && break
  sleep 0.1
done
cmp -s "$work/root/home.html" <(curl -s "http://127.0.0.1:$nginx_port/") \
  || { echo "nginx does not serve the same bytes"; cat "$work/nginx-error.log"; exit 1; }

# "Requests/sec" and the 99th percentile (in ms) of one wrk run.
measure() {
  local output rps p99
  output=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "$1")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$output")
  p99=$(awk '$1 == "99%" {
      v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
      if (unit == "us") v = v / 1000; else if (unit == "s") v = v * 1000;
      print v }' <<<"$output")
  echo "$rps $p99"
}

printf '%-44s %12s %10s\n' "case (${seconds}s, ${connections} connections)" "req/s" "p99 ms"
verdict=0
for path in / "$post_path"; do
  read -r ours_rps ours_p99 < <(measure "$CLAIMBRIDGE_URL$path")
  read -r nginx_rps nginx_p99 < <(measure "http://127.0.0.1:$nginx_port$path")
  printf '%-44s %12s %10.2f\n' "claimbridge $path" "$ours_rps" "$ours_p99"
  printf '%-44s %12s %10.2f\n' "nginx $path" "$nginx_rps" "$nginx_p99"
  ratio=$(awk -v a="$ours_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')
  ok=$(awk -v r="$ratio" -v p="$ours_p99" 'BEGIN { print (r >= 0.5 && p < 10) ? "ok" : "MISSED" }')
  printf '%-44s %12s %10s\n' "  ratio claimbridge/nginx" "${ratio}x" "$ok"
  [ "$ok" = ok ] || verdict=1
done
echo "targets: >= 0.5x nginx req/s, p99 < 10 ms"
exit $verdict
