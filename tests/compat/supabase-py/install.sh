#!/usr/bin/env bash
# Installs supabase-py into target/compat-venv from requirements.txt (every package pinned, with
# hashes, from PyPI) unless that exact set is already there; prints the venv's python.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=$root/target/compat-venv
want=$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.installed" 2>/dev/null)" = "$want" ]; then
  echo "$venv/bin/python"
  exit 0
fi
python=${PYTHON:-python3}
command -v "$python" >/dev/null || { echo "python3 is required for the supabase-py check" >&2; exit 1; }
echo "Installing supabase-py (tests/compat/supabase-py/requirements.txt) into target/compat-venv..." >&2
rm -rf "$venv"
mkdir -p "$(dirname "$venv")"
"$python" -m venv "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes --only-binary :all: \
  -r "$here/requirements.txt" >&2
echo "$want" >"$venv/.installed"
echo "$venv/bin/python"
