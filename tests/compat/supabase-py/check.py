"""supabase-py (PyPI `supabase`, pinned in requirements.txt) against a running ClaimBridge.

tests/compat/run.sh starts a server with the postgrest-js suite's schema and seed, and another
with the auth-js suite's config.toml (signup on, no email confirmation), and runs this with
SUPABASE_URL (the first), SUPABASE_AUTH_URL (the second; default SUPABASE_URL),
SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY. Each check prints PASS or FAIL with what was
expected; the exit status is non-zero if any failed. With `--results FILE` the outcomes are also
written to FILE in jest's --json format, which run.sh compares with known-failures.txt here
(harness/compare.js, as for the jest suites): a failure must be listed there, with its reason.

  rest:      a filtered select with count='exact' over a range (the count comes from
             Content-Range, not from the rows), an insert returning its row, read back
  storage:   create_signed_url and create_signed_urls, each signed URL downloaded without
             credentials and compared byte for byte with what was uploaded
  functions: functions.invoke of captcha-challenge (GET), then of antispam-check with the
             solved ALTCHA proof of work, as the website's lead forms do, with the anon key
  auth:      a user's way through (anon key): sign_up, sign_in_with_password, get_user,
             refresh_session, update_user (metadata and password), sign_out (its refresh token
             is then refused); the admin API (service role key): create_user, list_users,
             generate_link (its action link followed to the redirect with a session),
             delete_user; and the admin API refusing the anon key. A check that needs what an
             earlier one made says so when that one failed.
"""

import argparse
import base64
import hashlib
import json
import os
import sys
import time
import traceback
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
from supabase import ClientOptions, create_client
from supabase_auth.errors import AuthApiError

parser = argparse.ArgumentParser(description="supabase-py against a running ClaimBridge")
parser.add_argument("--results", help="also write the outcomes to this file, in jest's --json format")
args = parser.parse_args()

URL = os.environ["SUPABASE_URL"]
AUTH_URL = os.environ.get("SUPABASE_AUTH_URL") or URL
ANON_KEY = os.environ["SUPABASE_ANON_KEY"]
SERVICE_ROLE_KEY = os.environ["SUPABASE_SERVICE_ROLE_KEY"]

anon = create_client(URL, ANON_KEY)
service = create_client(URL, SERVICE_ROLE_KEY)
run_id = uuid.uuid4().hex[:12]
started = time.time()
results: list[tuple[str, bool, str]] = []  # (name, passed, failure message)


def check(name):
    def run(function):
        try:
            function()
            print(f"PASS  {name}", flush=True)
            results.append((name, True, ""))
        except Exception as error:  # noqa: BLE001 - every failure is reported, then the next check
            message = f"{type(error).__name__}: {error}"
            print(f"FAIL  {name}: {message}", flush=True)
            trace = traceback.format_exc(limit=3)
            if not args.results:  # with --results, compare.js shows it for an unlisted failure
                print(trace, end="", flush=True)
            results.append((name, False, f"{message}\n{trace}"))
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


# ---- auth -------------------------------------------------------------------------------------
def auth_client(key):
    """An auth client of its own: its session in memory, no background refresh."""
    options = ClientOptions(auto_refresh_token=False, persist_session=True)
    return create_client(AUTH_URL, key, options=options).auth


def expect_api_error(call, status, label):
    """call() must raise AuthApiError with this HTTP status."""
    try:
        call()
    except AuthApiError as error:
        expect(
            error.status == status,
            f"{label}: expected HTTP {status}, got {error.status} ({error.code}: {error.message})",
        )
        return error
    raise AssertionError(f"{label}: expected HTTP {status}, the call succeeded")


user_auth = auth_client(ANON_KEY)
admin = auth_client(SERVICE_ROLE_KEY).admin
person = {
    "email": f"py-{run_id}@example.com",
    "password": f"first-{run_id}",
    "new_password": f"second-{run_id}",
}
admin_person = {"email": f"py-admin-{run_id}@example.com", "password": f"admin-{run_id}"}
state: dict = {}


def need(key, made_by):
    expect(key in state, f"needs what {made_by} makes, and {made_by} failed")
    return state[key]


@check("auth: sign_up with email and password (no confirmation: a session)")
def _sign_up():
    res = user_auth.sign_up(
        {
            "email": person["email"],
            "password": person["password"],
            "options": {"data": {"from": "supabase-py"}},
        }
    )
    expect(res.user is not None and res.user.email == person["email"], f"user: {res.user!r}")
    expect(res.user.user_metadata.get("from") == "supabase-py", f"user_metadata: {res.user.user_metadata!r}")
    expect(res.session is not None and res.session.access_token, f"session: {res.session!r}")
    expect(res.session.refresh_token, f"refresh_token: {res.session!r}")
    state["user_id"] = res.user.id


@check("auth: sign_in_with_password (and a wrong password refused with 400)")
def _sign_in():
    user_id = need("user_id", "sign_up")
    res = user_auth.sign_in_with_password({"email": person["email"], "password": person["password"]})
    expect(res.user is not None and res.user.id == user_id, f"user: {res.user!r}")
    expect(res.session is not None and res.session.token_type == "bearer", f"session: {res.session!r}")
    expect(res.session.expires_in and res.session.expires_at, f"expiry: {res.session!r}")
    state["session"] = res.session
    expect_api_error(
        lambda: auth_client(ANON_KEY).sign_in_with_password(
            {"email": person["email"], "password": "wrong-password"}
        ),
        400,
        "a wrong password",
    )


@check("auth: get_user with the session's access token (a bad token refused with 403)")
def _get_user():
    session = need("session", "sign_in_with_password")
    res = user_auth.get_user()
    expect(res is not None and res.user.id == session.user.id, f"user: {res!r}")
    expect(res.user.email == person["email"] and res.user.role == "authenticated", f"user: {res.user!r}")
    expect_api_error(lambda: user_auth.get_user("not-a-jwt"), 403, "get_user with a bad token")


@check("auth: refresh_session (rotation: a new refresh token)")
def _refresh():
    session = need("session", "sign_in_with_password")
    res = user_auth.refresh_session()
    expect(res.session is not None and res.session.access_token, f"session: {res.session!r}")
    expect(res.session.refresh_token != session.refresh_token, "the refresh token was not rotated")
    expect(res.user is not None and res.user.id == session.user.id, f"user: {res.user!r}")
    state["session"] = res.session


@check("auth: update_user (metadata and password), then sign in with the new password only")
def _update_user():
    need("session", "sign_in_with_password")
    res = user_auth.update_user({"data": {"nickname": "py"}, "password": person["new_password"]})
    metadata = res.user.user_metadata
    expect(metadata.get("nickname") == "py" and metadata.get("from") == "supabase-py", f"user_metadata: {metadata!r}")
    other = auth_client(ANON_KEY)
    signed_in = other.sign_in_with_password({"email": person["email"], "password": person["new_password"]})
    expect(signed_in.session is not None, f"sign-in with the new password: {signed_in!r}")
    other.sign_out({"scope": "local"})
    expect_api_error(
        lambda: auth_client(ANON_KEY).sign_in_with_password(
            {"email": person["email"], "password": person["password"]}
        ),
        400,
        "the old password",
    )


@check("auth: sign_out (its refresh token is then refused)")
def _sign_out():
    need("session", "sign_in_with_password")
    session = user_auth.get_session()
    expect(session is not None, "no session stored before sign_out")
    user_auth.sign_out()
    expect(user_auth.get_session() is None, "a session is still stored after sign_out")
    expect_api_error(
        lambda: auth_client(ANON_KEY).refresh_session(session.refresh_token),
        400,
        "refreshing with the signed-out session's refresh token",
    )


@check("auth admin: create_user (email confirmed, app_metadata)")
def _create_user():
    res = admin.create_user(
        {
            "email": admin_person["email"],
            "password": admin_person["password"],
            "email_confirm": True,
            "app_metadata": {"roles": ["editor"]},
            "user_metadata": {"from": "supabase-py admin"},
        }
    )
    user = res.user
    expect(user.email == admin_person["email"] and user.email_confirmed_at, f"user: {user!r}")
    expect(user.app_metadata.get("roles") == ["editor"], f"app_metadata: {user.app_metadata!r}")
    expect(user.app_metadata.get("provider") == "email", f"app_metadata.provider: {user.app_metadata!r}")
    state["admin_user_id"] = user.id


@check("auth admin: list_users includes the created user")
def _list_users():
    user_id = need("admin_user_id", "create_user")
    users = admin.list_users(page=1, per_page=50)
    expect(user_id in [user.id for user in users], f"{user_id} not among {[user.email for user in users]}")


@check("auth admin: generate_link (magiclink), its action link redirects with a session")
def _generate_link():
    need("admin_user_id", "create_user")
    # On the site's own origin (config.toml's site_url), which GoTrue always allows; the exact
    # URLs of additional_redirect_urls allow only themselves.
    redirect_to = "http://127.0.0.1:3000/welcome"
    res = admin.generate_link(
        {"type": "magiclink", "email": admin_person["email"], "options": {"redirect_to": redirect_to}}
    )
    props = res.properties
    expect(res.user.email == admin_person["email"], f"user: {res.user!r}")
    expect(props.verification_type == "magiclink", f"verification_type: {props.verification_type!r}")
    expect(props.email_otp and len(props.email_otp) == 6, f"email_otp: {props.email_otp!r}")
    link = urlsplit(props.action_link)
    query = parse_qs(link.query)
    expect(link.path.endswith("/auth/v1/verify"), f"action_link: {props.action_link}")
    expect(
        query.get("type") == ["magiclink"] and query.get("token") == [props.hashed_token],
        f"action_link: {props.action_link}",
    )
    expect(query.get("redirect_to") == [redirect_to], f"action_link's redirect_to: {props.action_link}")
    # The link names the server's public URL; it is followed on the server under test.
    answer = httpx.get(f"{AUTH_URL}/auth/v1/verify", params={k: v[0] for k, v in query.items()})
    expect(answer.status_code in (302, 303), f"GET verify -> {answer.status_code} {answer.text[:200]}")
    location = answer.headers.get("location", "")
    fragment = parse_qs(urlsplit(location).fragment)
    expect(location.startswith(redirect_to), f"redirected to {location!r}")
    expect(fragment.get("access_token") and fragment.get("refresh_token"), f"no session in {location!r}")
    user = auth_client(ANON_KEY).get_user(fragment["access_token"][0])
    expect(user is not None and user.user.email == admin_person["email"], f"the link's session is {user!r}")


@check("auth admin: delete_user, then get_user_by_id answers 404")
def _delete_user():
    user_id = need("admin_user_id", "create_user")
    admin.delete_user(user_id)
    expect_api_error(lambda: admin.get_user_by_id(user_id), 404, "the deleted user")


@check("auth admin: the anon key is refused (403)")
def _admin_refuses_anon():
    expect_api_error(lambda: auth_client(ANON_KEY).admin.list_users(), 403, "list_users with the anon key")


passed = sum(1 for _, ok, _ in results if ok)
failed = len(results) - passed
print(f"supabase-py: {passed} passed, {failed} failed")
if args.results:
    # jest's --json shape, as much of it as harness/compare.js reads.
    report = {
        "numTotalTests": len(results),
        "numPassedTests": passed,
        "numFailedTests": failed,
        "testResults": [
            {
                "name": os.path.abspath(__file__),
                "status": "failed" if failed else "passed",
                "message": "",
                "startTime": int(started * 1000),
                "endTime": int(time.time() * 1000),
                "assertionResults": [
                    {
                        "fullName": name,
                        "title": name,
                        "status": "passed" if ok else "failed",
                        "failureMessages": [message] if message else [],
                    }
                    for name, ok, message in results
                ],
            }
        ],
    }
    with open(args.results, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2)
sys.exit(1 if failed else 0)
