#!/usr/bin/env python3
"""Fuzzes /functions/v1 and /auth/v1 with random, mostly-grammatical requests: simple-auth
(login / validate with odd bodies, real, mutated and forged tokens), antispam-check, lead-relay
(the website's lead payload with wrong types, huge and missing fields), captcha-challenge /
altcha-challenge (and ALTCHA solutions: real ones solved here, replayed, mutated), unknown
function names and sub-paths, every method; hostile bodies (deep JSON, huge strings, bodies over
the size limit, invalid UTF-8, wrong content types, chunked); and the /auth/v1 routes (settings,
token with every grant_type, logout with scopes, user, signup, jwks, unknown ones) with bad,
forged and expired JWTs. One run rotates among the callers: the anon key, an admin token and
the service_role key.

    python3 tests/bench/functions/fuzz_http.py <base url> [seconds, default 600] [seed] \\
        [--anon-key K] [--service-key K] [--admin-passcode P | --admin-token T] \\
        [--bin path/to/claimbridge] [--roles anon,admin,service_role] [--keep-going]

Keys come from the options, ANON_KEY / SERVICE_ROLE_KEY or `$CLAIMBRIDGE_BIN keys`; the admin
token from ADMIN_TOKEN or one login with E2E_ADMIN_PASSCODE (with-server.sh exports it).
simple-auth locks an address out after 10 failed logins (429, expected): most requests carry a
random X-Forwarded-For, which spreads them over many addresses when the server trusts the
fuzzer as a proxy (TRUSTED_PROXIES=127.0.0.1); otherwise the lockout is simply hit.
Fails (exit 1) on any 5xx answer or a dropped connection, printing the request and the seed to
replay it; --keep-going records them all and prints a deduplicated summary at the end, after
the counts per caller and status class. Python stdlib only.
"""
import base64
import hashlib
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import fuzzlib  # noqa: E402
from fuzzlib import pick  # noqa: E402

FUNCTIONS = ["simple-auth", "antispam-check", "lead-relay", "captcha-challenge", "altcha-challenge"]
ODD_FUNCTIONS = ["", "nope", "SIMPLE-AUTH", "simple-auth/", "simple-auth/x/y", "lead-relay/..", "%2e%2e",
                 "..", "../rest/v1/blog_posts", "%2e%2e%2frest%2fv1%2fblog_posts", "simple%2Dauth", "simple-auth%00",
                 "\udcff", "é", "a" * 5000, "captcha-challenge?x=1", "lead-relay;x", "main", "hello"]
AUTH_ROUTES = ["/settings", "/token", "/logout", "/user", "/.well-known/jwks.json", "/signup", "/health",
               "/verify", "/callback", "/authorize", "/recover", "/otp", "/resend", "/reauthenticate",
               "/factors", "/admin/users", "/invite", "/magiclink", "/sso", "/nope", "", "/", "/token/",
               "/user/x", "/%2e%2e/rest/v1/blog_posts", "/../rest/v1/blog_posts", "/" + "a/" * 1000]
GRANT_TYPES = ["password", "refresh_token", "pkce", "id_token", "x", "", "password&grant_type=pkce",
               "refresh_token%00", "\u00e9"]


def deep(depth, kind="["):
    return (kind * depth + ("]" if kind == "[" else "") * depth) if kind == "[" else "{\"a\":" * depth + "1" + "}" * depth


def odd_value(rng):
    return pick(rng, [None, True, 0, -1, 1.5, 1e308, 2**64, "", " ", "x", "é", "\u0000", "a" * 2000,
                      "a" * 70000, [], ["x"], {}, {"a": {"b": 1}}, "NaN", "null", "<script>", "'; --",
                      "\u202e", "\U0001F600"])


def b64(data):
    return base64.b64encode(data if isinstance(data, bytes) else data.encode()).decode()


class Functions:
    def __init__(self, rng, creds, secret):
        self.rng, self.creds, self.secret = rng, creds, secret
        self.captcha = []       # solved ALTCHA payloads (single use)
        self.challenges = []    # raw challenges
        self.admin_token = creds.get("admin")

    def forwarded(self, headers):
        rng = self.rng
        r = rng.random()
        if r < 0.85:
            headers["x-forwarded-for"] = f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        elif r < 0.92:
            headers["x-forwarded-for"] = pick(rng, ["x", "", "::1", "1.2.3.4, 5.6.7.8", "999.1.1.1", "a" * 3000,
                                                    "1.2.3.4,,", "[::1]:80", "unknown", "10.0.0.1, x"])
        elif r < 0.95:
            headers["x-real-ip"] = pick(rng, ["1.2.3.4", "x"])
        elif r < 0.97:
            headers["forwarded"] = pick(rng, ["for=1.2.3.4", "for=\"[::1]\"", "x"])

    def captcha_token(self):
        rng = self.rng
        r = rng.random()
        if self.captcha and r < 0.3:
            return self.captcha.pop() if rng.random() < 0.5 else pick(rng, self.captcha)
        if self.challenges and r < 0.5:  # a wrong solution to a real challenge
            ch = dict(pick(rng, self.challenges))
            ch["number"] = pick(rng, [0, -1, 10**20, "x", None, 1.5])
            if rng.random() < 0.3:
                ch[pick(rng, ["signature", "salt", "algorithm", "challenge"])] = odd_value(rng)
            return b64(json.dumps(ch, default=str))
        return pick(rng, ["", "x", "!!!", b64("{}"), b64("[]"), b64("null"), b64("\xff"), "a" * 20000,
                          b64(json.dumps({"algorithm": "SHA-512", "challenge": "x", "number": 1, "salt": "s", "signature": "x"})),
                          b64(json.dumps({"algorithm": "SHA-256", "challenge": "x", "number": 1, "salt": "s?expires=1", "signature": "x"})),
                          fuzzlib.forged_jwt(rng, self.secret)])

    def json_body(self, obj):
        rng = self.rng
        r = rng.random()
        if r < 0.8:
            return json.dumps(obj, ensure_ascii=rng.random() < 0.5, default=str).encode("utf-8", "surrogateescape")
        if r < 0.9:
            return pick(rng, [b"", b"{", b"null", b"[]", b"1", b"\"x\"", b"{\"a\":}", b"\xff\xfe{}", b"{\"action\":\"\xff\"}",
                              deep(5000).encode(), deep(200, "{").encode(), b"{\"a\":1,\"a\":2}", b"1e999999",
                              b"{\"action\":\"login\",\"passcode\":\"" + b"a" * 20000 + b"\"}", b"\x00" * 10,
                              b"action=login&passcode=x", b"{\"action\":\"login\"}" * 3])
        if isinstance(obj, dict) and obj:
            obj = dict(obj)
            obj[pick(rng, list(obj))] = odd_value(rng)
            return json.dumps(obj, default=str).encode("utf-8", "surrogateescape")
        return json.dumps([obj]).encode()

    def content_type(self):
        return pick(self.rng, ["application/json"] * 6 + ["application/json;charset=UTF-8", "text/plain", "",
                                                          "application/x-www-form-urlencoded", "multipart/form-data",
                                                          "application/octet-stream", "x", "application/json; charset=latin1"])

    # --- operations: (method, path, body, route); they may add headers ------------------------
    def simple_auth(self, headers):
        rng = self.rng
        self.forwarded(headers)
        action = pick(rng, ["login", "validate", "validate", "validate", "x", "", None, 5, "LOGIN"])
        doc = {"action": action}
        if action == "login" or rng.random() < 0.2:
            doc["passcode"] = pick(rng, ["wrong", "", "a" * 1024, "a" * 1025, 5, None, ["x"], "\u0000", "é" * 600,
                                         "e2e-admin-passcode-2026 ", "E2E-ADMIN-PASSCODE-2026"])
        if action == "validate" or rng.random() < 0.2:
            t = self.admin_token
            r = rng.random()
            if t and r < 0.3:
                doc["token"] = t
            elif t and r < 0.5:
                i = rng.randrange(len(t))
                doc["token"] = t[:i] + pick(rng, ["A", "", "%", "."]) + t[i + 1:]
            elif r < 0.8:
                doc["token"] = fuzzlib.forged_jwt(rng, self.secret)
            else:
                doc["token"] = odd_value(rng)
        headers["content-type"] = self.content_type()
        return "POST", "/functions/v1/simple-auth", self.json_body(doc), "simple-auth"

    def antispam(self, headers):
        rng = self.rng
        self.forwarded(headers)
        doc = {"email": pick(rng, [f"u{rng.randrange(10**6)}@example.com", "a@b.c", "x", "", "@", "a@b", "a" * 300 + "@x.com",
                                   "é@ü.com", " a@b.com ", "A@B.COM", "a@b.c\u0000", 5, None, ["a@b.c"], "a@@b.c",
                                   "\"a b\"@c.d", "a@" + "b." * 200 + "c"]),
               "ip": pick(rng, ["1.2.3.4", "x", "", None, 5]),
               "recaptchaToken": self.captcha_token()}
        if rng.random() < 0.2:
            doc[pick(rng, ["captchaToken", "altcha"])] = self.captcha_token()
        if rng.random() < 0.1:
            del doc["recaptchaToken"]
        headers["content-type"] = self.content_type()
        return "POST", "/functions/v1/antispam-check", self.json_body(doc), "antispam-check"

    def lead(self, headers):
        rng = self.rng
        self.forwarded(headers)
        doc = {"companyName": pick(rng, ["Acme", "", "a" * 500, "é", "<b>x</b>"]),
               "yourName": pick(rng, ["Ann", "", "a" * 500, "\u202e"]),
               "email": pick(rng, [f"lead{rng.randrange(10**6)}@example.com", "x", "", "a@b.c"]),
               "phone": pick(rng, ["+1 555 0100", "", "x" * 100, "0"]),
               "howCanWeHelp": pick(rng, ["Demo", "", "a" * 20000, "\n" * 100]),
               "howManyUsers": pick(rng, ["1-5", "6-20", "", "x", "100+"]),
               "yearsInBusiness": pick(rng, ["1-3", "10+", "", "x"]),
               "claimsPerMonth": pick(rng, ["<100", "1000+", "", "x"]),
               "currentSoftware": pick(rng, ["Excel", "", "x" * 300]),
               "aboutProducts": pick(rng, [["a", "b"], [], "x", None, ["x"] * 500]),
               "timestamp": pick(rng, ["2026-11-26T10:00:00Z", "", "x", 0, "9999-99-99", "2026-11-26T10:00:00+25:00"]),
               "source": pick(rng, ["website", "", "x" * 1000]),
               "recaptchaToken": self.captcha_token()}
        for _ in range(rng.randrange(0, 3)):
            key = pick(rng, list(doc))
            if rng.random() < 0.5:
                doc[key] = odd_value(rng)
            else:
                del doc[key]
        if rng.random() < 0.05:
            doc["extra"] = "x" * 70000  # over the 64 KiB body limit
        headers["content-type"] = self.content_type()
        return "POST", "/functions/v1/lead-relay", self.json_body(doc), "lead-relay"

    def challenge(self, headers):
        rng = self.rng
        name = pick(rng, ["captcha-challenge", "altcha-challenge"])
        method = pick(rng, ["GET", "POST", "GET"])
        body = None
        if method == "POST" and rng.random() < 0.7:
            headers["content-type"] = self.content_type()
            body = self.json_body(pick(rng, [{}, {"x": 1}, []]))
        q = pick(rng, ["", "", "?complexity=1000000000", "?x=%zz", "?maxnumber=-1"])
        return method, f"/functions/v1/{name}{q}", body, name

    def odd_function(self, headers):
        rng = self.rng
        name = pick(rng, ODD_FUNCTIONS + FUNCTIONS)
        method = pick(rng, ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO"])
        body = None
        if rng.random() < 0.5:
            body = self.hostile_body(headers)
        if method == "OPTIONS" and rng.random() < 0.5:
            headers["origin"] = "http://example.com"
            headers["access-control-request-method"] = "POST"
            headers["access-control-request-headers"] = pick(rng, ["authorization, x-client-info, apikey, content-type", "a" * 5000])
        self.forwarded(headers)
        route = name if name in FUNCTIONS else "odd:" + name[:30]
        return method, f"/functions/v1/{name}", body, route

    def hostile_body(self, headers):
        rng = self.rng
        headers["content-type"] = self.content_type()
        return pick(rng, [b"", b"{}", deep(20000).encode(), deep(500, "{").encode(), b"\xff\xfe\xfd",
                          b"{\"action\":\"" + b"\xc3\x28" * 10 + b"\"}", b"a" * 16 * 1024, b"a" * (16 * 1024 + 1),
                          b"a" * (64 * 1024 + 1), b"a" * 300000, json.dumps({"k": "v" * 100000}).encode(),
                          json.dumps([1] * 10000).encode(), b"--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n",
                          b"action=login&passcode=x", b"\x00" * 100, b"null", b"\"\\ud800\"", b"{\"a\":\"\\u0000\"}"])

    def auth(self, headers):
        rng = self.rng
        route = pick(rng, AUTH_ROUTES)
        method = pick(rng, ["GET", "POST", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"])
        if route == "/token":
            method = "POST" if rng.random() < 0.8 else method
        elif route in ("/settings", "/health", "/.well-known/jwks.json", "/user"):
            method = "GET" if rng.random() < 0.7 else method
        elif route == "/logout":
            method = "POST" if rng.random() < 0.8 else method
        params = []
        if route == "/token" and rng.random() < 0.9:
            params.append("grant_type=" + pick(rng, GRANT_TYPES))
        if route == "/logout" and rng.random() < 0.7:
            params.append("scope=" + pick(rng, ["global", "local", "others", "x", "", "GLOBAL"]))
        if rng.random() < 0.1:
            params.append(pick(rng, ["redirect_to=http://evil.example", "provider=google", "apikey=x", "%zz", "a=%00"]))
        body = None
        if method in ("POST", "PUT", "PATCH"):
            headers["content-type"] = pick(rng, ["application/json;charset=UTF-8", "application/json", "text/plain",
                                                 "application/x-www-form-urlencoded", ""])
            doc = pick(rng, [{"email": "a@b.c", "password": "x", "gotrue_meta_security": {}},
                             {"refresh_token": pick(rng, ["x", "", "a" * 10000, None, 5])},
                             {"auth_code": "x", "code_verifier": "y"}, {"phone": "+1", "password": 5},
                             {"data": {}, "gotrue_meta_security": {}}, {"email": None}, {},
                             {"email": "a@b.c", "password": "a" * 100000}, {"id_token": fuzzlib.forged_jwt(rng, self.secret), "provider": "google"}])
            body = self.json_body(doc)
        if rng.random() < 0.8:
            headers["x-supabase-api-version"] = pick(rng, ["2024-01-01", "2024-01-01", "2020-01-01", "x", "9999-99-99", ""])
        q = ("?" + "&".join(params)) if params else ""
        return method, f"/auth/v1{route}{q}", body, "auth" + (route if len(route) < 30 else route[:30])


def solve_altcha(challenge, limit=2_000_000):
    salt, target = challenge.get("salt"), challenge.get("challenge")
    maxnumber = min(int(challenge.get("maxnumber") or challenge.get("maxNumber") or limit), limit)
    if not isinstance(salt, str) or not isinstance(target, str):
        return None
    for n in range(maxnumber + 1):
        if hashlib.sha256(f"{salt}{n}".encode()).hexdigest() == target:
            return b64(json.dumps({"algorithm": challenge.get("algorithm", "SHA-256"), "challenge": target,
                                   "number": n, "salt": salt, "signature": challenge.get("signature")}))
    return None


def setup(fuzzer, st, count=6):
    """A few real ALTCHA challenges, solved here, so some antispam-check / lead-relay requests get
    past the captcha."""
    deadline = time.time() + 30
    for _ in range(count):
        if time.time() > deadline:
            break
        req = fuzzlib.Request("anon", "GET", "/functions/v1/captcha-challenge", {})
        result = fuzzer.send(req)
        if result[0] != 200:
            print(f"setup: captcha-challenge -> {result[0]}")
            return
        try:
            challenge = json.loads(result[2])
        except ValueError:
            return
        st.challenges.append(challenge)
        solved = solve_altcha(challenge)
        if solved:
            st.captcha.append(solved)
    if count > 1:
        print(f"setup: {len(st.challenges)} challenges, {len(st.captcha)} solved", flush=True)


def main():
    run = fuzzlib.Run(__doc__, "/functions/v1 + /auth/v1")
    args, base, seed, creds, roles, rng, fuzzer = (
        run.args, run.base, run.seed, run.creds, run.roles, run.rng, run.fuzzer)
    st = Functions(rng, creds, args.jwt_secret)
    setup(fuzzer, st)
    fuzzer.restart_counts()
    ops = [st.simple_auth] * 3 + [st.antispam] * 3 + [st.lead] * 3 + [st.challenge] + [st.odd_function] * 2 + [st.auth] * 4
    print(f"fuzzing {base}/functions/v1 and /auth/v1 for {args.seconds:.0f}s, seed {seed}, callers {', '.join(roles)}",
          flush=True)
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        role = pick(rng, roles)
        headers = fuzzlib.auth_headers(rng, role, creds, args.jwt_secret)
        method, path, body, route = pick(rng, ops)(headers)
        if rng.random() < 0.02:
            headers["x-huge"] = "a" * pick(rng, [8000, 70000])
        if rng.random() < 0.05 and body is not None:
            method = pick(rng, ["GET", "PUT", "DELETE", "PATCH"])
        req = fuzzlib.Request(role, method, path, headers, body,
                              chunked=body is not None and rng.random() < 0.05, route=route)
        fuzzer.record(req, fuzzer.send(req))
        if len(st.captcha) < 3 and rng.random() < 0.01 and len(st.challenges) < 200:
            setup(fuzzer, st, count=1)
    fuzzer.report()
    sys.exit(fuzzer.exit_code())


if __name__ == "__main__":
    main()
