"""What every part of the scale test shares: its settings (environment knobs, generated secrets),
the log, the results table, free ports and one-shot HTTP requests."""
from __future__ import annotations

import base64
import http.client
import json
import os
import secrets
import shutil
import socket
import time
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BINARY = os.environ.get("CLAIMBRIDGE_BIN", os.path.join(ROOT, "target/debug/claimbridge"))
PG_BIN = os.environ.get("POSTGRES_BIN_DIR", "/usr/lib/postgresql/15/bin")
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
WRK = shutil.which("wrk") or "/usr/bin/wrk"

LEADS = int(os.environ.get("SCALE_LEADS", "30"))
WRK_SECONDS = int(os.environ.get("SCALE_WRK_SECONDS", "30"))
WRK_CONNECTIONS = int(os.environ.get("SCALE_WRK_CONNECTIONS", "64"))
DRAIN_SECS = os.environ.get("SCALE_DRAIN_SECS", "2")
# The target is one second; `make test` runs a debug build beside nothing else and allows
# more (SCALE_PROPAGATION_LIMIT), the release build is measured against 1 s (README).
PROPAGATION_LIMIT = float(os.environ.get("SCALE_PROPAGATION_LIMIT", "1.0"))
POLL_EVERY = 0.020
PASSCODE = "scale-test-passcode-" + secrets.token_hex(6)
JWT_SECRET = "scale-test-jwt-secret-" + secrets.token_hex(24)
WEBHOOK_SECRET = "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()
IS_ROOT = os.geteuid() == 0

T0 = time.monotonic()


def log(message: str) -> None:
    print(f"[{time.monotonic() - T0:6.1f}s] {message}", flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ---- results --------------------------------------------------------------------------------

RESULTS: list[tuple[str, bool, str]] = []


def record(name: str, ok: bool, detail: str) -> bool:
    RESULTS.append((name, ok, detail))
    log(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
    return ok


# ---- HTTP -----------------------------------------------------------------------------------

class Response:
    def __init__(self, status: int, headers: dict[str, str], body: bytes, elapsed: float):
        self.status = status
        self.headers = headers
        self.body = body
        self.elapsed = elapsed

    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.body)


def request(method: str, base: str, path: str, headers: dict | None = None, body=None,
         timeout: float = 10.0) -> Response:
    """One request on a fresh connection (no keep-alive: each poll is a new visitor)."""
    parsed = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    data = body
    headers = dict(headers or {})
    if body is not None and not isinstance(body, (bytes, str)):
        data = json.dumps(body)
        headers.setdefault("Content-Type", "application/json")
    started = time.monotonic()
    try:
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        payload = answer.read()
        return Response(answer.status, {k.lower(): v for k, v in answer.getheaders()}, payload,
                        time.monotonic() - started)
    finally:
        conn.close()


def try_http(*args, **kwargs) -> Response | None:
    try:
        return request(*args, **kwargs)
    except (OSError, http.client.HTTPException):
        return None


def tail(path: str, lines: int = 30) -> str:
    try:
        with open(path, errors="replace") as source:
            return "".join(source.readlines()[-lines:])
    except OSError:
        return ""


def wait_port(port: int, within: float) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port} after {within}s")
