"""What a visitor's browser does before it writes: solve the ALTCHA proof of work; and a tiny
real PNG to upload."""
from __future__ import annotations

import base64
import hashlib
import json
import struct
import zlib

from harness.common import request

# ---- ALTCHA -------------------------------------------------------------------------------------

def solve_altcha(challenge: dict) -> str:
    """What the widget (and cb_functions::solve_altcha) does: find n with sha256(salt + n) ==
    challenge, n in 0..=maxnumber; the token is the base64 of the solution's JSON."""
    salt, target = challenge["salt"], challenge["challenge"]
    prefix = hashlib.sha256(salt.encode())
    for number in range(int(challenge["maxnumber"]) + 1):
        digest = prefix.copy()
        digest.update(str(number).encode())
        if digest.hexdigest() == target:
            payload = {"algorithm": challenge["algorithm"], "challenge": target, "number": number,
                       "salt": salt, "signature": challenge["signature"], "took": 1}
            return base64.b64encode(json.dumps(payload).encode()).decode()
    raise RuntimeError("unsolvable ALTCHA challenge")


def captcha_token(base: str) -> str:
    answer = request("GET", base, "/functions/v1/captcha-challenge")
    if answer.status != 200:
        raise RuntimeError(f"captcha-challenge answered {answer.status}: {answer.text()[:200]}")
    return solve_altcha(answer.json())


def tiny_png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + b"\xff\x80\x00" * 2 + b"\x00" + b"\x00\x80\xff" * 2)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))
