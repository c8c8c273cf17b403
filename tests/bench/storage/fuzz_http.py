#!/usr/bin/env python3
"""Fuzzes the /storage/v1 HTTP surface with random, mostly-grammatical requests built from the
Storage API (buckets CRUD and empty; object upload by POST/PUT, raw, chunked and multipart, with
x-upsert / content-type / cache-control / content-encoding / x-metadata headers; downloads
(plain, authenticated, public, signed) with Range and conditional headers; info; list v1 and
v2 with cursors; move, copy, remove; signed download and upload URLs and uploads to them;
render/image/{public,authenticated,sign} with width/height/resize/quality/format), then
mutated: path traversal (`..`, `%2e%2e`, `%00`), raw and invalid UTF-8, very long names,
hostile JSON bodies (wrong types, deep nesting, huge numbers), broken multipart, bad, forged
and expired JWTs and signed-URL tokens (validly signed with odd claims too), huge headers,
every method on every route. Tokens and cursors the server hands out are kept and replayed.
One run rotates among the callers: the anon key, an admin token and the service_role key.

    python3 tests/bench/storage/fuzz_http.py <base url> [seconds, default 600] [seed] \\
        [--anon-key K] [--service-key K] [--admin-passcode P | --admin-token T] \\
        [--bin path/to/claimbridge] [--roles anon,admin,service_role] [--keep-going]

Keys come from the options, ANON_KEY / SERVICE_ROLE_KEY or `$CLAIMBRIDGE_BIN keys`; the admin
token from ADMIN_TOKEN or one login with E2E_ADMIN_PASSCODE (with-server.sh exports it).
Setup (service_role) creates the buckets fz-public, fz-private and fz-limited (1 KiB, png/text
only) with a few objects, among them a small valid PNG and a PNG whose header claims 60000x60000.
Fails (exit 1) on any 5xx answer or a dropped connection, printing the request and the seed to
replay it; --keep-going records them all and prints a deduplicated summary at the end, after
the counts per caller and status class. Python stdlib only.
"""
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import fuzzlib  # noqa: E402
from fuzzlib import pick  # noqa: E402
from fuzz_model import HUGE_CLAIM_PNG, S, SMALL_PNG, Storage  # noqa: E402
from fuzz_ops import OPERATIONS  # noqa: E402


def setup(fuzzer, creds, st):
    """Buckets and objects to aim at (service_role), plus a few signed tokens."""
    key = creds.get("service_role")
    if not key:
        print("note: no service_role key: no setup, the fixed buckets may not exist")
        return
    h = {"apikey": key, "authorization": f"Bearer {key}"}

    def call(method, path, body=None, extra=None, ctype="application/json"):
        headers = dict(h, **(extra or {}))
        if body is not None:
            headers["content-type"] = ctype
        req = fuzzlib.Request("service_role", method, S + path, headers, body)
        result = fuzzer.send(req)
        if result[0] == "dropped" or result[0] >= 500:
            print(f"setup: {method} {path} -> {result[0]} {result[2][:200] if result[0] != 'dropped' else result[1]}")
            return None
        st.learn(req, result[0], result[2])
        return result

    for doc in [{"id": "fz-public", "name": "fz-public", "public": True},
                {"id": "fz-private", "name": "fz-private", "public": False},
                {"id": "fz-limited", "name": "fz-limited", "public": True, "file_size_limit": 1024,
                 "allowed_mime_types": ["image/png", "text/*"]}]:
        call("POST", "/bucket", json.dumps(doc).encode())
    files = {"img.png": (SMALL_PNG, "image/png"), "huge-claim.png": (HUGE_CLAIM_PNG, "image/png"),
             "bad.png": (b"not a png at all" * 10, "image/png"), "dir/a.txt": (b"a", "text/plain"),
             "dir/sub/b.txt": (b"b", "text/plain"), "a b.txt": (b"ab", "text/plain"),
             "ünï cødé.txt": ("ü".encode(), "text/plain"), ".emptyFolderPlaceholder": (b"", "text/plain")}
    for bucket in ["fz-public", "fz-private", "fz-limited", "blog-images"]:
        for name, (data, ctype) in files.items():
            call("POST", f"/object/{bucket}/{urllib.parse.quote(name)}", data, {"x-upsert": "true"}, ctype)
            call("POST", f"/object/sign/{bucket}/{urllib.parse.quote(name)}", json.dumps({"expiresIn": 86400}).encode())
            call("POST", f"/object/upload/sign/{bucket}/{urllib.parse.quote('up/' + name)}", b"{}", {"x-upsert": "true"})
        call("POST", f"/object/list-v2/{bucket}", json.dumps({"limit": 1, "prefix": ""}).encode())
    print(f"setup: {len(st.sign_tokens)} download tokens, {len(st.upload_tokens)} upload tokens, "
          f"{len(st.cursors)} cursors", flush=True)
    fuzzer.restart_counts()


def main():
    run = fuzzlib.Run(__doc__, S)
    args, base, seed, creds, roles, rng, fuzzer = (
        run.args, run.base, run.seed, run.creds, run.roles, run.rng, run.fuzzer)
    st = Storage(rng, creds, args.jwt_secret, OPERATIONS)
    setup(fuzzer, creds, st)
    print(f"fuzzing {base}{S} for {args.seconds:.0f}s, seed {seed}, callers {', '.join(roles)}", flush=True)
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        role = pick(rng, roles)
        req = st.request(role)
        result = fuzzer.record(req, fuzzer.send(req))
        if result is not None:
            st.learn(req, result[0], result[2])
    fuzzer.report()
    sys.exit(fuzzer.exit_code())


if __name__ == "__main__":
    main()
