//! `staff-invite`: an owner (or the passcode) invites a staff member with a role through the auth
//! server's invite; the invitee follows the link, is signed in with the role in their token
//! (the custom access token hook), sets a password; nobody else may invite.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, TestApp, add_account, password_sign_in, spawn_app_with,
};
use reqwest::Method;
use serde_json::{Value, json};

/// The site's hook, as supabase/config.toml turns it on.
const HOOK: &[(&str, &str)] = &[
    ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "true"),
    (
        "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
        "pg-functions://postgres/public/custom_access_token_hook",
    ),
];

async fn invite(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    let response = app
        .post("/functions/v1/staff-invite")
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(token)
        .json(&body)
        .answer()
        .await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn claims(token: &str) -> Value {
    use base64::Engine as _;
    let part = token.split('.').nth(1).unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(part)
            .unwrap(),
    )
    .unwrap()
}

#[tokio::test]
async fn the_passcode_invites_an_author_who_joins_with_the_role_in_their_token() {
    let app = spawn_app_with(HOOK).await;
    let passcode = app.sign_in(&[]).await;
    let (status, body) = invite(
        &app,
        &passcode,
        json!({"action": "invite", "email": "Wren.Writer@Acme-DME.test", "role": "author", "display_name": "Wren Writer"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "invited");
    assert_eq!(body["user"]["email"], "wren.writer@acme-dme.test");
    let id = body["user"]["id"].as_str().unwrap().to_string();
    let role: String = app
        .db
        .scalar(&format!(
            "select role from private.staff_members where user_id = '{id}'"
        ))
        .await;
    assert_eq!(role, "author");

    // The emailed link (its token is on the user, as the email carries it).
    let token: String = app
        .db
        .scalar(&format!(
            "select confirmation_token from auth.users where id = '{id}'"
        ))
        .await;
    let client = cb_tests::without_redirects();
    let response = client
        .get(format!(
            "{}/auth/v1/verify?token={token}&type=invite&redirect_to=http://127.0.0.1/auth/welcome",
            app.url
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    let location = response.headers()["location"].to_str().unwrap().to_string();
    let fragment: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(location.split_once('#').unwrap().1.as_bytes())
            .into_owned()
            .collect();
    let access = &fragment["access_token"];
    let token_claims = claims(access);
    assert_eq!(token_claims["staff_role"], "author");
    assert_eq!(token_claims["user_metadata"]["display_name"], "Wren Writer");
    // They set their password and sign in with it.
    let set = app
        .with_token(Method::PUT, "/auth/v1/user", access)
        .json(&json!({"password": "wren-writes-drafts-1"}))
        .answer()
        .await;
    assert_eq!(set.status(), 200);
    let session = password_sign_in(&app, "wren.writer@acme-dme.test", "wren-writes-drafts-1").await;
    assert_eq!(
        claims(session["access_token"].as_str().unwrap())["staff_role"],
        "author"
    );

    // Invited again once they have joined: they already have an account.
    let (status, body) = invite(
        &app,
        &passcode,
        json!({"action": "invite", "email": "wren.writer@acme-dme.test", "role": "editor"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "wren.writer@acme-dme.test already has an account."
    );
}

#[tokio::test]
async fn only_owners_invite_and_bad_requests_are_refused_with_reasons() {
    let app = spawn_app_with(HOOK).await;
    let owner = add_account(&app.db, Some("owner"), "Olive Owner").await;
    let editor = add_account(&app.db, Some("editor"), "Eddie Editor").await;
    let outsider = add_account(&app.db, None, "Nora Nobody").await;
    // A forged staff_role claim on an editor's token changes nothing: the table decides.
    let forged = cb_tests::mint_jwt(
        "authenticated",
        editor.claims_with(json!({"staff_role": "owner"})),
    );
    // An owner whose session has ended (signed out, or every session revoked) holds a token
    // that still verifies, but is no owner any more; so is a deleted one.
    let signed_out = add_account(&app.db, Some("owner"), "Sam Signedout").await;
    let deleted = add_account(&app.db, Some("owner"), "Dee Deleted").await;
    app.db
        .execute(&format!(
            "delete from auth.sessions where id = '{}';
             update auth.users set deleted_at = now() where id = '{}'",
            signed_out.session_id, deleted.id
        ))
        .await;
    let not_an_owner = Some("Only an owner can invite staff.");
    for (who, token, role, error) in [
        ("editor", editor.jwt(), "author", not_an_owner),
        ("not staff", outsider.jwt(), "author", not_an_owner),
        ("forged owner claim", forged, "owner", None),
        // The anon key is not an owner either.
        ("anon key", DEMO_ANON_KEY.to_string(), "author", None),
        ("signed out", signed_out.jwt(), "author", None),
        ("deleted", deleted.jwt(), "author", None),
    ] {
        let (status, body) = invite(
            &app,
            &token,
            json!({"action": "invite", "email": "x@acme-dme.test", "role": role}),
        )
        .await;
        assert_eq!(status, 403, "{who}: {body}");
        if let Some(error) = error {
            assert_eq!(body["error"], error, "{who}");
        }
    }

    let token = owner.jwt();
    for (body, status, error) in [
        (
            json!({"action": "invite", "email": "x@acme-dme.test", "role": "admin"}),
            422,
            "Choose a role: owner, editor or author.",
        ),
        (
            json!({"action": "invite", "email": "not an email", "role": "author"}),
            422,
            "Enter a valid email address.",
        ),
        (
            json!({"action": "promote", "email": "x@acme-dme.test"}),
            400,
            "Unknown action: use 'invite' or 'resend'",
        ),
        (
            json!({"action": "resend", "user_id": outsider.id}),
            422,
            "That person is not on the staff list.",
        ),
    ] {
        let (got, answer) = invite(&app, &token, body.clone()).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert_eq!(answer["error"], error);
    }
    let (status, body) = invite(
        &app,
        &token,
        json!({"action": "invite", "email": "new.editor@acme-dme.test", "role": "editor"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, resent) = invite(
        &app,
        &token,
        json!({"action": "resend", "user_id": body["user"]["id"]}),
    )
    .await;
    assert_eq!(status, 200, "{resent}");
    let invited_by: String = app
        .db
        .scalar(&format!(
            "select invited_by::text from private.staff_members where user_id = '{}'",
            body["user"]["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(invited_by, owner.id.to_string());
}
