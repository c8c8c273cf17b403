"""The storage fuzzer's model: the buckets, names and bodies it aims with, hostile values, and
what the server handed out (objects, signed tokens, cursors) to replay."""
import json
import os
import struct
import sys
import time
import urllib.parse
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import fuzzlib  # noqa: E402
from fuzzlib import pick  # noqa: E402


S = "/storage/v1"
FIXED_BUCKETS = ["fz-public", "fz-private", "fz-limited", "blog-images", "whitepapers"]
HOSTILE_BUCKETS = ["nope", "", "..", ".", "%2e%2e", "a/b", "a%2Fb", "a b", "é", "\udcff", "x" * 101,
                   "x" * 5000, "public", "authenticated", "sign", "info", "list", "%00", "a\u0000b",
                   "BUCKET", "'; drop table storage.objects; --", "*", "$", "?x", "#x", "a;b", "ﬁ",
                   "\u202e", "fz-public/../fz-private", "fz-public%2F..%2Ffz-private"]
FIXED_OBJECTS = ["img.png", "huge-claim.png", "bad.png", "dir/a.txt", "dir/sub/b.txt", "a b.txt",
                 "ünï cødé.txt", ".emptyFolderPlaceholder"]
HOSTILE_NAMES = ["..", "../..", "../../etc/passwd", "dir/../../x", "%2e%2e/%2e%2e/x", "%2e%2e%2fx",
                 "..%2f..%2fx", "..%5c..%5cx", "a%00b", "a\u0000b", "%00", "%", "%zz", "%C3", "%FF",
                 "\udcff\udcfe", "é/ü/ñ", "日本語.png", "emoji-\U0001F600.png", "\u202egnp.exe",
                 "ﬁle", "a" * 1024, "a/" * 300 + "x", "x" * 10000, "/", "//", "a//b", "a/", "/a",
                 ".", "./a", "a/./b", "~", "$HOME", "a?b=c", "a#b", "a;b", "CON", "a\\b", "\t",
                 "'", "\"", "<script>", "{}", "*", "%2A", "a%2Fb", "%252e%252e/x", "\u0085",
                 ".emptyFolderPlaceholder", "dir/.emptyFolderPlaceholder"]
CONTENT_TYPES = ["text/plain;charset=UTF-8", "image/png", "image/jpeg", "application/octet-stream",
                 "text/html", "application/json", "image/svg+xml", "application/pdf", "", "x",
                 "image/", "/", "image/png; charset=\u00e9", "text/plain" + ";a=b" * 200,
                 "multipart/form-data", "multipart/form-data; boundary=", "image/gif", "video/mp4"]
CACHE_CONTROLS = ["max-age=3600", "no-cache", "3600", "max-age=-1", "max-age=99999999999999999999",
                  "", "private, max-age=0", "\u00e9", "x" * 3000]


def png(width, height, rng=None, corrupt=False):
    """A real PNG (RGB, 8 bit), or one whose IDAT does not match its claimed size."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    if corrupt:
        raw = zlib.compress(b"\x00" * 64)
    else:
        row = b"\x00" + bytes((x * 7 + y) % 256 for x in range(width * 3) for y in (0,))
        raw = zlib.compress(row * height)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


SMALL_PNG = png(32, 24)
HUGE_CLAIM_PNG = png(60000, 60000, corrupt=True)


def deep_json(depth):
    return "[" * depth + "]" * depth


def hostile_value(rng):
    return pick(rng, [None, True, False, 0, -1, 1.5, 1e308, 2**64, -2**63, "", "x", "é", "\u0000",
                      "a" * 10000, [], [None], {}, {"a": {"b": {}}}, "NaN", "20MB", "-1MB", "1e999"])


class Storage:
    def __init__(self, rng, creds, secret, operations):
        self.rng, self.creds, self.secret = rng, creds, secret
        self.operations = operations  # fuzz_ops.OPERATIONS: what request() picks from
        self.buckets = list(FIXED_BUCKETS)
        self.objects = {b: list(FIXED_OBJECTS) for b in FIXED_BUCKETS}
        self.sign_tokens = []    # (bucket, path, token) for downloads
        self.upload_tokens = []  # (bucket, path, token) for uploads
        self.cursors = []

    # --- pieces ------------------------------------------------------------------------------
    def bucket(self):
        r = self.rng.random()
        if r < 0.75:
            return pick(self.rng, self.buckets)
        if r < 0.85:
            return f"fz-{self.rng.randrange(1000)}"
        return pick(self.rng, HOSTILE_BUCKETS)

    def name(self, bucket):
        r = self.rng.random()
        known = self.objects.get(bucket) or FIXED_OBJECTS
        if r < 0.5:
            return pick(self.rng, known)
        if r < 0.7:
            return f"f{self.rng.randrange(10**6)}/{pick(self.rng, ['x.txt', 'y.png', 'z', 'ü.bin'])}"
        if r < 0.95:
            return pick(self.rng, HOSTILE_NAMES)
        return pick(self.rng, known) + pick(self.rng, ["/..", "/", "%00", "/../" + pick(self.rng, known), "\udcff"])

    def encode(self, text):
        """How the path travels: raw (storage-js does not encode), percent-encoded, or double."""
        r = self.rng.random()
        if r < 0.5:
            return text.replace("?", "%3F").replace("#", "%23") if self.rng.random() < 0.8 else text
        if r < 0.85:
            return urllib.parse.quote(text.encode("utf-8", "surrogateescape"), safe="/")
        if r < 0.95:
            return urllib.parse.quote(urllib.parse.quote(text.encode("utf-8", "surrogateescape"), safe="/"), safe="/%")
        return urllib.parse.quote(text.encode("utf-8", "surrogateescape"), safe="")

    def json_body(self, obj):
        r = self.rng.random()
        if r < 0.85:
            return json.dumps(obj, ensure_ascii=self.rng.random() < 0.5).encode("utf-8", "surrogateescape")
        if r < 0.9:
            return pick(self.rng, [b"", b"{", b"null", b"[]", b"\"x\"", b"{\"a\":}", b"\xff\xfe{}",
                                   deep_json(10000).encode(), b"{\"prefix\":\"" + b"a" * 200000 + b"\"}",
                                   b"{\"a\":1,\"a\":2}", b"1e999999"])
        if r < 0.95 and isinstance(obj, dict) and obj:  # a key with a value of the wrong type
            key = pick(self.rng, list(obj))
            obj = dict(obj)
            obj[key] = hostile_value(self.rng)
            return json.dumps(obj).encode("utf-8", "surrogateescape")
        return json.dumps({"x": obj, pick(self.rng, ["prefixes", "paths", "id"]): hostile_value(self.rng)}).encode()

    def json_ct(self):
        return pick(self.rng, ["application/json"] * 8 + ["text/plain", "", "application/json; charset=latin1",
                                                           "application/x-www-form-urlencoded", "x/y"])

    def file_bytes(self):
        r = self.rng.random()
        if r < 0.4:
            return pick(self.rng, [b"hello", b"", b"\x00" * 10, "ünï".encode()])
        if r < 0.6:
            return SMALL_PNG
        if r < 0.65:
            return HUGE_CLAIM_PNG
        if r < 0.75:
            return png(self.rng.randrange(1, 300), self.rng.randrange(1, 300))
        if r < 0.85:
            return bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 3000)))
        if r < 0.97:
            return b"a" * self.rng.randrange(1000, 70000)
        return b"b" * self.rng.randrange(200000, 1200000)

    def multipart(self, data):
        rng = self.rng
        boundary = pick(rng, ["----fz" + str(rng.randrange(10**9)), "x", "a" * 80, "b b", "\u00e9"])
        parts = []
        fields = {}
        if rng.random() < 0.7:
            fields["cacheControl"] = pick(rng, ["3600", "0", "-1", "x", "99999999999999999999", ""])
        if rng.random() < 0.3:
            fields["contentType"] = pick(rng, CONTENT_TYPES)
        if rng.random() < 0.2:
            fields["metadata"] = pick(rng, ["{}", "{\"a\":1}", "[", "null", "x" * 2000, json.dumps({"k": "v" * 100000})])
        if rng.random() < 0.1:
            fields["contentEncoding"] = pick(rng, ["gzip", "x", ""])
        if rng.random() < 0.05:
            for i in range(12):
                fields[f"f{i}"] = "v"
        for k, v in fields.items():
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode("utf-8", "surrogateescape"))
        nfiles = pick(rng, [1, 1, 1, 1, 0, 2])
        for _ in range(nfiles):
            name = pick(rng, ["", "", "file", "a\"b", "\u00e9"])
            filename = pick(rng, ["blob", "x.png", "", "../../x", "\u00e9.txt", "a" * 500])
            ct = pick(rng, CONTENT_TYPES + [None])
            head = f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
            if ct is not None:
                head += f"Content-Type: {ct}\r\n"
            parts.append(head.encode("utf-8", "surrogateescape") + b"\r\n" + data + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode("utf-8", "surrogateescape")
        r = rng.random()
        if r < 0.05:
            body = body[:rng.randrange(len(body) + 1)]  # truncated
        elif r < 0.08:
            body = body.replace(b"\r\n", b"\n")
        ctype = f"multipart/form-data; boundary={boundary}"
        r = rng.random()
        if r < 0.05:
            ctype = "multipart/form-data"
        elif r < 0.08:
            ctype = "multipart/form-data; boundary=other"
        elif r < 0.1:
            ctype = "multipart/mixed; boundary=" + boundary
        return body, ctype

    def signed_token(self, bucket, path, upload=False):
        rng = self.rng
        pool = self.upload_tokens if upload else self.sign_tokens
        r = rng.random()
        if pool and r < 0.55:
            b, p, token = pick(rng, pool)
            r2 = rng.random()
            if r2 < 0.7:
                return token
            if r2 < 0.8:
                return token[:rng.randrange(len(token))]
            if r2 < 0.9:
                i = rng.randrange(len(token))
                return token[:i] + pick(rng, ["A", "_", "-", "%", "."]) + token[i + 1:]
            return token + pick(rng, ["x", ".", "%00", "&token=x"])
        if r < 0.85:  # validly signed (signing secret = JWT secret by default), odd payloads
            now = int(time.time())
            payload = {"url": pick(rng, [f"{bucket}/{path}", f"{bucket}/{path}/", path, bucket, "", 5, None,
                                         "../" + bucket + "/" + path, f"{bucket}//{path}"]),
                       "iat": now, "exp": pick(rng, [now + 600, now - 10, 0, "x", 2**63, None, 1e300])}
            if rng.random() < 0.7:
                payload["scope"] = pick(rng, ["download", "upload", "", "x", 5])
            if rng.random() < 0.3:
                payload["upsert"] = pick(rng, [True, False, "true", 1])
            if rng.random() < 0.3:
                payload["owner"] = pick(rng, ["00000000-0000-0000-0000-000000000000", "x", 5, None, "a" * 3000])
            if rng.random() < 0.3:
                payload["transformations"] = pick(rng, ["width:100,height:100,resize:cover", "width:abc",
                                                        "width:99999999", "height:-1", ",,,", "resize:x", "quality:0",
                                                        "width:2500,height:2500", 5])
            if rng.random() < 0.2:
                payload["format"] = pick(rng, ["webp", "avif", "origin", "gif", 5])
            return fuzzlib.sign_jwt(payload, self.secret)
        return fuzzlib.forged_jwt(rng, self.secret)

    def render_query(self):
        rng = self.rng
        params = []
        for key, values in [("width", ["0", "1", "64", "100", "2500", "2501", "-1", "abc", "1.5", "99999999999999999999", ""]),
                            ("height", ["0", "1", "64", "100", "2500", "2501", "-1", "x", ""]),
                            ("resize", ["cover", "contain", "fill", "x", ""]),
                            ("quality", ["20", "100", "0", "19", "101", "-5", "x", "80"]),
                            ("format", ["origin", "avif", "webp", "jpeg", "png", "x", ""]),
                            ("download", ["", "x.png", "../x", "\u00e9"]),
                            ("gravity", ["center", "x"]), ("x_offset", ["1", "-1", "x"])]:
            if rng.random() < 0.4:
                params.append((key, pick(rng, values)))
        if rng.random() < 0.05:
            params.append(("width", "10"))  # repeated
        return params

    # --- requests ----------------------------------------------------------------------------
    def request(self, role):
        rng = self.rng
        headers = fuzzlib.auth_headers(rng, role, self.creds, self.secret)
        op = pick(rng, self.operations)
        method, path, params, body, route = op(self, headers)
        chunked = False
        if rng.random() < 0.2:
            method = pick(rng, ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO", "CONNECT"])
            if method == "OPTIONS" and rng.random() < 0.5:
                headers["origin"] = "http://example.com"
                headers["access-control-request-method"] = pick(rng, ["POST", "PUT", "x"])
                headers["access-control-request-headers"] = pick(rng, ["x-upsert, authorization", "", "a" * 3000])
        if method == "CONNECT":
            method = "GET"
        if rng.random() < 0.1:
            headers["range"] = pick(rng, ["bytes=0-1", "bytes=-5", "bytes=5-", "bytes=10-2", "bytes=0-1,3-4",
                                          "bytes=99999999999999999999-", "bytes=0-99999999999999999999",
                                          "items=0-1", "bytes=", "bytes=-0", "bytes=1-1" + ",1-1" * 500, "x"])
        if rng.random() < 0.05:
            headers[pick(rng, ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since"])] = pick(
                rng, ["\"x\"", "*", "W/\"a\"", "Thu, 01 Jan 1970 00:00:00 GMT", "x", "Fri, 31 Dec 9999 23:59:59 GMT"])
        if rng.random() < 0.02:  # huge headers
            if rng.random() < 0.5:
                headers["x-huge"] = "a" * pick(rng, [8000, 16000, 70000, 200000])
            else:
                for i in range(pick(rng, [50, 120, 400])):
                    headers[f"x-h{i}"] = "v" * 50
        if rng.random() < 0.03:
            headers["x-forwarded-for"] = pick(rng, ["1.2.3.4", "x", "::1", "1.2.3.4, 5.6.7.8", "a" * 500])
        query = urllib.parse.urlencode(params) if params else ""
        if query and rng.random() < 0.1:  # raw mutations of the query
            chars = list(query)
            for _ in range(rng.randrange(1, 4)):
                chars.insert(rng.randrange(len(chars) + 1), pick(rng, ["%", "%zz", "&", "=", "%00", "%FF", "+", "\udcff"]))
            query = "".join(chars)
        target = S + path + ("?" + query if query else "")
        if body is not None and method in ("POST", "PUT", "PATCH", "DELETE") and rng.random() < 0.05:
            chunked = True
        if body is not None and method in ("GET", "HEAD") and rng.random() < 0.8:
            body = None
        return fuzzlib.Request(role, method, target, headers, body, chunked=chunked, route=route)

    def learn(self, req, status, data):
        """Keep what the server hands out: signed URL tokens, list cursors, new buckets/objects."""
        if status != 200 or not data or data[:1] not in (b"{", b"["):
            return
        try:
            doc = json.loads(data)
        except ValueError:
            return
        items = doc if isinstance(doc, list) else [doc]
        for item in items[:20]:
            if not isinstance(item, dict):
                continue
            for key in ("signedURL", "url"):
                url = item.get(key)
                if isinstance(url, str) and "token=" in url:
                    path, _, q = url.partition("?")
                    token = urllib.parse.parse_qs(q).get("token", [""])[0]
                    parts = path.split("/")
                    upload = "/upload/sign/" in path
                    bucket_i = parts.index("sign") + 1 if "sign" in parts else 3
                    if len(parts) > bucket_i + 1 and token:
                        entry = (parts[bucket_i], "/".join(parts[bucket_i + 1:]), token)
                        pool = self.upload_tokens if upload else self.sign_tokens
                        pool.append(entry)
                        if len(pool) > 200:
                            del pool[0]
            cursor = item.get("nextCursor")
            if isinstance(cursor, str):
                self.cursors.append(cursor)
                if len(self.cursors) > 100:
                    del self.cursors[0]
            key = item.get("Key")
            if isinstance(key, str) and "/" in key:
                bucket, _, name = key.partition("/")
                if bucket in self.objects and len(self.objects[bucket]) < 300:
                    self.objects[bucket].append(name)
        if req.method == "POST" and req.path.startswith(S + "/bucket") and isinstance(doc, dict) and isinstance(doc.get("name"), str):
            if doc["name"] not in self.buckets and len(self.buckets) < 60:
                self.buckets.append(doc["name"])
                self.objects.setdefault(doc["name"], [])
