//! Tokens an attacker can make without the project secret: unsigned, signed with a guess,
//! re-signed claims, other algorithms. None gets past any service.
use base64::Engine as _;
use cb_tests::{Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, spawn_app};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn forged_tokens() -> Vec<(&'static str, String)> {
    let service = json!({"role": "service_role", "iss": "supabase"});
    let unsigned = format!(
        "{}.{}.",
        b64(br#"{"alg":"none","typ":"JWT"}"#),
        b64(service.to_string().as_bytes())
    );
    let guessed = |secret: &str, alg: Algorithm| {
        jsonwebtoken::encode(
            &Header::new(alg),
            &service,
            &EncodingKey::from_secret(secret.as_bytes()),
        )
        .unwrap()
    };
    // The anon key's signature on service_role claims.
    let mut parts: Vec<&str> = DEMO_ANON_KEY.split('.').collect();
    let swapped = b64(service.to_string().as_bytes());
    parts[1] = &swapped;
    let resigned = parts.join(".");
    // The service key with its algorithm changed in the header.
    let mut parts: Vec<String> = DEMO_SERVICE_ROLE_KEY.split('.').map(String::from).collect();
    parts[0] = b64(br#"{"alg":"HS384","typ":"JWT"}"#);
    let alg_swapped = parts.join(".");
    vec![
        ("alg none", unsigned),
        ("guessed secret", guessed("secret", Algorithm::HS256)),
        (
            "a long guessed secret",
            guessed(
                "claimbridge-production-secret-guess-with-32-chars",
                Algorithm::HS512,
            ),
        ),
        ("anon signature on service claims", resigned),
        ("algorithm swapped", alg_swapped),
        ("garbage", "a.b.c".into()),
    ]
}

async fn status_and_body(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let response = request.answer().await;
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn no_forged_token_gets_past_any_service() {
    let app = spawn_app().await;
    for (why, token) in forged_tokens() {
        let (status, body) = status_and_body(app.with_token(
            reqwest::Method::GET,
            "/rest/v1/leads?select=id",
            &token,
        ))
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "rest, {why}: {body}");
        assert!(
            body["code"].as_str().unwrap().starts_with("PGRST30"),
            "{why}: {body}"
        );

        let (status, body) =
            status_and_body(app.with_token(reqwest::Method::GET, "/storage/v1/bucket", &token))
                .await;
        assert!(
            status == StatusCode::BAD_REQUEST || status == StatusCode::FORBIDDEN,
            "storage, {why}: {status} {body}"
        );
        let (status, body) = status_and_body(
            app.with_token(
                reqwest::Method::DELETE,
                "/storage/v1/object/whitepapers",
                &token,
            )
            .json(&json!({"prefixes": ["anything.pdf"]})),
        )
        .await;
        assert!(
            status.is_client_error(),
            "storage delete, {why}: {status} {body}"
        );

        // As the caller's JWT, verify_jwt refuses it; as an admin token to validate, it is
        // not valid.
        let (status, body) = status_and_body(
            app.with_token(reqwest::Method::POST, "/functions/v1/simple-auth", &token)
                .json(&json!({"action": "validate", "token": token})),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "simple-auth, {why}: {body}"
        );
        assert!(
            body["code"].as_str().unwrap().starts_with("UNAUTHORIZED_"),
            "{why}: {body}"
        );
        let (status, body) = status_and_body(
            app.anon(reqwest::Method::POST, "/functions/v1/simple-auth")
                .json(&json!({"action": "validate", "token": token})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "simple-auth, {why}");
        assert_eq!(body["valid"], false, "{why}: {body}");

        let (status, _) =
            status_and_body(app.with_token(reqwest::Method::GET, "/auth/v1/user", &token)).await;
        assert!(
            status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN,
            "auth, {why}: {status}"
        );
    }
}

/// A JWT secret rotation: tokens signed with the secret in JWT_SECRETS_ACCEPTED verify on every
/// service while it is listed, and nowhere once it is not.
#[tokio::test]
async fn a_rotations_other_secret_is_accepted_only_while_listed() {
    const OTHER: &str = "the-other-secret-of-a-rotation-0123456789abcdef";
    let token = jsonwebtoken::encode(
        &Header::default(),
        &json!({"role": "anon", "exp": cb_tests::now() + 600}),
        &EncodingKey::from_secret(OTHER.as_bytes()),
    )
    .unwrap();
    let rotating = cb_tests::spawn_app_with(&[("JWT_SECRETS_ACCEPTED", OTHER)]).await;
    let plain = spawn_app().await;
    for (app, accepted) in [(&rotating, true), (&plain, false)] {
        let (rest, body) = status_and_body(app.with_token(
            reqwest::Method::GET,
            "/rest/v1/blog_posts?select=id&limit=1",
            &token,
        ))
        .await;
        let (storage, _) = status_and_body(
            app.with_token(
                reqwest::Method::POST,
                "/storage/v1/object/list/blog-images",
                &token,
            )
            .json(&json!({"prefix": ""})),
        )
        .await;
        let (function, _) = status_and_body(
            app.with_token(reqwest::Method::POST, "/functions/v1/simple-auth", &token)
                .json(&json!({"action": "validate", "token": "x"})),
        )
        .await;
        if accepted {
            assert_eq!(rest, StatusCode::OK, "{body}");
            assert_eq!(storage, StatusCode::OK);
            assert_eq!(function, StatusCode::OK);
        } else {
            assert_eq!(rest, StatusCode::UNAUTHORIZED);
            assert!(storage.is_client_error() && storage != StatusCode::OK);
            assert_eq!(function, StatusCode::UNAUTHORIZED);
        }
    }
}
