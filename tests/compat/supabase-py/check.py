"""supabase-py (PyPI `supabase`, pinned in requirements.txt) against a running ClaimBridge.

tests/compat/run.sh starts a server with the postgrest-js suite's schema and seed and runs this
with SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY. Each check prints PASS or
FAIL with what was expected; the exit status is non-zero if any failed.

  rest:      a filtered select with count='exact' over a range (the count comes from
             Content-Range, not from the rows), an insert returning its row, read back
  storage:   create_signed_url and create_signed_urls, each signed URL downloaded without
             credentials and compared byte for byte with what was uploaded
  functions: functions.invoke of captcha-challenge (GET), then of antispam-check with the
             solved ALTCHA proof of work, as the website's lead forms do, with the anon key
"""

import base64
import hashlib
import json
import os
import sys
import traceback
import uuid

import httpx
from supabase import create_client

URL = os.environ["SUPABASE_URL"]
ANON_KEY = os.environ["SUPABASE_ANON_KEY"]
SERVICE_ROLE_KEY = os.environ["SUPABASE_SERVICE_ROLE_KEY"]

anon = create_client(URL, ANON_KEY)
service = create_client(URL, SERVICE_ROLE_KEY)
run_id = uuid.uuid4().hex[:12]
results: list[tuple[str, bool]] = []


def check(name):
    def run(function):
        try:
            function()
            print(f"PASS  {name}", flush=True)
            results.append((name, True))
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check
            print(f"FAIL  {name}: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc(limit=3, file=sys.stdout)
            results.append((name, False))
        return function

    return run


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


@check("rest: select with count='exact', a filter and a range")
def _select_count():
    # Seed: 4 of the 5 public.users are ONLINE; the range returns 2 of them.
    res = (
        anon.table("users")
        .select("username,status", count="exact")
        .eq("status", "ONLINE")
        .order("username")
        .range(0, 1)
        .execute()
    )
    expect(res.count == 4, f"count: expected 4 (ONLINE users in the seed), got {res.count!r}")
    expect(
        res.data == [
            {"username": "awailas", "status": "ONLINE"},
            {"username": "dragarcia", "status": "ONLINE"},
        ],
        f"rows: got {res.data!r}",
    )


@check("rest: insert returning the row, then select it back")
def _insert():
    slug = f"supabase-py-{run_id}"
    res = anon.table("channels").insert({"slug": slug, "data": {"from": "supabase-py"}}).execute()
    expect(len(res.data) == 1, f"insert returned {res.data!r}")
    row = res.data[0]
    expect(row["slug"] == slug and isinstance(row["id"], int), f"inserted row: {row!r}")
    expect(row["data"] == {"from": "supabase-py"}, f"jsonb column: {row['data']!r}")
    back = anon.table("channels").select("id,slug").eq("id", row["id"]).single().execute()
    expect(back.data == {"id": row["id"], "slug": slug}, f"read back: {back.data!r}")


bucket = f"supabase-py-{run_id}"
files = {
    "docs/hello.txt": b"hello from supabase-py\n",
    "docs/nested/bytes.bin": bytes(range(256)) * 4,
}


@check("storage: create a private bucket and upload (service_role)")
def _upload():
    service.storage.create_bucket(bucket, options={"public": False})
    for path, content in files.items():
        res = service.storage.from_(bucket).upload(
            path, content, {"content-type": "application/octet-stream"}
        )
        expect(res.path == path, f"upload of {path} answered {res!r}")


def fetch_signed(signed_url, expected, label):
    response = httpx.get(signed_url)  # no apikey, no Authorization: the token is the credential
    expect(response.status_code == 200, f"{label}: GET {signed_url} -> {response.status_code} {response.text[:200]}")
    expect(response.content == expected, f"{label}: downloaded {len(response.content)} bytes, differ from the upload")


@check("storage: create_signed_url, then download the signed URL")
def _signed_url():
    path = "docs/hello.txt"
    res = service.storage.from_(bucket).create_signed_url(path, 60)
    signed = res["signedURL"]
    expect(signed and signed.startswith(f"{URL}/storage/v1/object/sign/{bucket}/{path}?token="), f"signed URL: {signed!r}")
    fetch_signed(signed, files[path], path)
    expect(httpx.get(signed.split("?")[0]).status_code >= 400, "the URL without its token must be refused")


@check("storage: create_signed_urls, then download each")
def _signed_urls():
    paths = list(files)
    res = service.storage.from_(bucket).create_signed_urls(paths, 60)
    expect([item["path"] for item in res] == paths, f"paths: {res!r}")
    for item in res:
        expect(item["error"] is None, f"{item['path']}: error {item['error']!r}")
        fetch_signed(item["signedURL"], files[item["path"]], item["path"])


def solve_altcha(challenge):
    for number in range(int(challenge["maxnumber"]) + 1):
        digest = hashlib.sha256(f"{challenge['salt']}{number}".encode()).hexdigest()
        if digest == challenge["challenge"]:
            payload = {key: challenge[key] for key in ("algorithm", "challenge", "salt", "signature")}
            payload["number"] = number
            return base64.b64encode(json.dumps(payload).encode()).decode()
    raise AssertionError("no number solves the challenge")


@check("functions: invoke captcha-challenge and antispam-check (anon key)")
def _functions():
    challenge = anon.functions.invoke(
        "captcha-challenge", invoke_options={"method": "GET", "responseType": "json"}
    )
    expect(challenge.get("algorithm") == "SHA-256", f"captcha-challenge answered {challenge!r}")
    answer = anon.functions.invoke(
        "antispam-check",
        invoke_options={
            "body": {"email": f"py-{run_id}@example.com", "altcha": solve_altcha(challenge)},
            "responseType": "json",
        },
    )
    expect(answer.get("allowed") is True, f"antispam-check answered {answer!r}")
    expect(isinstance(answer.get("ticket"), str) and len(answer["ticket"]) >= 40, f"ticket: {answer!r}")


passed = sum(1 for _, ok in results if ok)
failed = len(results) - passed
print(f"supabase-py: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
