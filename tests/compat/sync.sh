#!/usr/bin/env bash
# Re-vendors the official supabase-js monorepo test suites that tests/compat/run.sh runs against
# ClaimBridge, unmodified, from a git copy of github.com/supabase/supabase-js at a tag:
#
#   tests/compat/sync.sh v2.109.0
#
# SUPABASE_JS_GIT: the monorepo's git directory (default: the bare mirror
# /work/.mirror/supabase+supabase-js/repo; any clone works, e.g. `git clone --bare
# https://github.com/supabase/supabase-js`). Bumping the pin means: run this with the new tag,
# set the same version for @supabase/postgrest-js, storage-js and auth-js in package.json,
# pin the auth-js tests' own devDependencies (jsonwebtoken, @types/jsonwebtoken,
# @faker-js/faker) to the versions the tag's pnpm-lock.yaml resolves for packages/core/auth-js,
# `npm install` (commits package-lock.json), run `make test-compat`, and update the
# known-failures.txt lists from its summary.
#
# What is taken (the rest is listed in each PROVENANCE.md):
#   postgrest-js: test/*.test.ts (not the *.test-d.ts type tests, not test/v12/, which targets a
#     PostgREST 12 docker image), the test/types*.ts they import, test/testSequencer.js (the order
#     upstream runs the files in), test/supabase/{config.toml,seed.sql,migrations/}.
#   storage-js: the test files that talk to a Storage server ($storage_tests below), the snapshot
#     and upload fixtures they read, test/supabase/{config.toml,seed.sql}.
#   auth-js: the test files that talk to the auth server the Supabase CLI starts ($auth_tests
#     below: GoTrueClient.test.ts, GoTrueApi.test.ts), every file they import (followed
#     relative import by relative import: test/lib/clients.ts, test/lib/utils.ts, ...), and what
#     the CLI run needs besides: test/supabase/config.toml and test/generate-signing-keys.js
#     (run.sh runs it, as upstream's CI does, to make the gitignored signing_keys.json).
#   LICENSE: the monorepo's MIT license, into each suite directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tag=${1:?usage: tests/compat/sync.sh TAG   (e.g. v2.109.0)}
git_dir=${SUPABASE_JS_GIT:-/work/.mirror/supabase+supabase-js/repo}
git=(git --git-dir="$git_dir")
list=$(mktemp)
trap 'rm -f "$list"' EXIT

commit=$("${git[@]}" rev-parse --verify --quiet "$tag^{commit}") \
  || { echo "sync.sh: $tag is not a tag or commit of $git_dir" >&2; exit 1; }
tag_object=$("${git[@]}" rev-parse "$tag")
commit_date=$("${git[@]}" log -1 --format=%cI "$commit")

# Storage test files that make requests to a Storage server (some of their cases use mocks, they
# run too). Every other file of packages/core/storage-js/test is a unit test of the client
# against mocks only; they are listed in vendor/storage-js/PROVENANCE.md and not vendored.
storage_tests="storageApi.test.ts storageBucketApi.test.ts storageFileApi.test.ts storageFileApiNode.test.ts"

# Auth test files that make requests to the auth server of a `supabase start` (upstream's
# `nx test:auth`, jest.config.cli.js). The others are listed with why in vendor/auth-js/PROVENANCE.md.
auth_tests="GoTrueClient.test.ts GoTrueApi.test.ts"

# ls PREFIX: every file path under PREFIX at the commit.
ls_files() { "${git[@]}" ls-tree -r --name-only "$commit" -- "$1"; }

# take SRC_PREFIX DEST_DIR PATH...: copies each PATH (relative to SRC_PREFIX) byte for byte.
take() {
  local src=$1 dest=$2; shift 2
  local path
  for path in "$@"; do
    mkdir -p "$dest/$(dirname "$path")"
    "${git[@]}" cat-file blob "$commit:$src/$path" >"$dest/$path"
    echo "$src/$path" >>"$list"
  done
}

# provenance SUITE DEST NOTES: writes DEST/PROVENANCE.md.
provenance() {
  local suite=$1 dest=$2 notes=$3
  {
    echo "# Provenance of tests/compat/vendor/$suite/test"
    echo
    echo "Vendored unmodified by \`tests/compat/sync.sh $tag\` from the supabase-js monorepo"
    echo "(https://github.com/supabase/supabase-js), MIT licensed (\`LICENSE\` here is the monorepo's)."
    echo
    echo "- tag: \`$tag\` (tag object \`$tag_object\`)"
    echo "- commit: \`$commit\` ($commit_date)"
    echo "- source: \`packages/core/$suite/test/\` -> \`test/\`; \`LICENSE\` -> \`LICENSE\`"
    echo
    echo "$notes"
    echo
    echo "Files (path in the monorepo):"
    echo
    sed 's/^/- `/; s/$/`/' "$list"
  } >"$dest/PROVENANCE.md"
  rm "$list"
}

# ---- postgrest-js ---------------------------------------------------------------------------
src=packages/core/postgrest-js/test
dest=$here/vendor/postgrest-js
rm -rf "$dest/test"
mkdir -p "$dest/test"
mapfile -t files < <(ls_files "$src" | sed "s|^$src/||" | grep -E \
  '^([^/]+\.test\.ts|types[^/]*\.ts|testSequencer\.js|supabase/config\.toml|supabase/seed\.sql|supabase/migrations/[^/]+\.sql)$' \
  | grep -v '\.test-d\.ts$')
take "$src" "$dest/test" "${files[@]}"
"${git[@]}" cat-file blob "$commit:LICENSE" >"$dest/LICENSE"
skipped=$(ls_files "$src" | sed "s|^$src/||" | grep -v -x -F -f <(printf '%s\n' "${files[@]}") | sed 's/^/`/; s/$/`/' | paste -sd, - | sed 's/,/, /g')
provenance postgrest-js "$dest" "Not vendored: $skipped (type tests run by tstyche, the PostgREST 12 docker suite, the package smoke scripts, the CLI's .gitignore).

The tests import the client as \`../src/...\`; jest.config.js maps that to the \`src/\` the npm
package \`@supabase/postgrest-js\` publishes (same version as the tag, see ../../package.json)."

# ---- storage-js -----------------------------------------------------------------------------
src=packages/core/storage-js/test
dest=$here/vendor/storage-js
rm -rf "$dest/test"
mkdir -p "$dest/test"
mapfile -t files < <(ls_files "$src" | sed "s|^$src/||" | grep -E '^(fixtures/.*|supabase/config\.toml|supabase/seed\.sql)$')
for t in $storage_tests; do
  ls_files "$src/$t" | grep -q . || { echo "sync.sh: $src/$t does not exist at $tag; update storage_tests" >&2; exit 1; }
  files+=("$t")
  if ls_files "$src/__snapshots__/$t.snap" | grep -q .; then files+=("__snapshots__/$t.snap"); fi
done
take "$src" "$dest/test" "${files[@]}"
"${git[@]}" cat-file blob "$commit:LICENSE" >"$dest/LICENSE"
skipped=$(ls_files "$src" | sed "s|^$src/||" | grep -v -x -F -f <(printf '%s\n' "${files[@]}") \
  | grep -E '\.(test|spec)\.ts$' | sed 's/^/- `/; s/$/`/')
provenance storage-js "$dest" "Not vendored: every other test file of \`$src\`. They exercise the client against mocks
only (a jest.fn fetch, spied internals, or the in-memory vectors mock server of mock-server.ts,
which the *.spec.ts files use unless USE_MOCK_SERVER=false), so they say nothing about a server:
$skipped

The tests import the client as \`../src/...\`; jest.config.js maps that to the \`src/\` the npm
package \`@supabase/storage-js\` publishes (same version as the tag, see ../../package.json)."

# ---- auth-js ---------------------------------------------------------------------------------
src=packages/core/auth-js/test
dest=$here/vendor/auth-js
rm -rf "$dest/test"
mkdir -p "$dest/test"
# relative_imports FILE: the relative modules FILE (a path under $src) imports, as paths under
# $src (without the extension they resolve with); `../src/...` (the client) is left out.
relative_imports() {
  local file=$1 dir spec
  dir=$(dirname "$file")
  "${git[@]}" cat-file blob "$commit:$src/$file" \
    | grep -o -E "(from|require\()\s*'\.[^']*'" | sed -E "s/^(from|require\()\s*'//; s/'$//" \
    | while IFS= read -r spec; do
      case "$spec" in ../src | ../src/* | ../../src | ../../src/*) continue ;; esac
      realpath -m --relative-to=/x "/x/$dir/$spec"
    done
}
files=()
queue=()
for t in $auth_tests; do
  ls_files "$src/$t" | grep -q . || { echo "sync.sh: $src/$t does not exist at $tag; update auth_tests" >&2; exit 1; }
  queue+=("$t")
done
while [ ${#queue[@]} -gt 0 ]; do
  file=${queue[0]}
  queue=("${queue[@]:1}")
  printf '%s\n' "${files[@]}" | grep -q -x -F "$file" && continue
  files+=("$file")
  while IFS= read -r module; do
    found=
    for ext in "" .ts .js .json /index.ts; do
      if ls_files "$src/$module$ext" | grep -q -x -F "$src/$module$ext"; then found=$module$ext; break; fi
    done
    [ -n "$found" ] || { echo "sync.sh: $src/$file imports $module, which is not in $src at $tag" >&2; exit 1; }
    queue+=("$found")
  done < <(relative_imports "$file")
done
files+=(supabase/config.toml generate-signing-keys.js)
take "$src" "$dest/test" "${files[@]}"
"${git[@]}" cat-file blob "$commit:LICENSE" >"$dest/LICENSE"
# why FILE: the reason a file of $src is not vendored (every one must have one).
why() {
  case "$1" in
    docker-tests/*) echo "the docker suite (upstream's \`nx test:docker\`, jest.config.docker.js): GoTrue docker images (supabase/auth) on ports 9996-9999 with settings of their own (signup disabled, anonymous sign-ins disabled, asymmetric keys, phone OTP), not the CLI's server" ;;
    GoTrueClient.browser.test.ts) echo "browser tests: the client's browser code paths in jsdom (localStorage, visibilitychange, URL detection), mostly with a mocked fetch" ;;
    passkey.e2e.test.ts | lib/software-authenticator.ts) echo "passkey e2e (and its software authenticator): WebAuthn passkey ceremonies, which ClaimBridge does not offer" ;;
    *.test.ts) echo "unit tests of the client against mocks (a jest.fn fetch, spied internals, a simulated browser) or of pure helpers: they say nothing about a server" ;;
    generate-jwt.js) echo "a debugging script (prints tokens made from signing_keys.json; clients.ts makes its own)" ;;
    README.md) echo "upstream's notes on running the tests with docker" ;;
    supabase/.gitignore) echo "the CLI's .gitignore" ;;
    *) return 1 ;;
  esac
}
declare -A by_reason=()
reasons=()
while IFS= read -r path; do
  reason=$(why "$path") || { echo "sync.sh: $src/$path is new at $tag: vendor it or give why() a reason" >&2; exit 1; }
  [ -n "${by_reason[$reason]:-}" ] || reasons+=("$reason")
  by_reason[$reason]+="${by_reason[$reason]:+, }\`$path\`"
done < <(ls_files "$src" | sed "s|^$src/||" | grep -v -x -F -f <(printf '%s\n' "${files[@]}"))
skipped=
for reason in "${reasons[@]}"; do skipped+="- ${by_reason[$reason]}: $reason"$'\n'; done
provenance auth-js "$dest" "What upstream's CLI job runs (\`nx test:auth\`: \`supabase start --workdir test\`, then jest with
jest.config.cli.js, which ignores docker-tests/) minus the files that never reach the server:
$auth_tests, the files they import, test/supabase/config.toml (the CLI's settings, which
run.sh gives the server) and test/generate-signing-keys.js (run by run.sh before the server starts;
its output, test/supabase/signing_keys.json, is gitignored and never committed).

Not vendored:
$skipped
The tests import the client as \`../src/...\` and \`../../src/...\`; jest.config.js maps that to the
\`src/\` the npm package \`@supabase/auth-js\` publishes (same version as the tag, see ../../package.json)."

# ---- check: every relative import of a vendored file is vendored or mapped to the package ----
status=0
for suite in postgrest-js storage-js auth-js; do
  while IFS= read -r -d '' file; do
    dir=$(dirname "$file")
    while IFS= read -r spec; do
      case "$spec" in ../src|../src/*|../../src|../../src/*) continue ;; esac
      found=
      for ext in "" .ts .js .json /index.ts; do [ -e "$dir/$spec$ext" ] && found=1; done
      [ -n "$found" ] || { echo "sync.sh: $file imports $spec, which is not vendored" >&2; status=1; }
    done < <(grep -o -E "(from|require\()\s*'\.[^']*'" "$file" | sed -E "s/^(from|require\()\s*'//; s/'$//")
  done < <(find "$here/vendor/$suite/test" -name '*.ts' -print0)
done
[ $status -eq 0 ] || exit $status

echo "Vendored supabase-js $tag ($commit) into tests/compat/vendor/{postgrest-js,storage-js,auth-js}/test."
pin=${tag#v}
for pkg in postgrest-js storage-js auth-js; do
  have=$(node -p "require('$here/package.json').devDependencies['@supabase/$pkg']")
  [ "$have" = "$pin" ] || echo "Now pin @supabase/$pkg to $pin in tests/compat/package.json (it is $have) and run npm install there."
done
