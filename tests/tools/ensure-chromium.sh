#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser). Install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Chromium from Debian packages..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
