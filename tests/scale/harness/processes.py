"""The processes the scale test starts: spawned in their own process group, written down for
run.sh's safety net, and all stopped on exit."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

from harness.common import ROOT

# ---- processes --------------------------------------------------------------------------------

PROCESSES: list[subprocess.Popen] = []
CLEANUPS: list = []


def spawn(args, log_path, env=None, cwd=ROOT, stderr_path=None, **kwargs) -> subprocess.Popen:
    out = open(log_path, "ab")
    err = open(stderr_path, "ab") if stderr_path else subprocess.STDOUT
    proc = subprocess.Popen(args, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                            env=env, cwd=cwd, start_new_session=True, **kwargs)
    out.close()
    if stderr_path:
        err.close()
    PROCESSES.append(proc)
    note_for_run_sh(f"pid {proc.pid}")
    return proc


def note_for_run_sh(line: str) -> None:
    """run.sh's safety net (should this process die by SIGKILL): the process groups we started
    and the PostgreSQL data directory, which its EXIT trap stops."""
    path = os.environ.get("SCALE_STATE_FILE")
    if path:
        with open(path, "a") as out:
            out.write(line + "\n")


def stop_process(proc: subprocess.Popen, grace: float = 5.0) -> None:
    """SIGTERM the process group we started, SIGKILL it after `grace`."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(5)


def cleanup() -> None:
    clean = True
    for proc in reversed(PROCESSES):
        try:
            stop_process(proc, grace=3.0)
        except Exception as err:  # keep cleaning up
            clean = False
            print(f"cleanup: {err}", file=sys.stderr)
    for action in reversed(CLEANUPS):
        try:
            action()
        except Exception as err:
            clean = False
            print(f"cleanup: {err}", file=sys.stderr)
    if clean and all(proc.poll() is not None for proc in PROCESSES):
        note_for_run_sh("clean")


def on_signal(signum, _frame):
    raise SystemExit(128 + signum)


def local_ports_to(pid: int, remote_port: int) -> set[int]:
    """The local ports of process `pid`'s TCP connections to 127.0.0.1:`remote_port` (from
    /proc: its socket inodes, matched in /proc/net/tcp)."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    except OSError:
        return set()
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as source:
                next(source)
                for line in source:
                    fields = line.split()
                    local, remote, inode = fields[1], fields[2], fields[9]
                    if inode in inodes and int(remote.rsplit(":", 1)[1], 16) == remote_port:
                        ports.add(int(local.rsplit(":", 1)[1], 16))
        except OSError:
            continue
    return ports
