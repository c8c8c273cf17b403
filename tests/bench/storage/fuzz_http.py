#!/usr/bin/env python3
"""Fuzzes the /storage/v1 HTTP surface with random, mostly-grammatical requests built from the
Storage API (buckets CRUD and empty; object upload by POST/PUT, raw, chunked and multipart, with
x-upsert / content-type / cache-control / content-encoding / x-metadata headers; downloads
(plain, authenticated, public, signed) with Range and conditional headers; info; list v1 and
v2 with cursors; move, copy, remove; signed download and upload URLs and uploads to them;
render/image/{public,authenticated,sign} with width/height/resize/quality/format), then
mutated: path traversal (`..`, `%2e%2e`, `%00`), raw and invalid UTF-8, very long names,
hostile JSON bodies (wrong types, deep nesting, huge numbers), broken multipart, bad, forged
and expired JWTs and signed-URL tokens (validly signed with odd claims too), huge headers,
every method on every route. Tokens and cursors the server hands out are kept and replayed.
One run rotates among the callers: the anon key, an admin token and the service_role key.

    python3 tests/bench/storage/fuzz_http.py <base url> [seconds, default 600] [seed] \\
        [--anon-key K] [--service-key K] [--admin-passcode P | --admin-token T] \\
        [--bin path/to/claimbridge] [--roles anon,admin,service_role] [--keep-going]

Keys come from the options, ANON_KEY / SERVICE_ROLE_KEY or `$CLAIMBRIDGE_BIN keys`; the admin
token from ADMIN_TOKEN or one login with E2E_ADMIN_PASSCODE (with-server.sh exports it).
Setup (service_role) creates the buckets fz-public, fz-private and fz-limited (1 KiB, png/text
only) with a few objects, among them a small valid PNG and a PNG whose header claims 60000x60000.
Fails (exit 1) on any 5xx answer or a dropped connection, printing the request and the seed to
replay it; --keep-going records them all and prints a deduplicated summary at the end, after
the counts per caller and status class. Python stdlib only.
"""
import base64
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
    def __init__(self, rng, creds, secret):
        self.rng, self.creds, self.secret = rng, creds, secret
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
        op = pick(rng, OPERATIONS)
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


# Each operation returns (method, path under /storage/v1, query params, body, route template)
# and may add headers.
def op_bucket_list(st, headers):
    rng = st.rng
    params = []
    for key, values in [("limit", ["0", "1", "10", "-1", "x", "99999999999999999999"]), ("offset", ["0", "5", "-1", "x"]),
                        ("search", ["fz", "", "%", "_", "'", "\u00e9", "a" * 5000]),
                        ("sortColumn", ["id", "name", "created_at", "updated_at", "x", "id;drop"]),
                        ("sortOrder", ["asc", "desc", "x", ""])]:
        if rng.random() < 0.3:
            params.append((key, pick(rng, values)))
    return "GET", "/bucket", params, None, "/bucket"


def op_bucket_get(st, headers):
    return pick(st.rng, ["GET", "GET", "DELETE", "HEAD"]), "/bucket/" + st.encode(st.bucket()), [], \
        (b"{}" if st.rng.random() < 0.5 else None), "/bucket/{id}"


def bucket_doc(st):
    rng = st.rng
    name = st.bucket() if rng.random() < 0.5 else f"fz-{rng.randrange(10**6)}"
    doc = {"id": name, "name": name if rng.random() < 0.8 else st.bucket()}
    if rng.random() < 0.7:
        doc["public"] = pick(rng, [True, False, "true", 1, None])
    if rng.random() < 0.5:
        doc["file_size_limit"] = pick(rng, [1024, 0, -1, None, "20MB", "30KB", "3B", "1GB", "x", "1.5MB",
                                            "99999999999999999999", 2**63, 1e300, "-5MB", "MB", "1 MB", "1TB"])
    if rng.random() < 0.5:
        doc["allowed_mime_types"] = pick(rng, [["image/png"], ["image/*"], [], None, ["*/*"], ["x"], [""], "image/png",
                                               [5], ["a" * 3000], ["image/png"] * 1000])
    if rng.random() < 0.2:
        doc["type"] = pick(rng, ["STANDARD", "ANALYTICS", "VECTOR", "x", 5])
    if rng.random() < 0.1:
        doc["versioning_status"] = pick(rng, ["DISABLED", "ENABLED", "x"])
    if rng.random() < 0.1:
        del doc["id"]
    return doc


def op_bucket_create(st, headers):
    headers["content-type"] = st.json_ct()
    return "POST", "/bucket", [], st.json_body(bucket_doc(st)), "/bucket"


def op_bucket_update(st, headers):
    headers["content-type"] = st.json_ct()
    doc = bucket_doc(st)
    if st.rng.random() < 0.3:
        doc = {k: v for k, v in doc.items() if k in ("id", "name")}
    return "PUT", "/bucket/" + st.encode(st.bucket()), [], st.json_body(doc), "/bucket/{id}"


def op_bucket_empty(st, headers):
    headers["content-type"] = st.json_ct()
    return "POST", f"/bucket/{st.encode(st.bucket())}/empty", [], st.json_body({}), "/bucket/{id}/empty"


def upload_headers_and_body(st, headers):
    rng = st.rng
    data = st.file_bytes()
    if rng.random() < 0.35:
        body, ctype = st.multipart(data)
        headers["content-type"] = ctype
    else:
        body = data
        ct = pick(rng, CONTENT_TYPES + [None])
        if ct is not None:
            headers["content-type"] = ct
        if rng.random() < 0.6:
            headers["cache-control"] = pick(rng, CACHE_CONTROLS)
        if rng.random() < 0.1:
            headers["content-encoding"] = pick(rng, ["gzip", "br", "identity", "x", ""])
        if rng.random() < 0.15:
            meta = pick(rng, [b64(json.dumps({"a": 1})), b64("[1]"), b64("null"), "!!!", "", b64("x" * 100),
                              b64(json.dumps({"k": "v" * 1100000})), b64("\xff"), "e30"])
            headers["x-metadata"] = meta
    if rng.random() < 0.7:
        headers["x-upsert"] = pick(rng, ["true", "false", "TRUE", "1", "x", ""])
    return body


def b64(text):
    return base64.b64encode(text.encode("utf-8", "surrogateescape")).decode()


def op_upload(st, headers):
    bucket = st.bucket()
    body = upload_headers_and_body(st, headers)
    method = pick(st.rng, ["POST", "POST", "PUT"])
    return method, f"/object/{st.encode(bucket)}/{st.encode(st.name(bucket))}", [], body, "/object/{bucket}/{*path}"


def op_download(st, headers):
    rng = st.rng
    bucket = st.bucket()
    prefix = pick(rng, ["/object/", "/object/", "/object/public/", "/object/authenticated/", "/object/info/",
                        "/object/info/public/", "/object/info/authenticated/"])
    params = []
    if rng.random() < 0.2:
        params.append(("download", pick(rng, ["", "x.png", "a\"b", "../x", "\u00e9 ü.txt", "a" * 2000, "\r\nx"])))
    if rng.random() < 0.1:
        params.append((pick(rng, ["cacheNonce", "versionId"]), pick(rng, ["1", "x", "", "00000000-0000-0000-0000-000000000000"])))
    method = pick(rng, ["GET", "GET", "HEAD"])
    route = prefix.rstrip("/") + "/{bucket}/{*path}"
    return method, f"{prefix}{st.encode(bucket)}/{st.encode(st.name(bucket))}", params, None, route


def op_delete_one(st, headers):
    bucket = st.bucket()
    return "DELETE", f"/object/{st.encode(bucket)}/{st.encode(st.name(bucket))}", [], None, "/object/{bucket}/{*path}"


def op_list(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    doc = {"prefix": pick(rng, ["", "dir", "dir/", "dir/sub", "nope", "%", "_", "..", "../", "/", "a" * 2000, "\u00e9"])}
    if rng.random() < 0.7:
        doc["limit"] = pick(rng, [100, 1, 0, -1, 1500, 1501, 10**12, "x", 1.5, None])
    if rng.random() < 0.5:
        doc["offset"] = pick(rng, [0, 5, -1, 10**12, "x", None])
    if rng.random() < 0.5:
        doc["sortBy"] = pick(rng, [{"column": "name", "order": "asc"}, {"column": "updated_at", "order": "desc"},
                                   {"column": "created_at"}, {"column": "last_accessed_at", "order": "x"},
                                   {"column": "x"}, {"column": "name; drop table x"}, "name", None, {}])
    if rng.random() < 0.4:
        doc["search"] = pick(rng, ["a", "", "%", "_", "\\", "'", "*", "a" * 3000, 5])
    if rng.random() < 0.1:
        del doc["prefix"]
    return "POST", f"/object/list/{st.encode(bucket)}", [], st.json_body(doc), "/object/list/{bucket}"


def op_list_v2(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    doc = {}
    if rng.random() < 0.7:
        doc["prefix"] = pick(rng, ["", "dir", "dir/", "nope/", "%", "..", "\u00e9", "a" * 2000])
    if rng.random() < 0.6:
        doc["limit"] = pick(rng, [100, 1, 2, 0, -1, 1000, 1001, 10**12, "x"])
    if rng.random() < 0.5:
        if st.cursors and rng.random() < 0.6:
            c = pick(rng, st.cursors)
            doc["cursor"] = c if rng.random() < 0.7 else c[:rng.randrange(len(c) + 1)] + pick(rng, ["", "x", "==", "%"])
        else:
            doc["cursor"] = pick(rng, ["", "x", "!!!", b64("dir/a.txt"), b64("\xff\xfe"), b64(json.dumps({"k": 1})),
                                       "a" * 5000, 5, None])
    if rng.random() < 0.5:
        doc["with_delimiter"] = pick(rng, [True, False, "true", 1, None])
    if rng.random() < 0.4:
        doc["sortBy"] = pick(rng, [{"column": "name", "order": "asc"}, {"column": "updated_at", "order": "desc"},
                                   {"column": "created_at"}, {"column": "x"}, "name", {}])
    return "POST", f"/object/list-v2/{st.encode(bucket)}", [], st.json_body(doc), "/object/list-v2/{bucket}"


def op_move_copy(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    doc = {"bucketId": bucket, "sourceKey": st.name(bucket), "destinationKey": st.name(bucket)}
    if rng.random() < 0.4:
        doc["destinationBucket"] = st.bucket()
    kind = pick(rng, ["move", "copy"])
    if kind == "copy":
        if rng.random() < 0.3:
            doc["copyMetadata"] = pick(rng, [True, False, "x"])
        if rng.random() < 0.3:
            doc["metadata"] = pick(rng, [{"cacheControl": "max-age=1", "mimetype": "image/png"}, {"mimetype": 5}, "x", None,
                                         {"contentEncoding": "gzip"}])
        if rng.random() < 0.5:
            headers["x-upsert"] = pick(rng, ["true", "false", "x"])
    if rng.random() < 0.1:
        doc.pop(pick(rng, ["bucketId", "sourceKey", "destinationKey"]))
    return "POST", f"/object/{kind}", [], st.json_body(doc), f"/object/{kind}"


def op_remove(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    prefixes = pick(rng, [[st.name(bucket) for _ in range(rng.randrange(1, 4))], [], ["a"] * 2000, [5, None],
                          [{"path": st.name(bucket), "versionId": "x"}], "x", None, [st.name(bucket) + "/"]])
    return "DELETE", f"/object/{st.encode(bucket)}", [], st.json_body({"prefixes": prefixes}), "/object/{bucket}"


def transform_doc(rng):
    return pick(rng, [{"width": 100, "height": 100, "resize": "cover"}, {"width": -1}, {"width": "x"},
                      {"quality": 5, "format": "webp"}, {"format": "x"}, {"width": 10**12}, {}, None, "x",
                      {"width": 2500, "height": 2500, "format": "avif"}])


def op_sign(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    doc = {"expiresIn": pick(rng, [60, 1, 0, -1, 3600, 10**12, 2**63, 1.5, "60", None, "x"])}
    if rng.random() < 0.3:
        doc["transform"] = transform_doc(rng)
    if rng.random() < 0.1:
        doc["versionId"] = pick(rng, ["x", 5])
    if rng.random() < 0.3:  # several paths
        doc["paths"] = pick(rng, [[st.name(bucket) for _ in range(rng.randrange(1, 4))], [], ["a"] * 3000, "x", [5], None])
        return "POST", f"/object/sign/{st.encode(bucket)}", [], st.json_body(doc), "/object/sign/{bucket}"
    return "POST", f"/object/sign/{st.encode(bucket)}/{st.encode(st.name(bucket))}", [], st.json_body(doc), \
        "/object/sign/{bucket}/{*path}"


def op_get_signed(st, headers):
    rng = st.rng
    if st.sign_tokens and rng.random() < 0.6:
        bucket, name, _ = pick(rng, st.sign_tokens)
        if rng.random() < 0.2:
            name = st.name(bucket)
    else:
        bucket = st.bucket()
        name = st.name(bucket)
    params = [("token", st.signed_token(bucket, name))] if rng.random() < 0.95 else []
    if rng.random() < 0.2:
        params.append(("download", pick(rng, ["", "x.png", "\u00e9"])))
    if rng.random() < 0.3:
        for k, v in st.render_query():
            params.append((k, v))
    prefix = pick(rng, ["/object/sign/", "/object/sign/", "/render/image/sign/"])
    route = prefix.rstrip("/") + "/{bucket}/{*path}"
    return pick(rng, ["GET", "GET", "HEAD"]), f"{prefix}{st.encode(bucket)}/{st.encode(name)}", params, None, route


def op_upload_sign(st, headers):
    rng = st.rng
    bucket = st.bucket()
    headers["content-type"] = st.json_ct()
    if rng.random() < 0.3:
        headers["x-upsert"] = pick(rng, ["true", "false", "x"])
    return "POST", f"/object/upload/sign/{st.encode(bucket)}/{st.encode(st.name(bucket))}", [], \
        st.json_body(pick(rng, [{}, {"expiresIn": 5}, []])), "/object/upload/sign/{bucket}/{*path}"


def op_upload_signed(st, headers):
    rng = st.rng
    if st.upload_tokens and rng.random() < 0.6:
        bucket, name, _ = pick(rng, st.upload_tokens)
        if rng.random() < 0.2:
            name = st.name(bucket)
    else:
        bucket = st.bucket()
        name = st.name(bucket)
    params = [("token", st.signed_token(bucket, name, upload=True))] if rng.random() < 0.95 else []
    if rng.random() < 0.5:  # no JWT is needed here
        headers.pop("authorization", None)
        headers.pop("apikey", None)
    body = upload_headers_and_body(st, headers)
    return pick(rng, ["PUT", "PUT", "POST"]), f"/object/upload/sign/{st.encode(bucket)}/{st.encode(name)}", params, body, \
        "/object/upload/sign/{bucket}/{*path}"


def op_render(st, headers):
    rng = st.rng
    bucket = pick(rng, ["fz-public", "fz-private", "fz-public", st.bucket()])
    name = pick(rng, ["img.png", "huge-claim.png", "bad.png", "img.png", st.name(bucket)])
    kind = pick(rng, ["public", "authenticated", "public", "authenticated", "sign"])
    params = st.render_query()
    if kind == "sign":
        params.append(("token", st.signed_token(bucket, name)))
    return pick(rng, ["GET", "GET", "HEAD"]), f"/render/image/{kind}/{st.encode(bucket)}/{st.encode(name)}", params, None, \
        f"/render/image/{kind}/{{bucket}}/{{*path}}"


def op_unknown(st, headers):
    rng = st.rng
    path = pick(rng, ["", "/", "/object", "/object/", "/bucket/", "/render", "/render/image/x/b/p", "/upload/resumable",
                      "/s3/x", "/vector/x", "/iceberg/x", "/cdn/fz-public", "/bucket/fz-public/lifecycle",
                      "/object/list", "/object/list-v2", "/object/sign", "/object/info", "/object/public",
                      "/object/upload/sign", "/object/upload/sign/fz-public", "/%2e%2e/rest/v1/blog_posts",
                      "/../../rest/v1/blog_posts", "//bucket", "/bucket//", "/version", "/status", "/health",
                      "/" + "a/" * 2000, "/\udcff", "/object/" + "%" * 10])
    return pick(rng, ["GET", "POST", "PUT", "DELETE", "PATCH"]), path, [], \
        (st.json_body({}) if rng.random() < 0.5 else None), "unknown:" + path[:40]


OPERATIONS = ([op_bucket_list] * 2 + [op_bucket_get] * 2 + [op_bucket_create] * 2 + [op_bucket_update] + [op_bucket_empty]
              + [op_upload] * 6 + [op_download] * 6 + [op_delete_one] + [op_list] * 3 + [op_list_v2] * 3
              + [op_move_copy] * 2 + [op_remove] + [op_sign] * 3 + [op_get_signed] * 3 + [op_upload_sign] * 2
              + [op_upload_signed] * 3 + [op_render] * 4 + [op_unknown])


def setup(fuzzer, creds, st):
    """Buckets and objects to aim at (service_role), plus a few signed tokens."""
    key = creds.get("service_role")
    if not key:
        print("note: no service_role key: no setup, the fixed buckets may not exist")
        return
    h = {"apikey": key, "authorization": f"Bearer {key}"}

    def call(method, path, body=None, extra=None, ctype="application/json"):
        headers = dict(h, **(extra or {}))
        if body is not None:
            headers["content-type"] = ctype
        req = fuzzlib.Request("service_role", method, S + path, headers, body)
        result = fuzzer.send(req)
        if result[0] == "dropped" or result[0] >= 500:
            print(f"setup: {method} {path} -> {result[0]} {result[2][:200] if result[0] != 'dropped' else result[1]}")
            return None
        st.learn(req, result[0], result[2])
        return result

    for doc in [{"id": "fz-public", "name": "fz-public", "public": True},
                {"id": "fz-private", "name": "fz-private", "public": False},
                {"id": "fz-limited", "name": "fz-limited", "public": True, "file_size_limit": 1024,
                 "allowed_mime_types": ["image/png", "text/*"]}]:
        call("POST", "/bucket", json.dumps(doc).encode())
    files = {"img.png": (SMALL_PNG, "image/png"), "huge-claim.png": (HUGE_CLAIM_PNG, "image/png"),
             "bad.png": (b"not a png at all" * 10, "image/png"), "dir/a.txt": (b"a", "text/plain"),
             "dir/sub/b.txt": (b"b", "text/plain"), "a b.txt": (b"ab", "text/plain"),
             "ünï cødé.txt": ("ü".encode(), "text/plain"), ".emptyFolderPlaceholder": (b"", "text/plain")}
    for bucket in ["fz-public", "fz-private", "fz-limited", "blog-images"]:
        for name, (data, ctype) in files.items():
            call("POST", f"/object/{bucket}/{urllib.parse.quote(name)}", data, {"x-upsert": "true"}, ctype)
            call("POST", f"/object/sign/{bucket}/{urllib.parse.quote(name)}", json.dumps({"expiresIn": 86400}).encode())
            call("POST", f"/object/upload/sign/{bucket}/{urllib.parse.quote('up/' + name)}", b"{}", {"x-upsert": "true"})
        call("POST", f"/object/list-v2/{bucket}", json.dumps({"limit": 1, "prefix": ""}).encode())
    print(f"setup: {len(st.sign_tokens)} download tokens, {len(st.upload_tokens)} upload tokens, "
          f"{len(st.cursors)} cursors", flush=True)
    fuzzer.restart_counts()


def main():
    run = fuzzlib.Run(__doc__, S)
    args, base, seed, creds, roles, rng, fuzzer = (
        run.args, run.base, run.seed, run.creds, run.roles, run.rng, run.fuzzer)
    st = Storage(rng, creds, args.jwt_secret)
    setup(fuzzer, creds, st)
    print(f"fuzzing {base}{S} for {args.seconds:.0f}s, seed {seed}, callers {', '.join(roles)}", flush=True)
    deadline = time.time() + args.seconds
    while time.time() < deadline:
        role = pick(rng, roles)
        req = st.request(role)
        result = fuzzer.record(req, fuzzer.send(req))
        if result is not None:
            st.learn(req, result[0], result[2])
    fuzzer.report()
    sys.exit(fuzzer.exit_code())


if __name__ == "__main__":
    main()
