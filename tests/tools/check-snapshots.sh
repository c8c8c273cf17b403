#!/usr/bin/env bash
# Fails on stale insta snapshots after `cargo test` ran with INSTA_SNAPSHOT_REFERENCES_FILE set
# (the Makefile's test-rust does): a .snap file no test asserted against (its test was renamed or
# deleted), or a .snap.new / .pending-snap left behind. insta records every snapshot file an
# assertion reads in that file; this is what `cargo insta test --unreferenced=reject` checks,
# without installing cargo-insta.
#   tests/tools/check-snapshots.sh REFERENCES_FILE
set -euo pipefail
cd "$(dirname "$0")/../.."
references=${1:?usage: check-snapshots.sh REFERENCES_FILE}
[ -s "$references" ] || { echo "check-snapshots: $references is empty: did cargo test run with INSTA_SNAPSHOT_REFERENCES_FILE?" >&2; exit 1; }

snapshots() { git ls-files --cached --others --exclude-standard -- 'crates/*' 'tests/*' | grep -v '^tests/compat/' | grep -E "$1" || true; }

status=0
leftovers=$(snapshots '\.(snap\.new|pending-snap)$')
if [ -n "$leftovers" ]; then
  echo "check-snapshots: pending snapshots (review with cargo insta, or delete):"; echo "$leftovers" | sed 's/^/  /'
  status=1
fi
referenced=$(xargs -r -d '\n' realpath --relative-to=. <"$references" | sort -u)
unreferenced=$(comm -23 <(snapshots '\.snap$' | sort -u) <(echo "$referenced"))
if [ -n "$unreferenced" ]; then
  echo "check-snapshots: snapshots no test asserts against (delete them, or restore their test):"
  echo "$unreferenced" | sed 's/^/  /'
  status=1
fi
[ $status -ne 0 ] || echo "check-snapshots: $(echo "$referenced" | wc -l) snapshots, all referenced, none pending"
exit $status
