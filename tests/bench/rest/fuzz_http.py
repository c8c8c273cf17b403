#!/usr/bin/env python3
"""Fuzzes the /rest/v1 HTTP surface with random, mostly-grammatical requests: query strings
built from PostgREST's grammar (selects with embeds, casts and JSON paths, every operator,
nested logic trees, orders, ranges) mutated with random bytes, plus random methods, Prefer /
Accept / Range / profile headers and JSON bodies.

    python3 tests/bench/rest/fuzz_http.py <base url, e.g. http://127.0.0.1:54321> <anon key> \
        [seconds, default 600] [seed]

Fails (exit 1) on any 5xx answer or a dropped connection, printing the request to replay it.
Run it against a server with the contract fixture loaded (tests/bench/rest/README.md).
"""
import http.client
import json
import random
import sys
import time
import urllib.parse

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
    base, key = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 600
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else int(time.time())
    rng = random.Random(seed)
    url = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    deadline = time.time() + seconds
    counts, n = {}, 0
    print(f"fuzzing {base}/rest/v1 for {seconds:.0f}s, seed {seed}")
    while time.time() < deadline:
        method = pick(rng, METHODS)
        path = f"/rest/v1/{pick(rng, TABLES)}"
        q = query(rng)
        headers = {"apikey": key, "authorization": f"Bearer {key}"}
        if rng.random() < 0.3:
            headers["prefer"] = ", ".join(pick(rng, PREFERS) for _ in range(rng.randrange(1, 4)))
        if rng.random() < 0.3:
            headers["accept"] = pick(rng, ACCEPTS)
        if rng.random() < 0.1:
            headers["range"] = pick(rng, ["0-1", "5-2", "10-", "x", "0-99999999999999999999"])
        if rng.random() < 0.1:
            headers[pick(rng, ["accept-profile", "content-profile"])] = pick(rng, ["public", "private", ""])
        if rng.random() < 0.05:
            headers["authorization"] = pick(rng, ["Bearer ", "Bearer a.b", "Bearer a.b.c", "Basic x"])
        data = None
        if method in ("POST", "PATCH", "PUT"):
            data = body(rng).encode()
            headers["content-type"] = pick(rng, ["application/json", "application/json", "text/csv",
                                                 "application/x-www-form-urlencoded", "text/plain", "x/y"])
        target = f"{path}?{q}" if q else path
        try:
            conn.request(method, target, body=data, headers=headers)
            response = conn.getresponse()
            text = response.read()
            status = response.status
        except Exception as err:  # a dropped connection: the server crashed or hung
            print(f"FAIL: {err!r} on {method} {target} {headers} {data!r}")
            sys.exit(1)
        counts[status] = counts.get(status, 0) + 1
        n += 1
        if status >= 500:
            print(f"FAIL: {status} {text[:300]!r}\n  {method} {target}\n  headers {headers}\n  body {data!r}")
            sys.exit(1)
    print(f"{n} requests, no 5xx; statuses: {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
