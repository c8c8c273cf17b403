"""Check e: a rolling restart (SIGTERM, one instance at a time) under wrk through the balancer."""
from __future__ import annotations

import datetime
import json
import os
import re
import signal
import subprocess
import time

from harness.common import ROOT, WRK, WRK_CONNECTIONS, WRK_SECONDS, log, record, request
from harness.processes import PROCESSES, note_for_run_sh


class RollingRestartChecks:
    """Mixed into ScaleTest: uses its instances, balancer, receiver and api_headers."""

    # -- e. rolling restart under load --
    def check_rolling_restart(self) -> None:
        # Steady state first: every instance has served the mix once (its pages rendered).
        for instance in self.instances:
            for path in ("/", "/blog"):
                request("GET", instance.url, path, timeout=30)
        out = os.path.join(self.workdir, "wrk.json")
        env = dict(os.environ, SCALE_ANON_KEY=self.anon, SCALE_WRK_OUT=out)
        haproxy_log_start = os.path.getsize(self.balancer.logfile)
        stats_before = self.balancer.server_rows()
        wall_start = time.time()
        wrk = subprocess.Popen(
            [WRK, "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_SECONDS}s", "--timeout", "5s",
             "-s", os.path.join(ROOT, "tests/scale/mix.lua"), self.lb],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        PROCESSES.append(wrk)
        note_for_run_sh(f"pid {wrk.pid}")
        started = time.monotonic()
        events: list[tuple[float, str]] = []

        def event(text):
            events.append((time.monotonic() - started, text))
            log(f"   +{time.monotonic() - started:5.1f}s {text}")

        time.sleep(2)
        roll_ok = True
        roll_started = time.monotonic() - started
        for instance in self.instances:
            exited, _, _ = self.restart_instance(instance, event)
            roll_ok = roll_ok and exited
            time.sleep(0.5)
        roll_ended = time.monotonic() - started
        output, _ = wrk.communicate(timeout=WRK_SECONDS + 30)
        if wrk.returncode != 0 or not os.path.exists(out):
            record("e. rolling restart under wrk", False,
                   f"wrk failed ({wrk.returncode}): {output.decode(errors='replace')[-500:]}")
            return
        with open(out) as source:
            result = json.load(source)
        statuses = {int(k): v for k, v in result["statuses"].items()}
        bad_status = sum(v for k, v in statuses.items() if not 200 <= k < 400)
        errors = result["errors"]
        socket_errors = errors["connect"] + errors["read"] + errors["write"] + errors["timeout"]
        lat = result["latency_us"]
        seconds = sorted(result["per_second"].items())
        timeline = " ".join(f"{int(s) - int(wall_start)}:{n}" for s, n in seconds)
        bad_seconds = sorted(result["bad_per_second"].items())
        ok = roll_ok and bad_status == 0 and socket_errors == 0 and roll_ended <= WRK_SECONDS
        record("e. rolling restart (SIGTERM i1, i2, i3 in turn) under wrk, 64 connections", ok,
               f"{result['requests']} requests in {result['duration_us'] / 1e6:.1f}s "
               f"({result['requests'] / (result['duration_us'] / 1e6):.0f}/s), statuses "
               f"{dict(sorted(statuses.items()))}, non-2xx/3xx {bad_status}, socket errors "
               f"{socket_errors} (connect {errors['connect']}, read {errors['read']}, write "
               f"{errors['write']}, timeout {errors['timeout']}), latency p50 {lat['p50'] / 1000:.1f} ms, "
               f"p99 {lat['p99'] / 1000:.1f} ms, p99.9 {lat['p999'] / 1000:.1f} ms, max "
               f"{lat['max'] / 1000:.1f} ms; roll from +{roll_started:.1f}s to +{roll_ended:.1f}s")
        log(f"   requests per second (second: count): {timeline}")
        if bad_seconds:
            log("   non-2xx/3xx by second: " + " ".join(
                f"+{int(s) - int(wall_start)}s:{n}" for s, n in bad_seconds))
            log(f"   first ones: {result['bad'][:20]}")
        log("   roll events: " + "; ".join(f"+{t:.1f}s {text}" for t, text in events))
        columns = {"stot": "requests", "hrsp_2xx": "2xx", "hrsp_5xx": "5xx", "wretr": "retried",
                   "wredis": "redispatched", "econ": "connect errors", "eresp": "response errors",
                   "srv_abrt": "server aborts", "cli_abrt": "client aborts"}
        stats_after = self.balancer.server_rows()

        def number(row, column):
            try:
                return int(row.get(column) or 0)
            except ValueError:
                return 0
        for server, row in sorted(stats_after.items()):
            before = stats_before.get(server, {})
            log(f"   HAProxy {server}: " + ", ".join(
                f"{label} {number(row, column) - number(before, column)}"
                for column, label in columns.items()))
        self.report_haproxy_log(haproxy_log_start, wall_start)

    def restart_instance(self, instance, event) -> tuple[bool, float, float]:
        """SIGTERM, wait for the exit (kill -9 after 30 s), start, wait for /readyz and for
        HAProxy to mark it UP. Returns (exited by itself, when SIGTERM was sent, when it was UP
        again), monotonic; `event(text)` is told each step."""
        event(f"SIGTERM {instance.name}")
        signalled = time.monotonic()
        instance.proc.send_signal(signal.SIGTERM)
        exited = True
        try:
            down = self.balancer.wait_state(instance.name, "DOWN", within=10)
            event(f"haproxy marks {instance.name} DOWN ({down * 1000:.0f} ms after SIGTERM)")
        except RuntimeError:
            event(f"haproxy did not mark {instance.name} DOWN within 10 s")
        try:
            code = instance.proc.wait(30)
            event(f"{instance.name} exited with {code}")
        except subprocess.TimeoutExpired:
            exited = False
            event(f"{instance.name} still running 30 s after SIGTERM: kill -9")
            instance.proc.kill()
            instance.proc.wait()
        instance.start()
        took = instance.wait_ready()
        event(f"{instance.name} ready ({took:.1f}s after start)")
        self.balancer.wait_state(instance.name, "UP")
        event(f"haproxy marks {instance.name} UP")
        return exited, signalled, time.monotonic()

    def report_haproxy_log(self, offset: int, wall_start: float) -> None:
        """What the balancer saw during the run: server state changes, and every request it
        logged as abnormal (option dontlog-normal), grouped by server, status and termination
        state, with when they happened (seconds after wrk started)."""
        with open(self.balancer.logfile, errors="replace") as source:
            source.seek(offset)
            lines = [line.rstrip() for line in source if line.strip()]

        def at(stamp: str) -> float:
            return datetime.datetime.fromisoformat(stamp).timestamp() - wall_start

        events, groups = [], {}
        request = re.compile(r'^(\S+) \S+ \[[^\]]+\] site (\S+)/(\S+) (\S+) (\d+) \S+ \S+ \S+ '
                             r'(\S{4}) \S+ \S+ (?:\{([^}]*)\} )?"(\S+) (\S+)')
        for line in lines:
            stamp, _, message = line.partition(" ")
            match = request.match(line)
            if match:
                _, _, server, _timers, status, flags, proxy_status, _method, path = match.groups()
                key = (server, status, flags, proxy_status or "")
                group = groups.setdefault(key, {"count": 0, "first": None, "last": None, "paths": set()})
                when = at(stamp)
                group["count"] += 1
                group["first"] = when if group["first"] is None else min(group["first"], when)
                group["last"] = when if group["last"] is None else max(group["last"], when)
                group["paths"].add(path.split("?")[0])
            elif re.search(r"Server claimbridge/\S+ is (UP|DOWN)|no server available|"
                           r"Health check for server claimbridge/\S+ failed", message):
                try:
                    events.append(f"+{at(stamp):.1f}s {message}")
                except ValueError:
                    events.append(message)
        if events:
            log(f"   HAProxy state changes during the run ({len(events)}):")
            for text in events[:40]:
                log(f"     {text[:170]}")
        if groups:
            log("   HAProxy abnormal requests (server, status, termination state, Proxy-Status: "
                "count, when, paths):")
            for (server, status, flags, proxy_status), group in sorted(
                    groups.items(), key=lambda item: -item[1]["count"]):
                log(f"     {server} {status} {flags} {proxy_status or '-'}: {group['count']} "
                    f"from +{group['first']:.1f}s "
                    f"to +{group['last']:.1f}s, {sorted(group['paths'])}")
        else:
            log("   HAProxy logged no abnormal request during the run")
