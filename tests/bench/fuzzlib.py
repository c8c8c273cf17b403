"""Shared pieces of the HTTP fuzzers (tests/bench/{rest,storage,functions}/fuzz_http.py):
credentials for the three callers (anon key, admin token from simple-auth, service_role key),
forged JWTs, a connection that sends what it is given (raw paths, odd headers), the failure
report with a replay command, and the per-caller / per-status-class summary. Python stdlib only.
"""
import argparse
import base64
import hashlib
import hmac
import http.client
import json
import os
import random
import shlex
import socket
import subprocess
import sys
import time
import urllib.parse

DEMO_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
ROLES = ["anon", "admin", "service_role"]


def pick(rng, xs):
    return xs[rng.randrange(len(xs))]


# --- credentials -------------------------------------------------------------------------------

def keys_from_binary(binary):
    """ANON_KEY / SERVICE_ROLE_KEY as printed by `claimbridge keys`."""
    try:
        out = subprocess.run([binary, "keys"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    keys = {}
    for line in out.splitlines():
        name, _, value = line.partition("=")
        if name in ("ANON_KEY", "SERVICE_ROLE_KEY") and value:
            keys[name] = value.strip()
    return keys


def admin_login(base, passcode, forwarded_for=None):
    """One simple-auth login (failures lock the address out, so this is done once per run)."""
    url = urllib.parse.urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"content-type": "application/json"}
    if forwarded_for:
        headers["x-forwarded-for"] = forwarded_for
    conn.request("POST", "/functions/v1/simple-auth",
                 body=json.dumps({"action": "login", "passcode": passcode}), headers=headers)
    response = conn.getresponse()
    text = response.read()
    conn.close()
    try:
        token = json.loads(text).get("token")
    except (ValueError, AttributeError):
        token = None
    if response.status != 200 or not token:
        raise SystemExit(f"admin login failed: {response.status} {text[:200]!r}")
    return token


def add_credential_args(parser):
    parser.add_argument("--anon-key", default=os.environ.get("ANON_KEY"),
                        help="anon key (env ANON_KEY; else `$CLAIMBRIDGE_BIN keys`)")
    parser.add_argument("--service-key", default=os.environ.get("SERVICE_ROLE_KEY"),
                        help="service_role key (env SERVICE_ROLE_KEY; else `$CLAIMBRIDGE_BIN keys`)")
    parser.add_argument("--admin-token", default=os.environ.get("ADMIN_TOKEN"),
                        help="admin token (env ADMIN_TOKEN); else one simple-auth login with "
                             "--admin-passcode")
    parser.add_argument("--admin-passcode", default=os.environ.get("E2E_ADMIN_PASSCODE"),
                        help="admin passcode (env E2E_ADMIN_PASSCODE, exported by with-server.sh)")
    parser.add_argument("--bin", default=os.environ.get("CLAIMBRIDGE_BIN"),
                        help="claimbridge binary to read the keys from (env CLAIMBRIDGE_BIN)")
    parser.add_argument("--roles", default="anon,admin,service_role",
                        help="callers to rotate among (default: all three, those available)")
    parser.add_argument("--jwt-secret", default=os.environ.get("JWT_SECRET", DEMO_JWT_SECRET),
                        help="secret for validly-signed forged JWTs (env JWT_SECRET, else the demo one)")
    parser.add_argument("--keep-going", action="store_true",
                        help="record every 5xx / dropped connection and print a deduplicated "
                             "summary at the end instead of stopping at the first")


class Run:
    """What every service fuzzer starts from: `<base url> [seconds] [seed]` plus the credential
    options, the callers found, the seeded random source and the fuzzer."""

    def __init__(self, doc, label):
        parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
        parser.add_argument("base")
        parser.add_argument("seconds", nargs="?", type=float, default=600)
        parser.add_argument("seed", nargs="?", type=int)
        add_credential_args(parser)
        self.args = parser.parse_args()
        self.base = self.args.base.rstrip("/")
        self.seed = self.args.seed if self.args.seed is not None else int(time.time())
        self.creds = credentials(self.args, self.base)
        self.roles = sorted(self.creds, key=ROLES.index)
        self.rng = random.Random(self.seed)
        self.fuzzer = Fuzzer(self.base, self.seed, self.args.keep_going, label)


def credentials(args, base):
    """{role: token} for the requested roles whose credentials can be found."""
    wanted = [r.strip() for r in args.roles.split(",") if r.strip()]
    for role in wanted:
        if role not in ROLES:
            raise SystemExit(f"unknown role {role!r}: use {', '.join(ROLES)}")
    anon, service = args.anon_key, args.service_key
    if (not anon or not service) and args.bin:
        found = keys_from_binary(args.bin)
        anon = anon or found.get("ANON_KEY")
        service = service or found.get("SERVICE_ROLE_KEY")
    creds = {}
    if "anon" in wanted and anon:
        creds["anon"] = anon
    if "service_role" in wanted and service:
        creds["service_role"] = service
    if "admin" in wanted:
        token = args.admin_token
        if not token and args.admin_passcode:
            token = admin_login(base, args.admin_passcode)
        if token:
            creds["admin"] = token
    missing = [r for r in wanted if r not in creds]
    if missing:
        print(f"note: no credentials for {', '.join(missing)}; rotating among {', '.join(creds) or 'nothing'}")
    if not creds:
        raise SystemExit("no credentials: pass --anon-key/--service-key/--admin-passcode or set CLAIMBRIDGE_BIN")
    return creds


# --- JWTs ----------------------------------------------------------------------------------------

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign_jwt(payload, secret, header=None, alg="HS256"):
    header = header or {"alg": alg, "typ": "JWT"}
    head = b64url(json.dumps(header).encode()) + "." + b64url(
        payload if isinstance(payload, bytes) else json.dumps(payload).encode())
    if alg == "none":
        return head + "."
    digest = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}.get(alg, hashlib.sha256)
    return head + "." + b64url(hmac.new(secret.encode(), head.encode(), digest).digest())


def forged_jwt(rng, secret):
    """A JWT that is wrong in one way: bad signature, odd claims (validly signed), expired,
    alg none / RS256 / unknown, garbage segments, huge."""
    now = int(time.time())
    role = pick(rng, ["anon", "authenticated", "service_role", "postgres", "supabase_admin",
                      "admin", "nope", "", "pg_read_all_data", "authenticator", "x\"y", "é", 7,
                      None, ["anon"], {"a": 1}, "a" * 300])
    claims = {"role": role, "iat": now, "exp": now + 3600}
    r = rng.random()
    if r < 0.15:
        claims["exp"] = pick(rng, [now - 10, 0, -1, "tomorrow", 1e30, 2**63, None, now - 10**9])
    if rng.random() < 0.4:
        claims["sub"] = pick(rng, ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "", 5,
                                   None, "a" * 5000, "'; drop table x; --", "\u0000", "../../etc"])
    if rng.random() < 0.2:
        claims["aud"] = pick(rng, ["authenticated", ["authenticated", "x"], 5, ""])
    if rng.random() < 0.1:
        claims["app_metadata"] = pick(rng, [{"role": "admin"}, "x", [1], {"admin": True}])
    if rng.random() < 0.1:
        claims["nbf"] = now + 10**6
    if rng.random() < 0.1:
        claims["admin"] = True
        claims["kind"] = pick(rng, ["admin", "claimbridge-admin"])
    if rng.random() < 0.1:
        claims["email"] = pick(rng, ["a@b.c", 5, "x" * 10000])
    r = rng.random()
    if r < 0.45:
        return sign_jwt(claims, secret)
    if r < 0.6:
        return sign_jwt(claims, "wrong-secret-wrong-secret-wrong-secret-!!")
    if r < 0.7:
        return sign_jwt(claims, secret, alg=pick(rng, ["none", "HS384", "HS512"]))
    if r < 0.78:
        head = pick(rng, [{"alg": "RS256", "kid": "x"}, {"alg": "ES256", "kid": "../../k"},
                          {"alg": "HS256", "kid": "a" * 1000}, {"alg": 5}, {}, {"alg": "HS256", "crit": ["x"]}])
        return sign_jwt(claims, secret, header=head)
    if r < 0.86:  # claims that are not a JSON object
        return sign_jwt(pick(rng, [b"[]", b"null", b"1", b"\"x\"", b"{", b"\xff\xfe", b"{\"role\":\"anon\"" * 2]), secret)
    return pick(rng, ["", "a", "a.b", "a.b.c", "a.b.c.d", "..", "e30.e30.", "Bearer",
                      "eyJhbGciOiJIUzI1NiJ9.%%%.x", "x" * 20000, "\u00e9.\u00e9.\u00e9",
                      b64url(b"{\"alg\":\"HS256\"}") + ".!!!." + "x"])


def auth_headers(rng, role, creds, secret, forge_rate=0.08):
    """apikey + Authorization for one request: mostly the caller's own credentials, sometimes
    forged, missing, in odd places. Returns (label, headers)."""
    token = creds[role]
    # The admin token is a user token: the key beside it is the anon key, as the site sends it.
    apikey = creds.get("anon", token) if role == "admin" else token
    headers = {"apikey": apikey, "authorization": f"Bearer {token}"}
    r = rng.random()
    if r < forge_rate:
        headers["authorization"] = "Bearer " + forged_jwt(rng, secret)
    elif r < forge_rate + 0.02:
        del headers["authorization"]
    elif r < forge_rate + 0.04:
        headers["authorization"] = pick(rng, ["Bearer ", "bearer " + token, "Basic " + token, token,
                                              "Bearer  " + token, "Bearer " + token + " x",
                                              "Bearer sb_publishable_x", "Bearer sb_secret_x"])
    elif r < forge_rate + 0.05:
        headers["apikey"] = pick(rng, ["", "x", forged_jwt(rng, secret), "sb_secret_x"])
    elif r < forge_rate + 0.06:
        del headers["apikey"]
    return headers


# --- transport -----------------------------------------------------------------------------------

class RawConnection(http.client.HTTPConnection):
    """HTTPConnection that sends the path as given: raw UTF-8, and invalid UTF-8 written as
    surrogate escapes ("\\udcff" is the byte 0xFF). CR, LF and spaces are still refused by the
    caller's generator, so the request line stays one line."""

    def _validate_path(self, url):
        pass

    def _encode_request(self, request):
        return request.encode("utf-8", "surrogateescape")


def clean_path(path):
    return "".join(c if c not in "\r\n \t" else urllib.parse.quote(c) for c in path)


def clean_header_value(value):
    if isinstance(value, str):
        value = value.encode("utf-8", "surrogateescape")
    return value.replace(b"\r", b" ").replace(b"\n", b" ")


class Request:
    __slots__ = ("role", "method", "path", "headers", "body", "chunked", "route")

    def __init__(self, role, method, path, headers, body=None, chunked=False, route=None):
        self.role, self.method, self.path = role, method, clean_path(path)
        self.route = route  # the route template, to deduplicate failures
        self.headers = {k: clean_header_value(v) for k, v in headers.items()}
        self.body, self.chunked = body, chunked

    def describe(self, limit=600):
        body = self.body
        if body is None:
            summary = "none"
        else:
            summary = f"{len(body)} bytes: {body[:limit]!r}" + (" ..." if len(body) > limit else "")
        headers = {k: (v[:200] + b"..." if len(v) > 200 else v).decode("latin-1") for k, v in self.headers.items()}
        claims = ""
        auth = self.headers.get("authorization", b"").decode("latin-1")
        if auth.lower().startswith("bearer ") and auth.count(".") == 2:
            try:
                payload = auth.split(".")[1]
                claims = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8", "replace")
                claims = f" (Authorization JWT claims: {claims[:300]})"
            except ValueError:
                claims = ""
        return (f"  caller {self.role}{claims}\n  {self.method} {self.path[:2000]}{' ...' if len(self.path) > 2000 else ''}\n"
                f"  headers {headers}\n  body {summary}{' (chunked)' if self.chunked else ''}")

    def curl(self, base, body_file=None):
        parts = ["curl", "-sS", "-i", "-X", self.method]
        for k, v in self.headers.items():
            text = v.decode("latin-1")
            if len(text) > 2000:
                text = text[:2000] + "..."
            parts += ["-H", f"{k}: {text}"]
        if self.body is not None:
            if len(self.body) <= 400 and all(32 <= b < 127 for b in self.body):
                parts += ["--data-binary", self.body.decode()]
            else:
                parts += ["--data-binary", f"@{body_file}" if body_file else f"@<{len(self.body)}-byte body>"]
        parts.append(base + self.path)
        return " ".join(shlex.quote(p) for p in parts)


class Fuzzer:
    """Sends requests, keeps the per-caller counts and the failures."""

    def __init__(self, base, seed, keep_going, service):
        self.base, self.seed, self.keep_going, self.service = base, seed, keep_going, service
        self.url = urllib.parse.urlparse(base)
        self.conn = None
        self.counts = {}       # role -> {"n":, "2xx":, ...}
        self.statuses = {}     # status -> n
        self.failures = {}     # signature -> [count, first request, detail]
        self.started = time.time()
        self.n = 0
        self.reused = False
        self.last_route = None
        self.stale = {}        # previous request's route -> times the next one found the connection closed

    def restart_counts(self):
        """Setup requests are not part of the counts."""
        self.n, self.counts, self.statuses, self.started = 0, {}, {}, time.time()

    def connect(self):
        if self.conn is not None:
            self.conn.close()
        self.conn = RawConnection(self.url.hostname, self.url.port, timeout=30)

    def alive(self):
        try:
            conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=10)
            conn.request("GET", "/healthz")
            ok = conn.getresponse().status < 500
            conn.close()
            return ok
        except OSError:
            return False

    def send(self, req):
        """Returns (status, headers, body), or ("dropped", error). A request that fails on a
        reused connection is retried once on a fresh one, as HTTP clients do: the server may
        close an idle or spent keep-alive connection (the previous request is noted)."""
        result = self._send(req)
        if result[0] == "dropped" and self.reused:
            self.stale[self.last_route] = self.stale.get(self.last_route, 0) + 1
            result = self._send(req)
        self.last_route = f"{req.method} {req.route or signature_path(req.path)}"
        return result

    def _send(self, req):
        self.reused = self.conn is not None and self.conn.sock is not None
        if self.conn is None:
            self.connect()
        try:
            self.conn.putrequest(req.method, req.path, skip_accept_encoding=True)
            for k, v in req.headers.items():
                self.conn.putheader(k, v)
            if req.body is not None:
                if req.chunked:
                    self.conn.putheader("transfer-encoding", "chunked")
                elif "content-length" not in req.headers:
                    self.conn.putheader("content-length", str(len(req.body)))
            self.conn.endheaders()
            try:
                if req.body is not None:
                    if req.chunked:
                        step = max(1, len(req.body) // 3)
                        for i in range(0, len(req.body), step):
                            piece = req.body[i:i + step]
                            self.conn.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                        self.conn.send(b"0\r\n\r\n")
                    else:
                        self.conn.send(req.body)
            except OSError:
                pass  # an early answer (413, 400) before the whole body: read it below
            response = self.conn.getresponse()
            data = response.read()
            if response.will_close:
                self.connect()
            return response.status, response.headers, data
        except (OSError, http.client.HTTPException) as err:
            # The server may answer early (413, 400) and close before the whole body is sent:
            # that is a send error with a response waiting. Try to read it.
            self.connect()
            return ("dropped", repr(err))

    def record(self, req, result):
        self.n += 1
        c = self.counts.setdefault(req.role, {"n": 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0,
                                              "1xx": 0, "dropped": 0})
        c["n"] += 1
        if isinstance(result, tuple) and result and result[0] == "dropped":
            c["dropped"] += 1
            self.statuses["dropped"] = self.statuses.get("dropped", 0) + 1
            alive = self.alive()
            detail = f"dropped connection: {result[1]}; server {'still answers' if alive else 'DOES NOT ANSWER'}"
            # A reset while sending a large body usually means an early answer (413): reported
            # separately from drops on small requests.
            kind = "dropped(large body)" if req.body is not None and len(req.body) > 64 * 1024 else "dropped"
            self.fail(req, kind, detail, fatal=not alive)
            return None
        status, headers, data = result
        self.statuses[status] = self.statuses.get(status, 0) + 1
        c[f"{status // 100}xx"] = c.get(f"{status // 100}xx", 0) + 1
        if status >= 500:
            self.fail(req, status, f"{status} {data[:300]!r}")
        return status, headers, data

    def fail(self, req, kind, detail, fatal=False):
        """Failures are grouped by cause: the kind (status or drop), the start of the answer and
        whether the request carried a JWT whose role is not one of anon/authenticated/service_role;
        within a group, by route. The first request of each (group, route) is printed."""
        group = (str(kind), detail[:90], jwt_role_tag(req))
        routes = self.failures.setdefault(group, {})
        route = f"{req.method} {req.route or signature_path(req.path)}"
        entry = routes.get(route)
        if entry is None:
            body_file = self.save(req)
            routes[route] = [1, req, detail, body_file]
            print(f"FAIL ({self.service}, seed {self.seed}, request #{self.n}): {detail}\n{req.describe()}\n"
                  f"  replay: {req.curl(self.base, body_file)}", flush=True)
        else:
            entry[0] += 1
        if fatal:
            print("the server no longer answers: stopping", flush=True)
            self.report()
            sys.exit(1)
        if not self.keep_going:
            self.report()
            sys.exit(1)

    def save(self, req):
        """The body of a failing request, whole, in a file the replay line points at."""
        if req.body is None or (len(req.body) <= 400 and all(32 <= b < 127 for b in req.body)):
            return None
        name = "".join(c if c.isalnum() else "-" for c in self.service).strip("-")
        directory = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"claimbridge-fuzz-{name}-{self.seed}")
        os.makedirs(directory, exist_ok=True)
        self.saved = getattr(self, "saved", 0) + 1
        path = os.path.join(directory, f"{self.saved}.body")
        with open(path, "wb") as f:
            f.write(req.body)
        return path

    def report(self):
        elapsed = max(time.time() - self.started, 1e-9)
        print(f"\n{self.service}: {self.n} requests in {elapsed:.0f}s ({self.n / elapsed:.0f} req/s), seed {self.seed}")
        print(f"  {'caller':<13}{'requests':>9}{'2xx':>8}{'3xx':>6}{'4xx':>8}{'5xx':>6}{'dropped':>9}")
        for role in ROLES:
            if role in self.counts:
                c = self.counts[role]
                print(f"  {role:<13}{c['n']:>9}{c['2xx']:>8}{c['3xx']:>6}{c['4xx']:>8}{c['5xx']:>6}{c['dropped']:>9}")
        print(f"  statuses: {dict(sorted(self.statuses.items(), key=lambda kv: str(kv[0])))}")
        if self.stale:
            top = sorted(self.stale.items(), key=lambda kv: -kv[1])[:8]
            print(f"  keep-alive connection closed by the server after (retried, not a failure): {dict(top)}")
        if self.failures:
            print(f"\n{len(self.failures)} distinct failure(s), by cause (kind, answer, JWT role), then route:")
            for (kind, answer, tag), routes in sorted(self.failures.items(), key=lambda kv: -sum(e[0] for e in kv[1].values())):
                total = sum(e[0] for e in routes.values())
                print(f"\n* {kind} x{total} on {len(routes)} route(s){' [' + tag + ']' if tag else ''}: {answer}")
                for route, (count, req, detail, body_file) in sorted(routes.items(), key=lambda kv: -kv[1][0]):
                    print(f"  - {route} x{count}\n  {req.describe(200)}\n    replay: {req.curl(self.base, body_file)}")
        else:
            print("no 5xx, no dropped connection")
        sys.stdout.flush()

    def exit_code(self):
        return 1 if self.failures else 0


def signature_path(path):
    """The route shape of a path, to deduplicate failures: the first two or three segments."""
    p = path.split("?", 1)[0]
    segments = p.split("/")
    return "/".join(segments[:5]) + ("/…" if len(segments) > 5 else "")


def jwt_role_tag(req):
    """"jwt role=<x>" when the Authorization JWT's role claim is unusual (a forged token), else ""."""
    auth = req.headers.get("authorization", b"").decode("latin-1")
    if not auth.lower().startswith("bearer ") or auth.count(".") != 2:
        return ""
    try:
        payload = auth.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (ValueError, UnicodeDecodeError):
        return ""
    if not isinstance(claims, dict):
        return "jwt claims not an object"
    role = claims.get("role")
    if role in ("anon", "authenticated", "service_role"):
        return ""
    return "jwt role not anon/authenticated/service_role"
