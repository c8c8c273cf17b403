# Shared by the shell benchmarks (source it): the tools they install, a free port, nginx serving
# bytes from disk as the baseline, and one wrk run's numbers.

# How long and how hard each wrk run is (see measure).
seconds=${BENCH_SECONDS:-10}
connections=${BENCH_CONNECTIONS:-32}
threads=${BENCH_THREADS:-2}

# need COMMAND PACKAGE: installs the Debian PACKAGE unless COMMAND is on the PATH or in /usr/sbin.
need() {
  command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ] && return 0
  echo "installing $2 (Debian package)"
  apt-get install -y -q "$2" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q "$2" >/dev/null; }
}

# A free TCP port on 127.0.0.1.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# wait_for_server PORT PID LOG: waits up to 60 s for the server started as PID to answer /readyz
# on PORT; if it exits first, prints LOG and fails the run.
wait_for_server() {
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$1/readyz" >/dev/null && return 0
    kill -0 "$2" 2>/dev/null || { cat "$3"; exit 1; }
    sleep 0.2
  done
}

# nginx_conf WORK PORT SERVER_BODY: writes WORK/nginx.conf, one server on 127.0.0.1:PORT with its
# root at WORK/root (its temporary files in WORK/tmp) and SERVER_BODY inside the server block.
nginx_conf() {
  local work=$1 port=$2 body=$3
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
    listen 127.0.0.1:$port;
    root $work/root;
$body
  }
}
CONF
}

# start_nginx NGINX_BIN WORK PROBE_URL: starts nginx on WORK/nginx.conf in the background (its pid
# in nginx_pid) and waits up to 5 s for PROBE_URL to answer.
start_nginx() {
  "$1" -c "$2/nginx.conf" -e "$2/nginx-error.log" &
  nginx_pid=$!
  for _ in $(seq 1 50); do
    curl -sf -o /dev/null "$3" && break
    sleep 0.1
  done
}

# measure URL: "Requests/sec" and the 99th percentile (in ms) of one wrk run ($threads,
# $connections, $seconds).
measure() { measure_transfer "$@" | cut -d' ' -f1,2; }

# measure_transfer URL [WRK OPTION...]: "Requests/sec", the 99th percentile (in ms) and
# "Transfer/sec" (in bytes, headers included) of one wrk run, with the extra wrk options (such as
# -H 'Accept-Encoding: gzip').
measure_transfer() {
  local output rps p99 transfer
  output=$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "${@:2}" "$1")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$output")
  p99=$(awk '$1 == "99%" {
      v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
      if (unit == "us") v = v / 1000; else if (unit == "s") v = v * 1000;
      print v }' <<<"$output")
  transfer=$(awk '/^Transfer\/sec:/ {
      v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[A-Za-z]/, "", v);
      f = (unit == "KB" ? 1024 : (unit == "MB" ? 1048576 : (unit == "GB" ? 1073741824 : 1)));
      printf "%.0f", v * f }' <<<"$output")
  echo "$rps $p99 $transfer"
}
