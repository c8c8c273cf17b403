#!/usr/bin/env bash
# The postgrest-js suite's schema creates a PostGIS table (`shops`, for its geojson test), as the
# Supabase CLI's database image has PostGIS. Installs Debian's PostGIS for the PostgreSQL 15 the
# server runs when it is missing (as tests/tools/ensure-chromium.sh does for the browser tests).
set -euo pipefail
bindir=${POSTGRES_BIN_DIR:-$(pg_config --bindir 2>/dev/null || echo /usr/lib/postgresql/15/bin)}
sharedir=$("$bindir/pg_config" --sharedir 2>/dev/null || pg_config --sharedir)
if [ -f "$sharedir/extension/postgis.control" ]; then exit 0; fi
major=$("$bindir/postgres" --version | sed -E 's/.* ([0-9]+)\..*/\1/')
echo "Installing PostGIS for PostgreSQL $major from Debian packages (tests/compat)..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "postgresql-$major-postgis-3" >/dev/null
test -f "$sharedir/extension/postgis.control"
