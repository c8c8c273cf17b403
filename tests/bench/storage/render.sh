#!/usr/bin/env bash
# Image transformation benchmark (/storage/v1/render/image). Release build, fresh embedded
# PostgreSQL, filesystem backend; every number is printed beside a baseline measured in the same
# run:
#   1. cold: a 2000x1500 JPEG to an 800 px wide WebP, each request with a parameter set of its
#      own (so the variant cache misses), median of BENCH_COLD_RUNS; baseline: libwebp's own
#      `cwebp -resize 800 0` doing the same job from the same file. Target: median <= 150 ms.
#   2. cached: wrk on one stored variant against nginx (Debian package) serving the same bytes
#      from disk, alternating BENCH_ROUNDS times (the median round is printed).
#      Target: >= 0.5x nginx's requests per second.
# wrk, nginx, cjpeg (libjpeg-turbo-progs) and cwebp (webp) are installed when missing.
#   tests/bench/storage/render.sh     (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS, BENCH_ROUNDS,
#                                      BENCH_COLD_RUNS to tune)
set -euo pipefail
cd "$(dirname "$0")/../../.."
. tests/bench/lib.sh

rounds=${BENCH_ROUNDS:-3}
cold_runs=${BENCH_COLD_RUNS:-9}

need wrk wrk
need nginx nginx
need cjpeg libjpeg-turbo-progs
need cwebp webp
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

cargo build --release --bin claimbridge
binary=${CARGO_TARGET_DIR:-target}/release/claimbridge

work=$(mktemp -d "${BENCH_DIR:-/tmp}/claimbridge-render-bench.XXXXXX")
chmod 755 "$work"   # PostgreSQL's and nginx's workers run as other users when started as root
port=$(free_port)
ADMIN_PASSCODE_HASH=$("$binary" passcode-hash bench-passcode-not-secret)
export ADMIN_PASSCODE_HASH
CLAIMBRIDGE_DATA_DIR="$work/data" CLAIMBRIDGE_PORT="$port" CLAIMBRIDGE_LOG=warn \
  "$binary" serve >"$work/server.log" 2>&1 &
server=$!
nginx_pid=""
stop() {
  if [ -n "$nginx_pid" ]; then kill -TERM "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
  curl -sf -o /dev/null "$base/readyz" && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.2
done
service_key=$("$binary" keys | sed -n 's/^SERVICE_ROLE_KEY=//p')

# The source: a 2000x1500 photo-like picture (gradients, texture and noise), JPEG quality 90.
node -e '
  const [w, h] = [2000, 1500]
  const out = Buffer.alloc(w * h * 3)
  let seed = 12345
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    seed = (seed * 1103515245 + 12345) >>> 0
    const n = ((seed >>> 16) & 31) - 16, fx = x / w, fy = y / h, i = (y * w + x) * 3
    out[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(fx * 9) * Math.cos(fy * 4) + n))
    out[i + 1] = Math.max(0, Math.min(255, 128 + 90 * Math.sin(fy * 7 + fx * 3) + n))
    out[i + 2] = Math.max(0, Math.min(255, 100 + 240 * Math.hypot(fx - 0.5, fy - 0.5) + n))
  }
  process.stdout.write(Buffer.concat([Buffer.from(`P6\n${w} ${h}\n255\n`), out]))
' >"$work/photo.ppm"
cjpeg -quality 90 -outfile "$work/photo.jpg" "$work/photo.ppm"

api() { curl -sf -H "authorization: Bearer $service_key" "$@"; }
api -o /dev/null -H 'content-type: application/json' -d '{"id":"bench","name":"bench","public":true}' \
  "$base/storage/v1/bucket"
api -o /dev/null -H 'content-type: image/jpeg' -H 'cache-control: max-age=3600' \
  --data-binary "@$work/photo.jpg" "$base/storage/v1/object/bench/photo.jpg"
render="$base/storage/v1/render/image/public/bench/photo.jpg"
echo "source: $(stat -c %s "$work/photo.jpg") bytes, 2000x1500 JPEG"

now_ms() { date +%s%N | awk '{ printf "%.3f", $1 / 1000000 }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# 1. Cold renders: quality 61, 62, ... so that every request misses the variant cache.
: >"$work/cold.txt"
: >"$work/cwebp.txt"
for i in $(seq 1 "$cold_runs"); do
  quality=$((60 + i))
  read -r status type ms < <(curl -s -o "$work/out.webp" -H 'accept: image/webp' \
    -w '%{http_code} %{content_type} %{time_total}\n' "$render?width=800&quality=$quality" \
    | awk '{ printf "%s %s %.3f\n", $1, $2, $3 * 1000 }')
  [ "$status" = 200 ] && [ "$type" = image/webp ] || { echo "render answered $status $type"; cat "$work/out.webp"; exit 1; }
  echo "$ms" >>"$work/cold.txt"
  started=$(now_ms)
  cwebp -quiet -q "$quality" -resize 800 0 "$work/photo.jpg" -o "$work/cwebp.webp"
  awk -v a="$started" -v b="$(now_ms)" 'BEGIN { printf "%.3f\n", b - a }' >>"$work/cwebp.txt"
done
dims=$(node -e '
  const b = require("fs").readFileSync(process.argv[1])
  // VP8 key frame: the size is in bytes 26..29 of a simple lossy WebP.
  console.log(`${b.readUInt16LE(26) & 0x3fff}x${b.readUInt16LE(28) & 0x3fff}`)' "$work/out.webp")
cold=$(median <"$work/cold.txt")
cwebp_ms=$(median <"$work/cwebp.txt")
printf '\n%-52s %10s %10s %10s\n' "1. cold render, 2000x1500 JPEG -> 800 px WebP" "median ms" "min ms" "max ms"
printf '%-52s %10.1f %10.1f %10.1f\n' "claimbridge (HTTP, ${cold_runs} new parameter sets)" "$cold" \
  "$(sort -n "$work/cold.txt" | head -1)" "$(sort -n "$work/cold.txt" | tail -1)"
printf '%-52s %10.1f %10.1f %10.1f\n' "baseline: cwebp -resize 800 0 (libwebp CLI)" "$cwebp_ms" \
  "$(sort -n "$work/cwebp.txt" | head -1)" "$(sort -n "$work/cwebp.txt" | tail -1)"
echo "output: $dims, $(stat -c %s "$work/out.webp") bytes"
cold_ok=$(awk -v m="$cold" 'BEGIN { print (m <= 150) ? "ok" : "MISSED" }')
echo "target: median <= 150 ms: $cold_ok"

# 2. A cached variant under wrk, against nginx serving the same bytes from disk.
variant="$render?width=800&format=webp"
curl -sf -o /dev/null "$variant"
mkdir -p "$work/root" "$work/tmp"
curl -sf -D "$work/variant.headers" -o "$work/root/variant.webp" "$variant"
chmod -R a+rX "$work/root"
nginx_port=$(free_port)
nginx_conf "$work" "$nginx_port" "    location / {
      default_type image/webp;
      add_header Cache-Control max-age=3600;
      try_files /variant.webp =404;
    }"
start_nginx "$nginx_bin" "$work" "http://127.0.0.1:$nginx_port/variant"
nginx_url="http://127.0.0.1:$nginx_port/render/image/public/bench/photo.jpg"
cmp -s "$work/root/variant.webp" <(curl -s "$nginx_url") \
  || { echo "nginx does not serve the same bytes"; cat "$work/nginx-error.log"; exit 1; }

: >"$work/rounds.txt"
for round in $(seq 1 "$rounds"); do
  read -r ours_rps ours_p99 < <(measure "$variant")
  read -r nginx_rps nginx_p99 < <(measure "$nginx_url")
  ratio=$(awk -v a="$ours_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')
  echo "$ratio $ours_rps $ours_p99 $nginx_rps $nginx_p99" >>"$work/rounds.txt"
  echo "round $round: claimbridge $ours_rps req/s (p99 $ours_p99 ms), nginx $nginx_rps req/s (p99 $nginx_p99 ms), ${ratio}x"
done
read -r ratio ours_rps ours_p99 nginx_rps nginx_p99 < <(sort -n "$work/rounds.txt" | awk -v m=$(((rounds + 1) / 2)) 'NR == m')
low=$(sort -n "$work/rounds.txt" | head -1 | cut -d' ' -f1)
high=$(sort -n "$work/rounds.txt" | tail -1 | cut -d' ' -f1)
printf '\n%-52s %12s %10s\n' "2. cached variant ($(stat -c %s "$work/root/variant.webp") bytes), median of $rounds rounds" "req/s" "p99 ms"
printf '%-52s %12s %10.2f\n' "claimbridge (${seconds}s, ${connections} connections)" "$ours_rps" "$ours_p99"
printf '%-52s %12s %10.2f\n' "baseline: nginx, same bytes from disk" "$nginx_rps" "$nginx_p99"
cached_ok=$(awk -v r="$ratio" 'BEGIN { print (r >= 0.5) ? "ok" : "MISSED" }')
echo "ratio claimbridge/nginx: ${ratio}x (rounds ${low}x..${high}x); target >= 0.5x: $cached_ok"
[ "$cold_ok" = ok ] && [ "$cached_ok" = ok ]
