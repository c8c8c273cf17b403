#!/usr/bin/env bash
# The scale test's load balancer (HAProxy) and load generator (wrk) come from Debian packages.
# Install whichever is missing (as tests/tools/ensure-chromium.sh does for the browser tests).
set -euo pipefail
missing=()
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client-15)
if [ ! -x /usr/lib/postgresql/15/bin/initdb ] && ! command -v initdb >/dev/null 2>&1; then
  missing+=(postgresql-15)
fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${missing[*]} from Debian packages..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# The package starts a system-wide HAProxy on Debian; the test runs its own.
if printf '%s\n' "${missing[@]}" | grep -qx haproxy; then
  $sudo service haproxy stop >/dev/null 2>&1 || true
fi
/usr/sbin/haproxy -v | head -n 1
