# ClaimBridge: `make run` builds everything and serves http://localhost:54321;
# `make test` runs every test layer (it installs what it needs, e.g. Chromium).
SHELL := /bin/bash
.DEFAULT_GOAL := run
.PHONY: run build frontend test test-rust test-frontend test-contract test-e2e lint audit chromium clean stop-test-db s3-server smtp-sink

CARGO ?= cargo
FRONTEND_INPUTS := $(shell find frontend/src frontend/public frontend/scripts -type f 2>/dev/null) \
	frontend/index.html frontend/package.json frontend/package-lock.json frontend/vite.config.ts \
	$(wildcard frontend/tsconfig*.json)

# ---- build -------------------------------------------------------------------------------
frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

# Rebuilt only when a frontend source changed.
frontend/dist/index.html: frontend/node_modules/.package-lock.json $(FRONTEND_INPUTS)
	cd frontend && npm run build
	@touch $@

frontend: frontend/dist/index.html

build: frontend
	$(CARGO) build --release --bin claimbridge

run: build
	./target/release/claimbridge serve

# ---- tests ---------------------------------------------------------------------------------
test: lint test-rust test-frontend test-contract test-compat test-scale test-e2e
	@echo "make test: every layer passed"

lint: frontend
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	# Rust compiles modules that import each other in a circle; the frontend's eslint has no-cycle.
	python3 tests/tools/module-circles.py
	# The benches' own crates are outside the workspace (tests/bench/rest/floor, the realtime load
	# generator): checked here so a change to the crates they call cannot leave them broken.
	$(CARGO) check --locked --quiet --manifest-path tests/bench/rest/floor/Cargo.toml --target-dir target
	$(CARGO) check --locked --quiet --manifest-path tests/bench/realtime/loadgen/Cargo.toml --target-dir target
	tests/tools/check-compose.sh
	tests/tools/cargo-deny.sh
	python3 supabase/seed/generate-articles.py --check
	python3 supabase/seed/generate-whitepapers.py --check

# RustSec advisories (cargo-deny; fetches the advisory database, so it needs the network).
audit:
	tests/tools/cargo-deny.sh advisories

# Snapshots: a mismatch fails (INSTA_UPDATE=no writes no .snap.new), and so does a stale one.
# No backtraces: a failing test's message then ends its output, where a log's tail keeps it.
INSTA_REFERENCES := $(CURDIR)/target/insta-references.txt
test-rust: frontend s3-server smtp-sink
	rm -f $(INSTA_REFERENCES)
	RUST_BACKTRACE=0 INSTA_UPDATE=no INSTA_SNAPSHOT_REFERENCES_FILE=$(INSTA_REFERENCES) $(CARGO) test --workspace --locked; \
		status=$$?; $(MAKE) --no-print-directory stop-test-db; exit $$status
	tests/tools/check-snapshots.sh $(INSTA_REFERENCES)

# `cargo test` builds claimbridge-under-test (the same CLI), not necessarily target/debug/claimbridge.
stop-test-db:
	@if [ -f target/test-data/postgres/PG_VERSION ]; then \
		bin=./target/debug/claimbridge-under-test; [ -x "$$bin" ] || bin=./target/debug/claimbridge; \
		CLAIMBRIDGE_DATA_DIR=target/test-data "$$bin" stop-db || true; fi

test-frontend: frontend/node_modules/.package-lock.json
	cd frontend && npm run lint && npm run typecheck && npm test

# `npm install`, not `npm ci`: npm leaves deno's other-platform optional packages out of the lock
# file, and `npm ci` then refuses it; install still uses the locked versions.
tests/contract/node_modules/.package-lock.json: tests/contract/package-lock.json
	cd tests/contract && npm install --no-audit --no-fund --no-save
	@touch $@

tests/e2e/node_modules/.package-lock.json: tests/e2e/package-lock.json
	cd tests/e2e && npm ci --no-audit --no-fund
	@touch $@

target/debug/claimbridge: FORCE
	$(CARGO) build --bin claimbridge
FORCE:

test-contract: frontend target/debug/claimbridge tests/contract/node_modules/.package-lock.json s3-server
	tests/tools/with-server.sh bash -c 'cd tests/contract && npm test'
	@echo "--- storage contract tests again, on the S3 backend ---"
	tests/tools/s3-server.sh with tests/tools/with-server.sh bash -c 'cd tests/contract && node --test --test-reporter=spec storage.test.mjs'

# The S3-compatible server the storage tests use (moto, from PyPI, into target/s3-server).
s3-server:
	@tests/tools/s3-server.sh install

# The SMTP sink the lead email tests deliver to (aiosmtpd, from PyPI, into target/smtp-sink).
smtp-sink:
	@tests/tools/smtp-sink.sh install

chromium:
	@tests/tools/ensure-chromium.sh

# The whole browser suite posts leads from one address (127.0.0.1), more than a visitor's
# per-address allowance in ten minutes; a relay over its limit answers 429, which the form's
# no-cors POST cannot see, so a later test's lead would silently be missing. The limits
# themselves are tested in the Rust suite (tests/api/security).
test-e2e: chromium frontend target/debug/claimbridge tests/e2e/node_modules/.package-lock.json
	LEAD_RELAY_IP_RATE_LIMIT=1000/10m ANTISPAM_IP_RATE_LIMIT=1000/10m \
	  tests/tools/with-server.sh bash -c 'cd tests/e2e && npm test'

clean:
	$(CARGO) clean
	rm -rf frontend/dist frontend/node_modules tests/contract/node_modules tests/e2e/node_modules

# ---- compat: the official Supabase client suites against the server (tests/compat) ----------
# postgrest-js, storage-js and auth-js (supabase-js monorepo tests, vendored at the pinned tag) and
# a supabase-py check, each on its own fresh server, two suites at a time; auth-js and
# supabase-py's auth checks deliver mail to the SMTP sink (smtp-sink). Known failures in
# tests/compat/vendor/*/known-failures.txt and tests/compat/supabase-py/known-failures.txt.
.PHONY: test-compat
tests/compat/node_modules/.package-lock.json: tests/compat/package-lock.json
	cd tests/compat && npm ci --no-audit --no-fund
	@touch $@

test-compat: target/debug/claimbridge tests/compat/node_modules/.package-lock.json smtp-sink
	tests/compat/ensure-postgis.sh
	tests/compat/run.sh

# ---- scale: three instances behind HAProxy on one PostgreSQL and S3 (tests/scale) -----------
# Cross-instance invalidation, schema reload, shared rate limits, exactly-once lead delivery with
# an instance killed, and a rolling restart under wrk. HAProxy and wrk come from Debian packages
# (installed when missing), moto from PyPI (s3-server). A debug build may take up to 2 s to show an
# edit on the other instances here; the 1 s target is measured on the release build (tests/bench/README.md).
.PHONY: test-scale
test-scale: frontend target/debug/claimbridge s3-server
	SCALE_PROPAGATION_LIMIT=$${SCALE_PROPAGATION_LIMIT:-2} tests/scale/run.sh
