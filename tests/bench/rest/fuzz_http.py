#!/usr/bin/env python3
"""Fuzzes the /rest/v1 HTTP surface with random, mostly-grammatical requests: query strings
built from PostgREST's grammar (selects with embeds, casts and JSON paths, every operator,
nested logic trees, orders, ranges) mutated with random bytes, plus random methods, Prefer /
Accept / Range / profile headers and JSON bodies. One run rotates among the callers: the anon
key, an admin token (one simple-auth login) and the service_role key, with a few forged JWTs.

    python3 tests/bench/rest/fuzz_http.py <base url, e.g. http://127.0.0.1:54321> [anon key] \
        [seconds, default 600] [seed] [--service-key K] [--admin-passcode P | --admin-token T] \
        [--bin path/to/claimbridge] [--roles anon,admin,service_role] [--keep-going]

The anon and service_role keys also come from ANON_KEY / SERVICE_ROLE_KEY or `$CLAIMBRIDGE_BIN
keys`; the admin token from ADMIN_TOKEN or a login with E2E_ADMIN_PASSCODE (with-server.sh
exports it). Callers without credentials are left out (the old two-argument form with only the
anon key still works). Fails (exit 1) on any 5xx answer or a dropped connection, printing the
request and the seed to replay it; --keep-going records them all and prints a deduplicated
summary. Ends with the counts per caller and status class.
Run it against a server with the contract fixture loaded (tests/bench/rest/README.md).
"""
import argparse
import json
import os
import random
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import fuzzlib  # noqa: E402

TABLES = ["fx_users", "fx_messages", "fx_channels", "fx_products", "fx_best_friends",
          "fx_collections", "fx_cornercase", "fx_accounts", "fx_chat", "fx_people", "fx_chat_pair",
          "blog_posts", "page_seo_settings",
          "page_analytics", "whitepapers", "nope", "rpc/fx_add", "rpc/fx_get_status",
          "rpc/fx_users_by_status", "rpc/fx_echo", "rpc/fx_sum_all", "rpc/nope", ""]
COLUMNS = ["username", "id", "status", "data", "age_range", "catchphrase", "message",
           "channel_id", "slug", "name", "price", "email", "score", "plan", "title", "published",
           "created_at", "array_column", "column whitespace", "a", "b", "nums", "x", "*"]
EMBEDS = ["fx_messages", "fx_users", "fx_channels", "fx_categories", "fx_channel_details",
          "fx_collections", "parent_id", "third_wheel", "fx_chat", "fx_people", "fx_catalog",
          "fx_author", "fx_latest_messages", "fx_first_message", "nope"]
OPS = ["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch", "in", "is",
       "isdistinct", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj", "fts", "plfts", "phfts",
       "wfts", "fts(english)", "eq(any)", "like(all)", "noop", ""]
VALUES = ["1", "supabot", "ONLINE", "null", "true", "not_null", "(1,2)", "()", "(\"a,b\",c)",
          "{a,b}", "[1,5)", "{\"a\":1}", "*bot", "x y", "'", "\"", "\\", "%", "%00", "€",
          "9223372036854775808", "-1", "1e400", "", "$$", "$1", "); drop table x; --",
          "a'b", "\x00", "2026-01-01", "NaN"]
PREFERS = ["return=representation", "return=minimal", "return=headers-only", "count=exact",
           "count=planned", "count=estimated", "resolution=merge-duplicates",
           "resolution=ignore-duplicates", "missing=default", "tx=rollback", "handling=strict",
           "max-affected=1", "timezone=UTC", "timezone=Nowhere/Nope", "bogus"]
ACCEPTS = ["application/json", "*/*", "application/vnd.pgrst.object+json", "text/csv",
           "application/vnd.pgrst.array+json;nulls=stripped", "text/html", "application/geo+json",
           "application/openapi+json", "application/vnd.pgrst.plan+json", "a/b;q=x", ""]
METHODS = ["GET", "GET", "GET", "HEAD", "POST", "PATCH", "DELETE", "PUT", "OPTIONS", "TRACE"]


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


def field(rng):
    name = pick(rng, COLUMNS)
    if rng.random() < 0.2:
        name += "".join(pick(rng, ["->", "->>"]) + pick(rng, ["a", "0", "-1", "\"k\"", "foo"])
                        for _ in range(rng.randrange(1, 4)))
    return name


def select_list(rng, depth=0):
    items = []
    for _ in range(rng.randrange(1, 4)):
        r = rng.random()
        if r < 0.2 and depth < 3:
            hint = pick(rng, ["", "!inner", "!left", "!fx_best_friends_first_user_fkey", "!nope"])
            alias = pick(rng, ["", "al:"])
            spread = "..." if rng.random() < 0.1 else ""
            items.append(f"{spread}{'' if spread else alias}{pick(rng, EMBEDS)}{hint}({select_list(rng, depth + 1)})")
        elif r < 0.3:
            items.append(f"{field(rng)}::{pick(rng, ['text', 'int', 'bigint', 'json', 'x y', '$$', 'date'])}")
        elif r < 0.35:
            items.append(pick(rng, ["count()", "id.sum()", "price.avg()::int"]))
        else:
            items.append(pick(rng, ["", "a:", "x:"]) + field(rng))
    return ",".join(items)


def op_value(rng):
    neg = "not." if rng.random() < 0.2 else ""
    return f"{neg}{pick(rng, OPS)}.{pick(rng, VALUES)}"


def logic(rng, depth=0):
    terms = []
    for _ in range(rng.randrange(1, 4)):
        if depth < 3 and rng.random() < 0.3:
            terms.append(f"{pick(rng, ['', 'not.'])}{pick(rng, ['and', 'or'])}({logic(rng, depth + 1)})")
        else:
            terms.append(f"{field(rng)}.{op_value(rng)}")
    return ",".join(terms)


def query(rng):
    params = []
    if rng.random() < 0.7:
        params.append(("select", select_list(rng)))
    for _ in range(rng.randrange(0, 4)):
        prefix = pick(rng, ["", "", "fx_messages.", "nope."])
        params.append((prefix + field(rng), op_value(rng)))
    if rng.random() < 0.3:
        params.append((pick(rng, ["or", "and", "not.or", "fx_messages.or"]), f"({logic(rng)})"))
    if rng.random() < 0.3:
        dirs = [".asc", ".desc", ""]
        nulls = [".nullsfirst", ".nullslast", ""]
        params.append((pick(rng, ["order", "fx_messages.order"]),
                       ",".join(field(rng) + pick(rng, dirs) + pick(rng, nulls) for _ in range(rng.randrange(1, 3)))))
    for key in ["limit", "offset", "fx_messages.limit"]:
        if rng.random() < 0.15:
            params.append((key, pick(rng, ["0", "1", "-1", "x", "99999999999999999999"])))
    if rng.random() < 0.1:
        params.append(("columns", pick(rng, ["a,b", "\"email\",\"plan\"", "(", "nope"])))
    if rng.random() < 0.1:
        params.append(("on_conflict", pick(rng, ["email", "slug", "nope", ","])))
    text = "&".join(f"{urllib.parse.quote(k, safe='')}={urllib.parse.quote(v, safe='')}" for k, v in params)
    if rng.random() < 0.15:  # raw mutations: bytes, broken escapes, separators
        chars = list(text)
        for _ in range(rng.randrange(1, 5)):
            pos = rng.randrange(len(chars) + 1)
            chars.insert(pos, pick(rng, ["%", "%zz", "&", "=", ";", "+", "%FF", "%C3", "(", ")", ",", "\"", "."]))
        text = "".join(chars)
    return text


def body(rng):
    r = rng.random()
    if r < 0.3:
        return json.dumps({pick(rng, COLUMNS): pick(rng, [1, "x", None, True, [1], {"a": 1}])})
    if r < 0.5:
        return json.dumps([{pick(rng, COLUMNS): 1} for _ in range(rng.randrange(0, 3))])
    if r < 0.6:
        return pick(rng, ["", "{", "[1,2]", "null", "\"x\"", "{\"a\":}"])
    return json.dumps({"email": f"fuzz{rng.randrange(10**9)}@example.com", "username": f"f{rng.randrange(10**9)}"})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("key", nargs="?", help="anon key (as before; also --anon-key)")
    parser.add_argument("seconds", nargs="?", type=float, default=600)
    parser.add_argument("seed", nargs="?", type=int)
    fuzzlib.add_credential_args(parser)
    args = parser.parse_args()
    if args.key:
        args.anon_key = args.key
    base = args.base.rstrip("/")
    seconds = args.seconds
    seed = args.seed if args.seed is not None else int(time.time())
    creds = fuzzlib.credentials(args, base)
    roles = sorted(creds, key=fuzzlib.ROLES.index)
    rng = random.Random(seed)
    fuzzer = fuzzlib.Fuzzer(base, seed, args.keep_going, "/rest/v1")
    deadline = time.time() + seconds
    print(f"fuzzing {base}/rest/v1 for {seconds:.0f}s, seed {seed}, callers {', '.join(roles)}", flush=True)
    while time.time() < deadline:
        role = pick(rng, roles)
        method = pick(rng, METHODS)
        table = pick(rng, TABLES)
        path = f"/rest/v1/{table}"
        q = query(rng)
        headers = fuzzlib.auth_headers(rng, role, creds, args.jwt_secret, forge_rate=0.04)
        if rng.random() < 0.3:
            headers["prefer"] = ", ".join(pick(rng, PREFERS) for _ in range(rng.randrange(1, 4)))
        if rng.random() < 0.3:
            headers["accept"] = pick(rng, ACCEPTS)
        if rng.random() < 0.1:
            headers["range"] = pick(rng, ["0-1", "5-2", "10-", "x", "0-99999999999999999999"])
        if rng.random() < 0.1:
            headers[pick(rng, ["accept-profile", "content-profile"])] = pick(rng, ["public", "private", ""])
        data = None
        if method in ("POST", "PATCH", "PUT"):
            data = body(rng).encode()
            headers["content-type"] = pick(rng, ["application/json", "application/json", "text/csv",
                                                 "application/x-www-form-urlencoded", "text/plain", "x/y"])
        target = f"{path}?{q}" if q else path
        req = fuzzlib.Request(role, method, target, headers, data, route=f"/rest/v1/{table.split('/')[0]}")
        fuzzer.record(req, fuzzer.send(req))
    fuzzer.report()
    sys.exit(fuzzer.exit_code())


if __name__ == "__main__":
    main()
