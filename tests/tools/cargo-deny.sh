#!/usr/bin/env bash
# cargo-deny over the crate graph (deny.toml): installs the pinned version from crates.io when
# missing, then runs the given checks (default: the offline ones, licenses bans sources).
# `advisories` needs the network to fetch the RustSec database: `make audit`.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=0.20.2
if ! cargo deny --version 2>/dev/null | grep -qx "cargo-deny $version"; then
  echo "Installing cargo-deny $version from crates.io (once; a few minutes)..."
  cargo install --locked --quiet cargo-deny --version "$version" --no-default-features
fi
[ $# -gt 0 ] || set -- licenses bans sources
# --locked: the graph is Cargo.lock's, as every other lint step sees it.
mkdir -p target && cargo metadata --locked --format-version 1 >target/deny-metadata.json
exec cargo deny --metadata-path target/deny-metadata.json check --hide-inclusion-graph "$@"
