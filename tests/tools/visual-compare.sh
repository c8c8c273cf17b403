#!/usr/bin/env bash
# Visual comparison of the six marketing pages (issue 38), at 375x667 and 1280x800, full page.
#   visual-compare.sh shoot <dir>               screenshots of CLAIMBRIDGE_BIN serving CLAIMBRIDGE_FRONTEND_DIR
#                                               (defaults: target/debug/claimbridge, frontend/dist)
#   visual-compare.sh compare <dirA> <dirB> [diffDir]
#                                               differing pixels per page and width (all, and those off by
#                                               more than anti-aliasing noise); exits 1 on any of the latter
#                                               and writes red-marked diff images to diffDir
# Example: CLAIMBRIDGE_BIN=/tmp/before/claimbridge CLAIMBRIDGE_FRONTEND_DIR=/tmp/before/dist \
#            tests/tools/visual-compare.sh shoot /tmp/shots/before
# One browser at a time: the shots are taken one after another in a single Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
tests/tools/ensure-chromium.sh
command=${1:-}
case "$command" in
  shoot)
    [ -n "${2:-}" ] || { echo "usage: $0 shoot <dir>"; exit 2; }
    out=$(realpath -m "$2")
    # with-server.sh starts the binary; the server reads CLAIMBRIDGE_FRONTEND_DIR itself.
    export CLAIMBRIDGE_FRONTEND_DIR=$(realpath -m "${CLAIMBRIDGE_FRONTEND_DIR:-frontend/dist}")
    tests/tools/with-server.sh node tests/tools/visual-compare.mjs shoot "$out"
    ;;
  compare)
    [ -n "${2:-}" ] && [ -n "${3:-}" ] || { echo "usage: $0 compare <dirA> <dirB> [diffDir]"; exit 2; }
    node tests/tools/visual-compare.mjs compare "$2" "$3" ${4:+"$4"}
    ;;
  *)
    echo "usage: $0 shoot <dir> | compare <dirA> <dirB> [diffDir]"
    exit 2
    ;;
esac
