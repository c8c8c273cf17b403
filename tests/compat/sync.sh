#!/usr/bin/env bash
# Re-vendors the official supabase-js monorepo test suites that tests/compat/run.sh runs against
# ClaimBridge, unmodified, from a git copy of github.com/supabase/supabase-js at a tag:
#
#   tests/compat/sync.sh v2.109.0
#
# SUPABASE_JS_GIT: the monorepo's git directory (default: the bare mirror
# /work/.mirror/supabase+supabase-js/repo; any clone works, e.g. `git clone --bare
# https://github.com/supabase/supabase-js`). Bumping the pin means: run this with the new tag,
# set the same version for @supabase/postgrest-js and @supabase/storage-js in package.json,
# `npm install` (commits package-lock.json), run `make test-compat`, and update the
# known-failures.txt lists from its summary.
#
# What is taken (the rest is listed in each PROVENANCE.md):
#   postgrest-js: test/*.test.ts (not the *.test-d.ts type tests, not test/v12/, which targets a
#     PostgREST 12 docker image), the test/types*.ts they import, test/testSequencer.js (the order
#     upstream runs the files in), test/supabase/{config.toml,seed.sql,migrations/}.
#   storage-js: the test files that talk to a Storage server ($storage_tests below), the snapshot
#     and upload fixtures they read, test/supabase/{config.toml,seed.sql}.
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
    echo "# Provenance of tests/compat/$suite/test"
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

# ---- check: every relative import of a vendored file is vendored or mapped to the package ----
status=0
for suite in postgrest-js storage-js; do
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

echo "Vendored supabase-js $tag ($commit) into tests/compat/vendor/{postgrest-js,storage-js}/test."
pin=${tag#v}
for pkg in postgrest-js storage-js; do
  have=$(node -p "require('$here/package.json').devDependencies['@supabase/$pkg']")
  [ "$have" = "$pin" ] || echo "Now pin @supabase/$pkg to $pin in tests/compat/package.json (it is $have) and run npm install there."
done
