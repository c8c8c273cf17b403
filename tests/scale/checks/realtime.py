"""Checks f, g, h: Realtime (/realtime/v1) across the instances.

  f. a socket on i2 gets a row inserted through i1's /rest/v1 (Postgres Changes), a broadcast
     pushed on a socket on i3 and one sent to i3's HTTP broadcast API;
  g. presence tracked on i1 is in the presence_state of a socket joining on i3, a member tracked
     on i3 reaches i1 as a presence_diff, and once i1 is killed with -9 its member's leave reaches
     i3 within 30 s (the instances' keep-alive: dead after 15 s unseen, swept every 5 s);
  h. 9 reconnecting subscribers through the balancer, a writer inserting 20 rows a second through
     the balancer's /rest/v1, the instances restarted one at a time (SIGTERM): every row inserted
     while all three were up reaches every subscriber subscribed at the time; the restarted
     instance's members leave at once (not after the dead-instance timeout) and the final
     presence state has each subscriber once.
"""
from __future__ import annotations

import secrets
import threading
import time

from harness.common import log, record, request, try_http
from harness.realtime import ReconnectingChannel, RealtimeSocket, channel_config, is_changes_ready

TABLE = "scale_realtime"
ROLL_SUBSCRIBERS = 9
ROLL_RATE = 20.0  # rows a second
PRESENCE_LEAVE_LIMIT = 30.0  # seconds, after kill -9
SIGTERM_LEAVE_LIMIT = 5.0  # seconds after SIGTERM (the drain is 2 s)
RESUBSCRIBE_LIMIT = 5.0  # seconds from a restart's close to subscribed again (backoff 1 s)


def is_row(tag: str, seq: int):
    def match(message: list) -> bool:
        if message[3] != "postgres_changes":
            return False
        row = (message[4].get("data") or {}).get("record") or {}
        return row.get("run") == tag and row.get("seq") == seq
    return match


def leaving_metas(diff: dict, key: str) -> list:
    return ((diff.get("leaves") or {}).get(key) or {}).get("metas", [])


class RealtimeChecks:
    """Mixed into ScaleTest: uses its instances, balancer, pg, anon key and restart_instance."""

    def realtime_table(self) -> str:
        """public.scale_realtime (once): anon may insert and read it (RLS, permissive policies),
        in the supabase_realtime publication, served by every instance's /rest/v1."""
        if getattr(self, "_realtime_table_ready", False):
            return TABLE
        self.pg.psql(f"""
            create table public.{TABLE} (id bigserial primary key, run text not null,
                                         seq int not null, at timestamptz not null default now());
            alter table public.{TABLE} enable row level security;
            create policy scale_read on public.{TABLE} for select to anon using (true);
            create policy scale_write on public.{TABLE} for insert to anon with check (true);
            grant select, insert on public.{TABLE} to anon;
            grant usage on sequence public.{TABLE}_id_seq to anon;
            alter publication supabase_realtime add table public.{TABLE};
            notify pgrst, 'reload schema';""")
        deadline = time.monotonic() + 10
        for base in [i.url for i in self.instances] + [self.lb]:
            while True:
                answer = try_http("GET", base, f"/rest/v1/{TABLE}?limit=1", self.api_headers())
                if answer is not None and answer.status == 200:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{base}/rest/v1/{TABLE} not served within 10 s")
                time.sleep(0.05)
        self._realtime_table_ready = True
        return TABLE

    def insert_row(self, base: str, tag: str, seq: int) -> int:
        answer = request("POST", base, f"/rest/v1/{TABLE}",
                         self.api_headers(Prefer="return=minimal"), {"run": tag, "seq": seq},
                         timeout=10)
        return answer.status

    # -- f. changes and broadcasts reach another instance's socket --
    def check_realtime_delivery(self) -> None:
        table = self.realtime_table()
        i1, i2, i3 = self.instances
        tag = secrets.token_hex(4)
        topic = f"realtime:scale-{tag}"
        sockets = []
        try:
            receiver = RealtimeSocket(i2.url, self.anon)
            sockets.append(receiver)
            reply = receiver.join(topic, channel_config(
                changes=[{"event": "INSERT", "schema": "public", "table": table}]), self.anon)
            ready = receiver.wait_for(is_changes_ready, 15)
            status = ready[1][4] if ready else None
            subscribed = bool(status) and status.get("status") == "ok"
            record("f. postgres_changes join on i2 (reply, then system 'Subscribed')", subscribed
                   and bool(reply.get("postgres_changes")) and "id" in reply["postgres_changes"][0],
                   f"reply {reply}; system {status or 'none within 15 s'}"
                   + (f" ({(ready[0] - receiver.opened_at) * 1000:.0f} ms after the socket opened)"
                      if ready else ""))
            sender = RealtimeSocket(i3.url, self.anon)
            sockets.append(sender)
            sender.join(topic, channel_config())

            # A row through i1's REST.
            mark = receiver.mark()
            sent = time.monotonic()
            status_code = self.insert_row(i1.url, tag, 1)
            got = receiver.wait_for(is_row(tag, 1), 10, mark) if status_code == 201 else None
            detail = f"insert through i1: {status_code}; "
            ok = False
            if got:
                data = got[1][4]["data"]
                ok = (got[1][0] is None and data.get("type") == "INSERT"
                      and data.get("schema") == "public" and data.get("table") == table
                      and bool(data.get("commit_timestamp")) and bool(data.get("columns"))
                      and got[1][4].get("ids") == [reply["postgres_changes"][0]["id"]])
                detail += (f"on i2's socket {(got[0] - sent) * 1000:.0f} ms after the request; "
                           f"ids {got[1][4].get('ids')}, type {data.get('type')}, record "
                           f"{data.get('record')}, errors {data.get('errors')}")
            else:
                detail += "never reached i2's socket (10 s)"
            record("f. a row inserted through i1's /rest/v1 reaches a socket on i2", ok, detail)

            # A broadcast pushed on a socket on i3.
            mark, sender_mark = receiver.mark(), sender.mark()
            sent = time.monotonic()
            sender.push(topic, "broadcast", {"type": "broadcast", "event": "scale",
                                             "payload": {"via": "socket", "tag": tag}},
                        join_ref=sender.join_ref)
            got = receiver.wait_for(lambda m: m[3] == "broadcast"
                                    and m[4].get("payload", {}).get("via") == "socket", 5, mark)
            echoed = sender.wait_for(lambda m: m[3] == "broadcast", 0.3, sender_mark)
            record("f. a broadcast pushed on a socket on i3 reaches a socket on i2",
                   got is not None and got[1][:2] == [None, None] and got[1][4].get("event") == "scale"
                   and echoed is None,
                   (f"{(got[0] - sent) * 1000:.0f} ms, frame {got[1]}" if got else "never (5 s)")
                   + ("; the sender heard itself (self: false)" if echoed else ""))

            # A broadcast through i3's HTTP API.
            mark = receiver.mark()
            sent = time.monotonic()
            answer = request("POST", i3.url, "/realtime/v1/api/broadcast", {"apikey": self.anon},
                             {"messages": [{"topic": topic.split(":", 1)[1], "event": "scale",
                                            "payload": {"via": "http", "tag": tag},
                                            "private": False}]})
            got = receiver.wait_for(lambda m: m[3] == "broadcast"
                                    and m[4].get("payload", {}).get("via") == "http", 5, mark)
            record("f. a broadcast sent to i3's HTTP API reaches a socket on i2",
                   answer.status == 202 and got is not None,
                   f"POST /realtime/v1/api/broadcast {answer.status}; "
                   + (f"on i2's socket {(got[0] - sent) * 1000:.0f} ms after the request"
                      if got else "never (5 s)"))
        finally:
            for sock in sockets:
                sock.close()

    # -- g. presence across instances, and a killed instance's members --
    def check_realtime_presence(self) -> None:
        i1, i2, i3 = self.instances
        tag = secrets.token_hex(4)
        topic = f"realtime:scale-presence-{tag}"
        sockets = []
        try:
            member = RealtimeSocket(i1.url, self.anon)
            sockets.append(member)
            member.join(topic, channel_config(presence_key="on-i1"))
            mark = member.mark()
            member.push(topic, "presence", {"type": "presence", "event": "track",
                                            "payload": {"where": "i1", "tag": tag}},
                        join_ref=member.join_ref)
            own = member.wait_for(lambda m: m[3] == "presence_diff"
                                  and "on-i1" in m[4].get("joins", {}), 5, mark)
            watcher = RealtimeSocket(i3.url, self.anon)
            sockets.append(watcher)
            watcher.join(topic, channel_config(presence_key="on-i3"))
            state = watcher.wait_for(lambda m: m[3] == "presence_state", 5)
            members = state[1][4] if state else {}
            metas = members.get("on-i1", {}).get("metas", [])
            record("g. presence tracked on i1 is in the presence_state of a socket joining on i3",
                   len(metas) == 1 and metas[0].get("where") == "i1" and bool(metas[0].get("phx_ref")),
                   f"presence_state {members if state else 'none within 5 s'}"
                   + ("" if own else "; (i1's socket did not see its own join)"))

            mark = member.mark()
            sent = time.monotonic()
            watcher.push(topic, "presence", {"type": "presence", "event": "track",
                                             "payload": {"where": "i3"}}, join_ref=watcher.join_ref)
            diff = member.wait_for(lambda m: m[3] == "presence_diff"
                                   and "on-i3" in m[4].get("joins", {}), 5, mark)
            record("g. presence tracked on i3 reaches i1 as a presence_diff join", diff is not None,
                   f"{(diff[0] - sent) * 1000:.0f} ms, {diff[1][4]}" if diff else "never (5 s)")

            # kill -9 i1: its member is removed by another instance once i1 is not seen for 15 s.
            mark = watcher.mark()
            i1.proc.kill()
            i1.proc.wait()
            killed = time.monotonic()
            log("   g. kill -9 i1; waiting for its member's leave on i3 (up to "
                f"{PRESENCE_LEAVE_LIMIT:.0f} s)...")
            left = watcher.wait_for(lambda m: m[3] == "presence_diff"
                                    and "on-i1" in m[4].get("leaves", {}), PRESENCE_LEAVE_LIMIT, mark)
            took = left[0] - killed if left else None
            after = RealtimeSocket(i2.url, self.anon)
            sockets.append(after)
            after.join(topic, channel_config(presence_key="late-on-i2"))
            state = after.wait_for(lambda m: m[3] == "presence_state", 5)
            keys = sorted(state[1][4]) if state else None
            record(f"g. kill -9 i1: its member's leave reaches i3 within {PRESENCE_LEAVE_LIMIT:.0f} s",
                   left is not None and keys == ["on-i3"],
                   (f"leave after {took:.1f}s" if left else "no leave") + f"; a socket joining on i2 "
                   f"then sees members {keys}; i1's socket closed: {member.closed_at is not None}")
            log(f"   g. presence leave latency after kill -9: "
                f"{'%.1f s' % took if took is not None else 'none'}")
        finally:
            for sock in sockets:
                sock.close()
            if i1.proc.poll() is not None:
                i1.start()
                i1.wait_ready()
                self.balancer.wait_state(i1.name, "UP")
                log("   g. i1 restarted and UP")

    # -- h. rolling restart under subscribed clients --
    def check_realtime_rolling_restart(self) -> None:
        table = self.realtime_table()
        tag = secrets.token_hex(4)
        topic = f"realtime:scale-roll-{tag}"
        started = time.monotonic()

        def event(text):
            log(f"   h +{time.monotonic() - started:5.1f}s {text}")

        subscribers = [ReconnectingChannel(f"s{n}", self.lb, self.anon, topic, table)
                       for n in range(ROLL_SUBSCRIBERS)]
        # One at a time, so round robin puts three on each instance.
        for subscriber in subscribers:
            subscriber.start()
            if not subscriber.ready.wait(20):
                for s in subscribers:
                    s.stop()
                record("h. rolling restart under Postgres Changes subscribers", False,
                       f"{subscriber.name} not subscribed within 20 s: {subscriber.attempts[-3:]}")
                return
        spread = {}
        for subscriber in subscribers:
            backend = subscriber.subscribed[0][2]
            spread[backend] = spread.get(backend, 0) + 1
        event(f"{len(subscribers)} subscribers through the balancer: {dict(sorted(spread.items()))}")

        rows: dict[int, tuple[float, float, int | str]] = {}
        writing = threading.Event()
        writing.set()

        def writer():
            seq, next_at = 0, time.monotonic()
            while writing.is_set():
                seq += 1
                sent = time.monotonic()
                try:
                    status = self.insert_row(self.lb, tag, seq)
                except OSError as err:
                    status = type(err).__name__
                rows[seq] = (sent, time.monotonic(), status)
                next_at += 1.0 / ROLL_RATE
                delay = next_at - time.monotonic()
                if delay > 0:
                    time.sleep(delay)

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        windows: list[tuple[str, float, float]] = []
        roll_ok = True
        try:
            time.sleep(3)
            for instance in self.instances:
                exited, down_from, up_at = self.restart_instance(instance, event)
                roll_ok = roll_ok and exited
                windows.append((instance.name, down_from, up_at))
                time.sleep(3)
        finally:
            writing.clear()
            thread.join(15)
        # Let the last rows arrive (everything all-up should be there well within this).
        expected_seqs = {seq for seq, (_, _, status) in rows.items() if status == 201}
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if all(expected_seqs <= set(s.received) for s in subscribers):
                break
            time.sleep(0.1)

        # The presence state after the roll, from a fresh socket through the balancer.
        final_state = None
        try:
            probe = RealtimeSocket(self.lb, self.anon)
            probe.join(topic, channel_config(presence_key="probe"))
            got = probe.wait_for(lambda m: m[3] == "presence_state", 5)
            final_state = got[1][4] if got else None
            probe.close()
        except Exception as err:
            log(f"   h. presence probe failed: {err}")
        for subscriber in subscribers:
            subscriber.stop()

        # -- the reckoning --
        inserted = {seq: r for seq, r in rows.items() if r[2] == 201}
        failed = {seq: r for seq, r in rows.items() if r[2] != 201}

        def window_of(start, end):
            return next((name for name, down, up in windows if start <= up and end >= down), None)

        all_up = {seq: r for seq, r in inserted.items() if window_of(r[0], r[1]) is None}
        windowed = {seq: r for seq, r in inserted.items() if window_of(r[0], r[1]) is not None}
        misses, reconnecting, latencies = [], [], []
        for seq, (sent, answered, _) in sorted(all_up.items()):
            for subscriber in subscribers:
                if not subscriber.subscribed_during(sent, answered):
                    reconnecting.append((subscriber.name, seq))
                elif seq not in subscriber.received:
                    misses.append((subscriber.name, seq))
                else:
                    latencies.append(subscriber.received[seq] - sent)
        # A subscriber is without a subscription only after its instance's restart closed its
        # socket (the close inside that restart's window), and for at most RESUBSCRIBE_LIMIT.
        gaps, bad_gaps = [], []
        for subscriber in subscribers:
            spans = subscriber.subscribed
            for (_, closed, _), (again, _, _) in zip(spans, spans[1:]):
                gaps.append(again - closed)
                if window_of(closed, closed) is None or again - closed > RESUBSCRIBE_LIMIT:
                    bad_gaps.append(f"{subscriber.name} +{closed - started:.1f}s..+{again - started:.1f}s")
        windowed_delivered = sum(1 for seq in windowed for s in subscribers if seq in s.received)
        duplicates = sum(s.duplicates for s in subscribers)
        failed_attempts = sum(len(s.attempts) for s in subscribers) - len(gaps)
        latencies.sort()

        def pct(p):
            return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000 if latencies else 0

        expected = len(all_up) * len(subscribers) - len(reconnecting)
        record("h. rolling restart (SIGTERM i1, i2, i3) under 9 Postgres Changes subscribers: "
               "no row inserted while all were up missed",
               roll_ok and bool(all_up) and not misses and not bad_gaps,
               f"{len(rows)} rows written through the balancer at {ROLL_RATE:.0f}/s ({len(inserted)} "
               f"inserted, {len(failed)} failed"
               f"{' ' + str(sorted(set(str(r[2]) for r in failed.values()))) if failed else ''}), "
               f"{len(windowed)} inside a restart window (SIGTERM to UP), {len(all_up)} while all "
               f"three were up; missed {len(misses)} of the {expected} (row x subscriber) "
               f"deliveries due{' ' + str(misses[:8]) if misses else ''}; latency p50 "
               f"{pct(0.5):.0f} ms, p99 {pct(0.99):.0f} ms, max {pct(1.0):.0f} ms; "
               f"{len(gaps)} resubscriptions after a restart closed the socket, back in "
               f"{min(gaps, default=0):.1f}-{max(gaps, default=0):.1f}s (limit "
               f"{RESUBSCRIBE_LIMIT:.0f} s"
               f"{', outside a window or too slow: ' + str(bad_gaps) if bad_gaps else ''}), "
               f"{len(reconnecting)} all-up (row x subscriber) pairs fell in those gaps (not due); "
               f"rows inside windows delivered {windowed_delivered} of "
               f"{len(windowed) * len(subscribers)}; {failed_attempts} failed connection attempts, "
               f"{duplicates} duplicates")
        log("   h. restart windows (SIGTERM to UP): " + ", ".join(
            f"{name} +{down - started:.1f}s..+{up - started:.1f}s ({up - down:.1f}s)"
            for name, down, up in windows))
        for subscriber in subscribers:
            hops = " -> ".join(f"{b}@+{a - started:.1f}s" for a, _, b in subscriber.subscribed)
            log(f"   h. {subscriber.name}: {hops}; {len(subscriber.received)} rows"
                + (f"; closes/failures {[(round(t - started, 1), w) for t, w in subscriber.attempts]}"
                   if subscriber.attempts else ""))

        # Presence: the meta a member tracked on the restarted instance leaves at its shutdown
        # (the drain, ~2 s), seen by the subscribers elsewhere, not when it is found dead 15-20 s on.
        leave_cells, lost, leave_ok = [], [], True
        for name, down, _up in windows:
            took_all = []
            for member in subscribers:
                for index, (begin, until, backend) in enumerate(member.subscribed):
                    if backend != name or begin > down or (until is not None and until < down):
                        continue
                    seen = [at for other in subscribers if other is not member
                            for at, diff in other.presence_diffs if at >= down
                            for meta in leaving_metas(diff, member.name)
                            if meta.get("n") == index]
                    if seen:
                        took_all.append(min(seen) - down)
                    else:
                        lost.append(f"{member.name}#{index} on {name}")
            leave_ok = leave_ok and bool(took_all) and max(took_all) <= SIGTERM_LEAVE_LIMIT
            leave_cells.append(f"{name}: {len(took_all)} left, " + (
                f"{min(took_all):.1f}-{max(took_all):.1f}s" if took_all else "none"))
        keys = sorted(final_state) if final_state is not None else None
        per_key = sorted({len(v.get("metas", [])) for v in (final_state or {}).values()})
        record("h. presence through the roll: the restarted instance's members leave at its "
               "shutdown, each subscriber once in the final state",
               leave_ok and not lost and keys == sorted(s.name for s in subscribers)
               and per_key == [1],
               f"leaves seen elsewhere after SIGTERM ({'; '.join(leave_cells)}; limit "
               f"{SIGTERM_LEAVE_LIMIT:.0f} s){'; leaves never seen: ' + str(lost) if lost else ''}; "
               f"final presence_state keys {keys}, metas per key {per_key}")
