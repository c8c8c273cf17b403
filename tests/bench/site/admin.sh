#!/usr/bin/env bash
# The admin's speed (issue 35): Lighthouse's desktop preset over every admin screen, signed in
# (time to interactive), and the post list with 1,000 posts paged by the server, against a release
# build on a fresh database: `tests/bench/site/admin.sh`. See admin.mjs for the targets.
# BUSY=1 runs it beside a CPU load, as lighthouse.sh does (it builds, installs and starts the same way).
set -euo pipefail
LIGHTHOUSE_SCRIPT=tests/bench/site/admin.mjs exec "$(dirname "$0")/lighthouse.sh" "$@"
