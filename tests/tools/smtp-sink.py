"""The SMTP sink the lead email tests deliver to: aiosmtpd on 127.0.0.1, plain SMTP, no auth.

Each message is written to OUT_DIR as <n>.eml (the data exactly as received) and <n>.json (the
envelope, when it arrived, and the message as Python's email package reads it: its header names
and values, and the decoded text of each text part by content type), the .json last and both by
rename, so a reader that sees the .json finds a complete message. Runs until its standard input closes (the test that started it
ended, however it ended) or it is killed.

    python smtp-sink.py PORT OUT_DIR
"""

import email
import email.policy
import itertools
import json
import os
import sys
import threading
import time

from aiosmtpd.controller import Controller


class Recorder:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    def _write(self, name, data):
        tmp = os.path.join(self.out_dir, "." + name + ".tmp")
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.rename(tmp, os.path.join(self.out_dir, name))

    async def handle_DATA(self, server, session, envelope):
        received_at = time.time()
        with self.lock:
            number = next(self.counter)
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        self._write(f"{number:05}.eml", data)
        message = email.message_from_bytes(data, policy=email.policy.default)
        parts = {}
        for part in message.walk():
            if part.get_content_maintype() == "text":
                parts.setdefault(part.get_content_type(), part.get_content())
        meta = {
            "received_at": received_at,
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "client": session.peer[0] if session.peer else None,
            "headers": [[name, str(value)] for name, value in message.items()],
            "content_type": message.get_content_type(),
            "parts": parts,
        }
        self._write(f"{number:05}.json", json.dumps(meta).encode())
        return "250 Message accepted for delivery"


def main():
    port = int(sys.argv[1])
    out_dir = sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    # decode_data=False: the message bytes as they came, 8BITMIME and SMTPUTF8 accepted.
    controller = Controller(
        Recorder(out_dir),
        hostname="127.0.0.1",
        port=port,
        decode_data=False,
        enable_SMTPUTF8=True,
        ready_timeout=30,
    )
    controller.start()
    print(f"listening on 127.0.0.1:{port}", flush=True)
    try:
        # Until the parent closes our stdin (or dies, which closes it too).
        while sys.stdin.buffer.read(4096):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
