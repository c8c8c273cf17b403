"""The cluster under test: the scratch PostgreSQL, the webhook receiver, the three instances and
HAProxy in front of them."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import select
import shutil
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness.common import HAPROXY, IS_ROOT, PG_BIN, T0, WEBHOOK_SECRET, free_port, tail, try_http
from harness.processes import CLEANUPS, note_for_run_sh, spawn

# ---- PostgreSQL ---------------------------------------------------------------------------------

class Postgres:
    def __init__(self, workdir: str):
        self.dir = os.path.join(workdir, "pg")
        self.data = os.path.join(self.dir, "data")
        self.logfile = os.path.join(self.dir, "postgres.log")
        self.port = free_port()
        self.password = secrets.token_hex(16)
        self.as_postgres = {"user": "postgres", "group": "postgres"} if IS_ROOT else {}
        self.url = f"postgres://postgres:{self.password}@127.0.0.1:{self.port}/claimbridge"

    def run(self, *args) -> None:
        result = subprocess.run(args, capture_output=True, text=True, cwd="/",
                                env={"PATH": os.environ["PATH"], "LC_ALL": "C", "HOME": "/tmp"},
                                **self.as_postgres)
        if result.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {result.stdout}{result.stderr}")

    def start(self) -> None:
        os.makedirs(self.dir)
        pwfile = os.path.join(self.dir, "pw")
        with open(pwfile, "w") as out:
            out.write(self.password + "\n")
        open(self.logfile, "w").close()
        if IS_ROOT:
            for path in (self.dir, pwfile, self.logfile):
                shutil.chown(path, "postgres", "postgres")
        self.run(f"{PG_BIN}/initdb", "-D", self.data, "-U", "postgres", "--auth-local=trust",
                 "--auth-host=scram-sha-256", f"--pwfile={pwfile}", "--encoding=UTF8",
                 "--locale=C", "--no-instructions")
        with open(os.path.join(self.data, "postgresql.conf"), "a") as conf:
            conf.write(f"\nlisten_addresses = '127.0.0.1'\nport = {self.port}\n"
                       f"unix_socket_directories = '{self.dir}'\nmax_connections = 300\n"
                       "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
                       "shared_buffers = 64MB\n"
                       # Realtime's Postgres Changes: every instance streams the WAL through a
                       # temporary logical replication slot of its own.
                       "wal_level = logical\nmax_replication_slots = 20\nmax_wal_senders = 20\n")
        CLEANUPS.append(self.stop)
        note_for_run_sh(f"pgdata {self.data}")
        self.run(f"{PG_BIN}/pg_ctl", "start", "-w", "-t", "60", "-D", self.data, "-l", self.logfile)
        self.psql("create database claimbridge", database="postgres")

    def stop(self) -> None:
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self.run(f"{PG_BIN}/pg_ctl", "stop", "-m", "immediate", "-w", "-D", self.data)

    def psql(self, sql: str, database: str = "claimbridge") -> str:
        result = subprocess.run(
            ["psql", "-h", self.dir, "-p", str(self.port), "-U", "postgres", "-d", database,
             "-v", "ON_ERROR_STOP=1", "-qAtX", "-c", sql],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr.strip()}")
        return result.stdout.strip()


# ---- the webhook receiver -------------------------------------------------------------------------

class Receiver:
    """Records every delivery (webhook-id, the lead's email from the body, the signature check);
    holds each answer `hold` seconds (so deliveries are in flight when an instance is killed);
    answers 500 to the first attempt of the leads in `fail_first`. An attempt whose sender hung
    up before the answer (the killed instance) is recorded as abandoned."""

    def __init__(self):
        self.lock = threading.Lock()
        self.received: list[dict] = []
        self.attempts: dict[str, int] = {}
        self.fail_first: set[str] = set()
        self.hold = 0.0
        self.in_flight = 0
        self.key = base64.b64decode(WEBHOOK_SECRET[len("whsec_"):])
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                receiver.handle(self, body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        CLEANUPS.append(self.server.shutdown)

    def handle(self, handler, body: bytes) -> None:
        webhook_id = handler.headers.get("webhook-id", "")
        timestamp = handler.headers.get("webhook-timestamp", "")
        signature = handler.headers.get("webhook-signature", "")
        expected = "v1," + base64.b64encode(hmac.new(
            self.key, f"{webhook_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()
        try:
            email = json.loads(body).get("email", "")
        except ValueError:
            email = ""
        with self.lock:
            self.attempts[email] = self.attempts.get(email, 0) + 1
            first = self.attempts[email] == 1
            status = 500 if first and email in self.fail_first else 200
            self.in_flight += 1
            entry = {"at": time.monotonic(), "id": webhook_id, "email": email, "status": status,
                     "signed": expected in signature.split(" "), "abandoned": False,
                     "port": handler.client_address[1], "answered": False}
            self.received.append(entry)
            hold = self.hold
        try:
            if hold:
                time.sleep(hold)
            sock = handler.connection
            readable, _, _ = select.select([sock], [], [], 0)
            if readable and sock.recv(1, socket.MSG_PEEK) == b"":
                entry["abandoned"] = True
                return
            handler.send_response(status)
            handler.send_header("content-type", "application/json")
            handler.send_header("content-length", "2")
            handler.send_header("connection", "close")
            handler.end_headers()
            handler.wfile.write(b"{}")
            entry["answered"] = True
        except OSError:
            entry["abandoned"] = True
        finally:
            with self.lock:
                self.in_flight -= 1

    def waiting_ports(self) -> set[int]:
        """The client ports of the deliveries being held (not answered yet)."""
        with self.lock:
            return {e["port"] for e in self.received if not e["answered"] and not e["abandoned"]}

    def snapshot(self) -> list[dict]:
        with self.lock:
            return [dict(entry) for entry in self.received]


# ---- the instances ------------------------------------------------------------------------------

class Instance:
    def __init__(self, number: int, workdir: str, binary: str, env: dict):
        self.number = number
        self.name = f"i{number}"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = os.path.join(workdir, f"instance{number}")
        os.makedirs(self.data_dir)
        self.logfile = os.path.join(workdir, f"instance{number}.log")
        self.binary = binary
        self.env = dict(env, CLAIMBRIDGE_PORT=str(self.port), CLAIMBRIDGE_DATA_DIR=self.data_dir)
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.logfile, "a") as out:
            out.write(f"\n==== start at {time.monotonic() - T0:.1f}s ====\n")
        self.proc = spawn([self.binary, "serve"], self.logfile, env=self.env)

    def ready(self) -> bool:
        answer = try_http("GET", self.url, "/readyz", timeout=2)
        return answer is not None and answer.status == 200

    def wait_ready(self, within: float = 120.0) -> float:
        started = time.monotonic()
        while time.monotonic() - started < within:
            if self.ready():
                return time.monotonic() - started
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited ({self.proc.returncode}) before it was "
                                   f"ready; log: {self.logfile}\n{tail(self.logfile)}")
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} not ready within {within}s; log: {self.logfile}")


# ---- HAProxy ------------------------------------------------------------------------------------

class Balancer:
    def __init__(self, workdir: str, instances: list[Instance], port: int):
        self.port = port
        self.stats_port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.config = os.path.join(workdir, "haproxy.cfg")
        self.logfile = os.path.join(workdir, "haproxy.log")
        servers = "\n".join(
            f"    server {i.name} 127.0.0.1:{i.port} check" for i in instances)
        with open(self.config, "w") as out:
            out.write(f"""global
    log stdout format iso local0 info
    maxconn 4096

defaults
    mode http
    log global
    option httplog
    # Only errors and abnormal terminations are logged (the roll's failures, with their time).
    option dontlog-normal
    option log-health-checks
    option forwardfor
    option http-keep-alive
    retries 3
    option redispatch
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    # A check slower than this marks the server DOWN at once (fall 1).
    timeout check 2s

frontend site
    bind 127.0.0.1:{self.port}
    # In the log of an abnormal request: the server's error code (PostgREST's Proxy-Status).
    capture response header Proxy-Status len 60
    default_backend claimbridge

backend claimbridge
    balance {os.environ.get("SCALE_BALANCE", "roundrobin")}
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 200ms fastinter 100ms downinter 200ms fall 1 rise 2
    # Which instance answered (the tests report the spread).
    http-response set-header x-scale-backend %s
{servers}

frontend stats
    bind 127.0.0.1:{self.stats_port}
    stats enable
    stats uri /stats
""")
        check = subprocess.run([HAPROXY, "-c", "-f", self.config], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"haproxy config: {check.stdout}{check.stderr}")
        self.proc = spawn([HAPROXY, "-db", "-f", self.config], self.logfile,
                          stderr_path=self.logfile + ".stderr")

    def server_states(self) -> dict[str, str]:
        return {name: row.get("status", "") for name, row in self.server_rows().items()}

    def server_rows(self) -> dict[str, dict[str, str]]:
        answer = try_http("GET", f"http://127.0.0.1:{self.stats_port}", "/stats;csv", timeout=2)
        rows: dict[str, dict[str, str]] = {}
        if answer is None or answer.status != 200:
            return rows
        lines = answer.text().splitlines()
        header = lines[0].lstrip("# ").split(",")
        for line in lines[1:]:
            row = dict(zip(header, line.split(",")))
            if row.get("pxname") == "claimbridge" and row.get("svname") not in ("BACKEND", "FRONTEND"):
                rows[row["svname"]] = row
        return rows

    def wait_state(self, server: str, state: str, within: float = 20.0) -> float:
        started = time.monotonic()
        while time.monotonic() - started < within:
            if self.server_states().get(server, "").startswith(state):
                return time.monotonic() - started
            time.sleep(0.02)
        raise RuntimeError(f"haproxy: {server} not {state} within {within}s: {self.server_states()}")
