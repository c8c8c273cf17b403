"""The storage fuzzer's operations: one request shape per Storage API route, weighted in
OPERATIONS."""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fuzzlib import pick  # noqa: E402
from fuzz_model import CACHE_CONTROLS, CONTENT_TYPES  # noqa: E402


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


def signed_target(st, tokens):
    """Mostly an object a token was issued for (now and then another name in its bucket, which the
    token does not cover), else a fresh one."""
    rng = st.rng
    if tokens and rng.random() < 0.6:
        bucket, name, _ = pick(rng, tokens)
        if rng.random() < 0.2:
            name = st.name(bucket)
    else:
        bucket = st.bucket()
        name = st.name(bucket)
    return bucket, name


def op_get_signed(st, headers):
    rng = st.rng
    bucket, name = signed_target(st, st.sign_tokens)
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
    bucket, name = signed_target(st, st.upload_tokens)
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
