#!/usr/bin/env bash
# `docker compose config` must accept compose.yaml, and HAProxy its balancer's deploy/haproxy.cfg.
# Uses the Compose plugin when the machine has one, else Debian's docker-compose, and Debian's
# haproxy (installed when missing); none needs a Docker engine.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
if ! command -v haproxy >/dev/null 2>&1; then
  echo "Installing haproxy from Debian packages (to validate deploy/haproxy.cfg)..."
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends haproxy >/dev/null
fi
haproxy -c -q -f deploy/haproxy.cfg
echo "deploy/haproxy.cfg: valid"
if docker compose version >/dev/null 2>&1; then
  docker compose -f compose.yaml config -q
  exit 0
fi
if ! command -v docker-compose >/dev/null 2>&1; then
  echo "Installing docker-compose from Debian packages (to validate compose.yaml)..."
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends docker-compose >/dev/null
fi
docker-compose -f compose.yaml config -q 2>/dev/null
echo "compose.yaml: valid"
