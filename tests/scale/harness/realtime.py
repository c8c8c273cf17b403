"""What realtime-js does, in the standard library: a WebSocket client (RFC 6455: the handshake,
masked client frames, fragments, ping/pong, close), the Phoenix channel socket on it (vsn 2.0.0
frames `[join_ref, ref, topic, event, payload]`, joins, pushes, heartbeats every 20 s), and a
channel that reconnects and rejoins by itself (backoff 1, 2, 5 s) as realtime-js's does."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import struct
import threading
import time
import urllib.parse

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
HEARTBEAT_EVERY = 20.0
RECONNECT_AFTER = (1.0, 2.0, 5.0)  # realtime-js: 1 s, 2 s, 5 s, then 10 s; the test stops at 5


class WebSocketClosed(Exception):
    pass


# ---- RFC 6455 -----------------------------------------------------------------------------------

class WebSocket:
    """A client WebSocket on a plain socket. recv() keeps partial frames across timeouts (its own
    buffer), so the socket may have a timeout for the caller's housekeeping."""

    def __init__(self, url: str, timeout: float = 10.0):
        parsed = urllib.parse.urlsplit(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.send_lock = threading.Lock()
        self.buffer = bytearray()
        self.fragments: list[bytes] = []
        self.fragment_opcode = 0
        self.close_sent = False
        key = base64.b64encode(os.urandom(16)).decode()
        path = parsed.path + (f"?{parsed.query}" if parsed.query else "")
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {parsed.netloc}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise WebSocketClosed("closed during the handshake")
            self.buffer += chunk
        head, _, rest = bytes(self.buffer).partition(b"\r\n\r\n")
        self.buffer = bytearray(rest)
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split(" ")[1])
        self.headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()
        if self.status != 101:
            self.sock.close()
            raise WebSocketClosed(f"handshake answered {lines[0]}")
        expected = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if self.headers.get("sec-websocket-accept") != expected:
            self.sock.close()
            raise WebSocketClosed("bad Sec-WebSocket-Accept")

    def send_frame(self, opcode: int, data: bytes) -> None:
        length = len(data)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        with self.send_lock:
            if opcode == 0x8:
                if self.close_sent:
                    return
                self.close_sent = True
            self.sock.sendall(header + mask + masked)

    def send_text(self, text: str) -> None:
        self.send_frame(0x1, text.encode())

    def _frame(self) -> tuple[bool, int, bytes] | None:
        """One whole frame off the buffer, or None while it is incomplete."""
        if len(self.buffer) < 2:
            return None
        first, second = self.buffer[0], self.buffer[1]
        length, offset = second & 0x7F, 2
        if length == 126:
            if len(self.buffer) < 4:
                return None
            length, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
        elif length == 127:
            if len(self.buffer) < 10:
                return None
            length, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
        mask = b""
        if second & 0x80:  # servers do not mask, but tolerate it
            mask, offset = bytes(self.buffer[offset:offset + 4]), offset + 4
        if len(self.buffer) < offset + length:
            return None
        data = bytes(self.buffer[offset:offset + length])
        del self.buffer[:offset + length]
        if mask:
            data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        return bool(first & 0x80), first & 0x0F, data

    def recv(self) -> tuple[int, bytes]:
        """The next message (opcode 1 text or 2 binary, whole); answers pings; raises
        WebSocketClosed on a close frame or EOF and socket.timeout when the socket's timeout
        passes (nothing is lost: the partial frame stays in the buffer)."""
        while True:
            frame = self._frame()
            if frame is None:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise WebSocketClosed("connection closed without a close frame")
                self.buffer += chunk
                continue
            fin, opcode, data = frame
            if opcode == 0x9:
                self.send_frame(0xA, data)
            elif opcode == 0xA:
                pass
            elif opcode == 0x8:
                code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else 1005
                try:
                    self.send_frame(0x8, data[:2])
                except OSError:
                    pass
                raise WebSocketClosed(f"close frame {code}")
            elif opcode == 0x0:
                self.fragments.append(data)
                if fin:
                    whole, self.fragments = b"".join(self.fragments), []
                    return self.fragment_opcode, whole
            elif not fin:
                self.fragment_opcode, self.fragments = opcode, [data]
            else:
                return opcode, data

    def close(self) -> None:
        try:
            self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


# ---- the Phoenix channel socket -------------------------------------------------------------------

class RealtimeSocket:
    """One /realtime/v1 socket (vsn 2.0.0). A reader thread keeps every message with its arrival
    time (monotonic) and heartbeats; `on_message(time, message)` is called for each if given."""

    def __init__(self, base: str, apikey: str, on_message=None, timeout: float = 10.0):
        url = base.replace("http://", "ws://", 1) + (
            f"/realtime/v1/websocket?apikey={urllib.parse.quote(apikey)}&vsn=2.0.0")
        self.ws = WebSocket(url, timeout)
        self.backend = self.ws.headers.get("x-scale-backend", "")  # set by HAProxy
        self.opened_at = time.monotonic()
        self.messages: list[tuple[float, list]] = []
        self.condition = threading.Condition()
        self.closed_at: float | None = None
        self.close_reason = ""
        self.on_message = on_message
        self.refs = 0
        self.ws.sock.settimeout(0.5)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        beat_at = time.monotonic() + HEARTBEAT_EVERY
        reason = ""
        while True:
            try:
                if time.monotonic() >= beat_at:
                    beat_at = time.monotonic() + HEARTBEAT_EVERY
                    self.push("phoenix", "heartbeat", {})
                opcode, data = self.ws.recv()
            except socket.timeout:
                continue
            except (WebSocketClosed, OSError) as err:
                reason = str(err) or type(err).__name__
                break
            now = time.monotonic()
            if opcode != 0x1:
                continue  # binary broadcasts: not used here
            try:
                message = json.loads(data)
            except ValueError:
                continue
            with self.condition:
                self.messages.append((now, message))
                self.condition.notify_all()
            if self.on_message:
                self.on_message(now, message)
        with self.condition:
            self.closed_at = time.monotonic()
            self.close_reason = reason
            self.condition.notify_all()
        try:
            self.ws.sock.close()
        except OSError:
            pass

    def push(self, topic: str, event: str, payload, join_ref: str | None = None) -> str:
        with self.condition:
            self.refs += 1
            ref = str(self.refs)
        self.ws.send_text(json.dumps([join_ref, ref, topic, event, payload]))
        return ref

    def wait_for(self, predicate, timeout: float, start: int = 0) -> tuple[float, list] | None:
        """The first message from index `start` on that `predicate(message)` accepts."""
        deadline = time.monotonic() + timeout
        index = start
        with self.condition:
            while True:
                while index < len(self.messages):
                    at, message = self.messages[index]
                    index += 1
                    if predicate(message):
                        return at, message
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed_at is not None:
                    return None
                self.condition.wait(remaining)

    def mark(self) -> int:
        """Where wait_for should look from to see only what arrives after now."""
        with self.condition:
            return len(self.messages)

    def join(self, topic: str, config: dict, access_token: str | None = None,
             timeout: float = 10.0) -> dict:
        """phx_join; the reply's response (raises on an error reply or none)."""
        payload = {"config": config}
        if access_token:
            payload["access_token"] = access_token
        with self.condition:
            self.refs += 1
            ref = str(self.refs)
        self.ws.send_text(json.dumps([ref, ref, topic, "phx_join", payload]))
        got = self.wait_for(lambda m: m[3] == "phx_reply" and m[1] == ref, timeout)
        if got is None:
            raise RuntimeError(f"no reply to joining {topic} within {timeout}s "
                               f"(closed: {self.close_reason or 'no'})")
        reply = got[1][4]
        if reply.get("status") != "ok":
            raise RuntimeError(f"joining {topic} refused: {reply}")
        self.join_ref = ref
        return reply.get("response", {})

    def close(self) -> None:
        self.ws.close()
        self.reader.join(5)


def channel_config(presence_key: str = "", changes: list | None = None, hear_self: bool = False) -> dict:
    """The join `config` realtime-js sends."""
    return {"broadcast": {"ack": False, "self": hear_self},
            "presence": {"key": presence_key, "enabled": bool(presence_key)},
            "postgres_changes": changes or [], "private": False}


def is_changes_ready(message: list) -> bool:
    return (message[3] == "system" and isinstance(message[4], dict)
            and message[4].get("extension") == "postgres_changes")


# ---- a channel that stays subscribed ----------------------------------------------------------------

class ReconnectingChannel(threading.Thread):
    """One realtime-js client: a socket to `base` with one channel (Postgres Changes inserts of a
    table, and a presence key it tracks), reconnected and rejoined after any close, waiting 1, 2,
    then 5 s between attempts (back to 1 s once subscribed again). Keeps when it was subscribed
    (from the `system` ok to the socket's close), the rows it got (`seq` column -> first arrival)
    and every presence diff it saw."""

    def __init__(self, name: str, base: str, apikey: str, topic: str, table: str):
        super().__init__(daemon=True, name=name)
        self.base, self.apikey, self.topic, self.table = base, apikey, topic, table
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.socket: RealtimeSocket | None = None
        self.subscribed: list[list] = []  # [from, until or None, backend]
        self.received: dict[int, float] = {}
        self.duplicates = 0
        self.presence_diffs: list[tuple[float, dict]] = []
        self.attempts: list[tuple[float, str]] = []  # failed attempts: when, why
        self.ready = threading.Event()

    def on_message(self, at: float, message: list) -> None:
        event, payload = message[3], message[4]
        if event == "postgres_changes":
            record = (payload.get("data") or {}).get("record") or {}
            seq = record.get("seq")
            if isinstance(seq, int):
                with self.lock:
                    if seq in self.received:
                        self.duplicates += 1
                    else:
                        self.received[seq] = at
        elif event == "presence_diff":
            with self.lock:
                self.presence_diffs.append((at, payload))

    def run(self) -> None:
        tries = 0
        while not self.stopping.is_set():
            sock = None
            try:
                sock = RealtimeSocket(self.base, self.apikey, self.on_message)
                self.socket = sock
                sock.join(self.topic, channel_config(
                    presence_key=self.name,
                    changes=[{"event": "INSERT", "schema": "public", "table": self.table}]),
                    access_token=self.apikey)
                got = sock.wait_for(is_changes_ready, 15)
                if got is None or got[1][4].get("status") != "ok":
                    raise RuntimeError(f"not subscribed: {got[1][4] if got else 'no system message'}")
                with self.lock:
                    self.subscribed.append([got[0], None, sock.backend])
                tries = 0
                # `n`: which subscription (index in self.subscribed) tracked this meta.
                sock.push(self.topic, "presence", {"type": "presence", "event": "track",
                                                   "payload": {"name": self.name,
                                                               "n": len(self.subscribed) - 1}},
                          join_ref=sock.join_ref)
                self.ready.set()
                with sock.condition:
                    while sock.closed_at is None and not self.stopping.is_set():
                        sock.condition.wait(0.5)
                with self.lock:
                    self.subscribed[-1][1] = sock.closed_at
                if self.stopping.is_set():
                    break
                self.attempts.append((time.monotonic(), f"closed: {sock.close_reason}"))
            except Exception as err:
                self.attempts.append((time.monotonic(), str(err)[:160]))
                if sock is not None:
                    try:
                        sock.close()
                    except OSError:
                        pass
            if self.stopping.wait(RECONNECT_AFTER[min(tries, len(RECONNECT_AFTER) - 1)]):
                break
            tries += 1

    def stop(self) -> None:
        self.stopping.set()
        sock = self.socket
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass
        self.join(10)
        with self.lock:
            if self.subscribed and self.subscribed[-1][1] is None:
                self.subscribed[-1][1] = time.monotonic()

    def subscribed_during(self, start: float, end: float) -> bool:
        """Subscribed from before `start` until after `end` on one socket."""
        with self.lock:
            return any(begin <= start and (until is None or until >= end)
                       for begin, until, _ in self.subscribed)
