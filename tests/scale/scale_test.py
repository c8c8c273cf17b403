#!/usr/bin/env python3
"""The multi-instance test (issue 21): three `claimbridge serve` processes on one PostgreSQL 15 and
one S3 bucket (moto), behind HAProxy, all on 127.0.0.1. Checks, through the balancer and per
instance:

  a. an admin write through instance 1 (blog post, page SEO, page content, whitepaper, a stored
     image) shows in instance 2's and 3's responses (rendered pages, sitemap, RSS, REST, Storage)
     within one second;
  b. a schema change (table + NOTIFY pgrst) is served by every instance within one second;
  c. antispam-check's per-IP window and the login lockout count across instances;
  d. every lead is delivered exactly once (one webhook-id per lead) with three instances polling
     the outbox, the receiver failing first attempts and one instance killed with -9 mid-delivery;
  e. a rolling restart (SIGTERM, one instance at a time) under wrk through the balancer;
  f. Realtime: a socket on i2 gets a row inserted through i1's REST (Postgres Changes) and
     broadcasts sent on a socket on i3 and through i3's HTTP API;
  g. Realtime presence across instances; i1 killed with -9: its member leaves within 30 s;
  h. Realtime: a rolling restart under 9 reconnecting Postgres Changes subscribers loses none of
     the rows inserted while all three instances were up.

Python 3 standard library only (its WebSocket client is harness/realtime.py). Run it with `make test-scale` (tests/scale/run.sh). Every process
it starts is stopped on exit, whatever happens. SCALE_KEEP=1 keeps the temporary directory (logs).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

from checks.leads import LeadChecks
from checks.limits import RateLimitChecks
from checks.propagation import PropagationChecks
from checks.realtime import RealtimeChecks
from checks.restart import RollingRestartChecks
from harness.cluster import Balancer, Instance, Postgres, Receiver
from harness.common import (
    BINARY, DRAIN_SECS, JWT_SECRET, PASSCODE, RESULTS, ROOT, T0, WEBHOOK_SECRET, free_port, log,
    record, tail, wait_port,
)
from harness.processes import CLEANUPS, cleanup, on_signal, spawn


class ScaleTest(PropagationChecks, RateLimitChecks, LeadChecks, RollingRestartChecks,
                RealtimeChecks):
    def __init__(self):
        self.workdir = tempfile.mkdtemp(prefix="claimbridge-scale.")
        os.chmod(self.workdir, 0o755)  # the postgres OS user walks into it when we are root
        if os.environ.get("SCALE_KEEP") != "1":
            CLEANUPS.insert(0, lambda: shutil.rmtree(self.workdir, ignore_errors=True))
        self.binary = os.path.join(self.workdir, "claimbridge")

    # -- setup --
    def setup(self) -> None:
        log(f"work directory {self.workdir}")
        shutil.copy2(BINARY, self.binary)  # others rebuild target/debug while this runs
        env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"),
               "JWT_SECRET": JWT_SECRET}
        keys = subprocess.run([self.binary, "keys"], capture_output=True, text=True, env=env,
                              cwd=ROOT, check=True).stdout
        self.anon = re.search(r"^ANON_KEY=(\S+)$", keys, re.M).group(1)
        passcode_hash = subprocess.run([self.binary, "passcode-hash", PASSCODE],
                                       capture_output=True, text=True, check=True).stdout.strip()

        self.pg = Postgres(self.workdir)
        started = time.monotonic()
        self.pg.start()
        log(f"PostgreSQL 15 on 127.0.0.1:{self.pg.port} ({time.monotonic() - started:.1f}s)")

        s3_port = free_port()
        spawn([os.path.join(ROOT, "tests/tools/s3-server.sh"), "serve", str(s3_port)],
              os.path.join(self.workdir, "s3.log"),
              env=dict(os.environ, S3_SERVER_PARENT=str(os.getpid())))
        wait_port(s3_port, 60)
        log(f"moto S3 on 127.0.0.1:{s3_port}")

        self.receiver = Receiver()
        # The public URL (canonical links, sitemap, RSS) is the balancer's, the same on every instance.
        self.balancer_port = free_port()
        site_url = f"http://127.0.0.1:{self.balancer_port}"
        instance_env = dict(
            env,
            CLAIMBRIDGE_HOST="127.0.0.1",
            CLAIMBRIDGE_LOG=os.environ.get("SCALE_SERVER_LOG", "warn,cb_server=info"),
            CLAIMBRIDGE_LOG_FORMAT="pretty",
            CLAIMBRIDGE_FRONTEND_DIR=os.path.join(ROOT, "frontend/dist"),
            CLAIMBRIDGE_SITE_URL=site_url,
            CLAIMBRIDGE_DRAIN_SECS=DRAIN_SECS,
            DATABASE_URL=self.pg.url,
            ADMIN_PASSCODE_HASH=passcode_hash,
            STORAGE_BACKEND="s3",
            S3_ENDPOINT=f"http://127.0.0.1:{s3_port}",
            S3_REGION="us-east-1",
            S3_BUCKET="claimbridge-scale",
            S3_FORCE_PATH_STYLE="true",
            S3_ACCESS_KEY_ID="test",
            S3_SECRET_ACCESS_KEY="test",
            TRUSTED_PROXIES="127.0.0.1",
            LEAD_WEBHOOK_URLS=self.receiver.url,
            LEAD_WEBHOOK_SECRET=WEBHOOK_SECRET,
            LEAD_WEBHOOK_POLL_MS="200",
            LEAD_WEBHOOK_RETRY_BASE_MS="200",
            LEAD_WEBHOOK_RETRY_MAX_SECS="1",
            LEAD_WEBHOOK_TIMEOUT_SECS="4",
            ALTCHA_MAX_NUMBER="20000",
        )
        self.instances = [Instance(n, self.workdir, self.binary, instance_env) for n in (1, 2, 3)]
        first = self.instances[0]
        first.start()
        took = first.wait_ready()
        log(f"i1 ready on :{first.port} in {took:.1f}s (migrated and seeded the database)")
        for instance in self.instances[1:]:
            instance.start()
        for instance in self.instances[1:]:
            took = instance.wait_ready()
            log(f"{instance.name} ready on :{instance.port} in {took:.1f}s")

        self.balancer = Balancer(self.workdir, self.instances, self.balancer_port)
        for instance in self.instances:
            self.balancer.wait_state(instance.name, "UP")
        self.lb = self.balancer.url
        log(f"HAProxy on 127.0.0.1:{self.balancer.port}, all three servers UP")

    def api_headers(self, token: str | None = None, **extra) -> dict:
        headers = {"apikey": self.anon, "Authorization": f"Bearer {token or self.anon}"}
        headers.update(extra)
        return headers

    def run(self) -> int:
        try:
            self.setup()
        except Exception:
            traceback.print_exc()
            record("setup", False, "the cluster did not start (see above)")
            return self.summary()
        checks = {"a": self.check_invalidation, "b": self.check_schema_reload,
                  "c": self.check_rate_limits, "d": self.check_leads, "e": self.check_rolling_restart,
                  "f": self.check_realtime_delivery, "g": self.check_realtime_presence,
                  "h": self.check_realtime_rolling_restart}
        chosen = os.environ.get("SCALE_CHECKS", "abcdefgh")
        for letter, check in checks.items():
            if letter not in chosen:
                continue
            try:
                check()
            except Exception as err:
                traceback.print_exc()
                record(check.__name__, False, f"error: {err}")
        return self.summary()

    def summary(self) -> int:
        failed = [r for r in RESULTS if not r[1]]
        print("\n==== make test-scale: summary " + "=" * 60)
        width = max(len(name) for name, _, _ in RESULTS)
        for name, ok, detail in RESULTS:
            print(f"{'PASS' if ok else 'FAIL'}  {name.ljust(width)}  {detail}")
        print(f"==== {len(RESULTS) - len(failed)} passed, {len(failed)} failed, "
              f"{time.monotonic() - T0:.0f}s")
        if failed:
            for instance in getattr(self, "instances", []):
                print(f"--- {instance.name} log tail ({instance.logfile}) ---")
                print(tail(instance.logfile, 15))
        return 1 if failed else 0


def main() -> int:
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, on_signal)
    try:
        return ScaleTest().run()
    finally:
        cleanup()


if __name__ == "__main__":
    sys.exit(main())
