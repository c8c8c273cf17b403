//! TOTP factors: enrol, challenge, verify (the session reaches aal2, the code is good once),
//! the AAL rules for unenrolling and for password changes, and the admin's factor endpoints.
use cb_tests::{Answer as _, create_user, ok_json, password_sign_in, spawn_app_with};
use hmac::Mac as _;
use reqwest::Method;
use serde_json::{Value, json};

use super::support::{admin, auth, claims, expect_code, expect_error, refresh, text};

/// The TOTP code of `secret` (base32) for the current 30-second step, as an authenticator app
/// computes it (RFC 6238 with HMAC-SHA1, six digits).
fn totp_now(secret: &str) -> String {
    totp_at(secret, cb_tests::now() / 30)
}

fn totp_at(secret: &str, step: i64) -> String {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let (mut buffer, mut bits, mut key) = (0u32, 0u32, Vec::new());
    for c in secret.bytes() {
        buffer = (buffer << 5) | alphabet.iter().position(|&b| b == c).unwrap() as u32;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            key.push((buffer >> bits) as u8);
        }
    }
    let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(&key).unwrap();
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = (digest[19] & 0xf) as usize;
    let number = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]) % 1_000_000;
    format!("{number:06}")
}

#[tokio::test]
async fn a_totp_factor_raises_the_session_to_aal2_and_codes_work_once() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "editor@acme-dme.test", "editor-password-1").await;
    let session = password_sign_in(&app, "editor@acme-dme.test", "editor-password-1").await;
    let access = text(&session["access_token"]).to_string();
    let factor = ok_json(
        auth(&app, Method::POST, "/factors")
            .bearer_auth(&access)
            .json(&json!({"factor_type": "totp", "friendly_name": "Phone app"})),
    )
    .await;
    assert_eq!(factor["type"], "totp");
    assert_eq!(factor["friendly_name"], "Phone app");
    let secret = text(&factor["totp"]["secret"]).to_string();
    assert!(text(&factor["totp"]["uri"]).starts_with("otpauth://totp/"));
    assert!(text(&factor["totp"]["qr_code"]).contains("<svg"));
    let id = text(&factor["id"]).to_string();

    let challenge = |token: &str| {
        auth(&app, Method::POST, &format!("/factors/{id}/challenge")).bearer_auth(token.to_string())
    };
    let first = ok_json(challenge(&access)).await;
    assert_eq!(first["type"], "totp");
    assert!(first["expires_at"].as_i64().unwrap() > cb_tests::now());
    let verify = |token: &str, challenge_id: &Value, code: &str| {
        auth(&app, Method::POST, &format!("/factors/{id}/verify"))
            .bearer_auth(token.to_string())
            .json(&json!({"challenge_id": challenge_id, "code": code}))
    };
    expect_error(
        verify(&access, &first["id"], "000000").answer().await,
        422,
        "mfa_verification_failed",
        "Invalid TOTP code entered",
    )
    .await;
    let code = totp_now(&secret);
    let upgraded = ok_json(verify(&access, &first["id"], &code)).await;
    let token = claims(text(&upgraded["access_token"]));
    assert_eq!(token["aal"], "aal2");
    let methods: Vec<&str> = token["amr"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| text(&entry["method"]))
        .collect();
    assert!(
        methods.contains(&"totp") && methods.contains(&"password"),
        "{methods:?}"
    );
    assert_eq!(upgraded["user"]["factors"][0]["status"], "verified");
    // The refresh token from before verification is spent; the new one keeps aal2.
    assert_ne!(upgraded["refresh_token"], session["refresh_token"]);
    let refreshed: Value = refresh(&app, text(&upgraded["refresh_token"]))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(claims(text(&refreshed["access_token"]))["aal"], "aal2");

    // The answered challenge cannot be answered again (refused before the code is looked at).
    let aal2 = text(&refreshed["access_token"]).to_string();
    expect_code(
        verify(&aal2, &first["id"], &code).answer().await,
        422,
        "mfa_challenge_expired",
    )
    .await;

    // The same code on a new challenge: refused (single use).
    let second = ok_json(challenge(&aal2)).await;
    expect_error(
        verify(&aal2, &second["id"], &code).answer().await,
        422,
        "mfa_verification_failed",
        "Invalid TOTP code entered",
    )
    .await;

    // A password sign-in is aal1 until the code: changing the password needs aal2 then.
    let fresh = password_sign_in(&app, "editor@acme-dme.test", "editor-password-1").await;
    assert_eq!(claims(text(&fresh["access_token"]))["aal"], "aal1");
    expect_error(
        auth(&app, Method::PUT, "/user")
            .bearer_auth(text(&fresh["access_token"]))
            .json(&json!({"password": "other-password-2"}))
            .answer()
            .await,
        401,
        "insufficient_aal",
        "AAL2 session is required to update email or password when MFA is enabled.",
    )
    .await;
    expect_error(
        auth(&app, Method::DELETE, &format!("/factors/{id}"))
            .bearer_auth(text(&fresh["access_token"]))
            .answer()
            .await,
        422,
        "insufficient_aal",
        "AAL2 required to unenroll verified factor",
    )
    .await;
    let removed =
        ok_json(auth(&app, Method::DELETE, &format!("/factors/{id}")).bearer_auth(&aal2)).await;
    assert_eq!(removed["id"], id.as_str());
}

#[tokio::test]
async fn challenges_expire_answer_once_and_belong_to_their_factor() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "a@acme-dme.test", "password-for-a-1").await;
    create_user(&app, "b@acme-dme.test", "password-for-b-1").await;
    let a = password_sign_in(&app, "a@acme-dme.test", "password-for-a-1").await;
    let b = password_sign_in(&app, "b@acme-dme.test", "password-for-b-1").await;
    let factor = ok_json(
        auth(&app, Method::POST, "/factors")
            .bearer_auth(text(&a["access_token"]))
            .json(&json!({"factor_type": "totp"})),
    )
    .await;
    let id = text(&factor["id"]);
    // Someone else's factor is not found.
    expect_error(
        auth(&app, Method::POST, &format!("/factors/{id}/challenge"))
            .bearer_auth(text(&b["access_token"]))
            .answer()
            .await,
        404,
        "mfa_factor_not_found",
        "Factor not found",
    )
    .await;
    let challenge = ok_json(
        auth(&app, Method::POST, &format!("/factors/{id}/challenge"))
            .bearer_auth(text(&a["access_token"])),
    )
    .await;
    app.db
        .execute(&format!("update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = '{}'", text(&challenge["id"])))
        .await;
    let expired = auth(&app, Method::POST, &format!("/factors/{id}/verify"))
        .bearer_auth(text(&a["access_token"]))
        .json(&json!({"challenge_id": challenge["id"], "code": totp_now(text(&factor["totp"]["secret"]))}))
        .answer()
        .await;
    assert_eq!(expired.status(), 422);
    assert_eq!(
        expired.json::<Value>().await.unwrap()["code"],
        "mfa_challenge_expired"
    );
    // Phone and WebAuthn factors are not offered.
    expect_error(
        auth(&app, Method::POST, "/factors")
            .bearer_auth(text(&a["access_token"]))
            .json(&json!({"factor_type": "phone", "phone": "+15555550100"}))
            .answer()
            .await,
        422,
        "mfa_phone_enroll_not_enabled",
        "MFA enroll is disabled for Phone",
    )
    .await;
}

#[tokio::test]
async fn admins_list_and_delete_factors() {
    let app = spawn_app_with(&[]).await;
    let user = create_user(&app, "lost-phone@acme-dme.test", "lost-phone-pass-1").await;
    let session = password_sign_in(&app, "lost-phone@acme-dme.test", "lost-phone-pass-1").await;
    let factor = ok_json(
        auth(&app, Method::POST, "/factors")
            .bearer_auth(text(&session["access_token"]))
            .json(&json!({"factor_type": "totp", "friendly_name": "Old phone"})),
    )
    .await;
    let listed = ok_json(admin(
        &app,
        Method::GET,
        &format!("/admin/users/{user}/factors"),
    ))
    .await;
    assert_eq!(listed[0]["id"], factor["id"]);
    assert_eq!(listed[0]["friendly_name"], "Old phone");
    let deleted = ok_json(admin(
        &app,
        Method::DELETE,
        &format!("/admin/users/{user}/factors/{}", text(&factor["id"])),
    ))
    .await;
    assert_eq!(deleted["id"], factor["id"]);
    assert_eq!(
        ok_json(admin(
            &app,
            Method::GET,
            &format!("/admin/users/{user}/factors")
        ))
        .await,
        json!([])
    );
}
