//! Tokens an attacker can make without the project secret: unsigned, signed with a guess,
//! re-signed claims, other algorithms. None gets past any service.
use base64::Engine as _;
use cb_tests::{Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, spawn_app};
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

/// What each service answers a request carrying `token`: a REST read of `rest_path`, a Storage
/// list of `bucket`, simple-auth's validate and GoTrue's /user.
struct ServiceAnswers {
    rest: (StatusCode, Value),
    storage: (StatusCode, Value),
    function: (StatusCode, Value),
    auth: StatusCode,
}

async fn ask_every_service(
    app: &TestApp,
    token: &str,
    rest_path: &str,
    bucket: &str,
) -> ServiceAnswers {
    let post = |path: &str, body: Value| {
        app.with_token(reqwest::Method::POST, path, token)
            .json(&body)
    };
    ServiceAnswers {
        rest: status_and_body(app.with_token(
            reqwest::Method::GET,
            &format!("/rest/v1/{rest_path}"),
            token,
        ))
        .await,
        storage: status_and_body(post(
            &format!("/storage/v1/object/list/{bucket}"),
            json!({"prefix": ""}),
        ))
        .await,
        function: status_and_body(post(
            "/functions/v1/simple-auth",
            json!({"action": "validate", "token": "x"}),
        ))
        .await,
        auth: status_and_body(app.with_token(reqwest::Method::GET, "/auth/v1/user", token))
            .await
            .0,
    }
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
        let answers =
            ask_every_service(app, &token, "blog_posts?select=id&limit=1", "blog-images").await;
        let (rest, body) = answers.rest;
        let (storage, function) = (answers.storage.0, answers.function.0);
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

/// With asymmetric signing keys: tokens that name a key of the set but were not signed by it
/// with its algorithm. Among them, tokens signed with the real keys or the real secret under the
/// wrong header, which only the kid-and-algorithm check refuses.
#[tokio::test]
async fn no_token_naming_a_signing_key_it_was_not_signed_with_gets_past_any_service() {
    use cb_server::app::cb_auth::SigningKeys;

    let keys_path = cb_tests::workspace_root().join("tests/fixtures/signing-keys/es256-rs256.json");
    let file: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&keys_path).unwrap()).unwrap();
    let app =
        cb_tests::spawn_app_with(&[("AUTH_SIGNING_KEYS_PATH", keys_path.to_str().unwrap())]).await;
    let (es, rs) = (&file[0], &file[1]);
    let (es_kid, rs_kid) = (es["kid"].as_str().unwrap(), rs["kid"].as_str().unwrap());
    let service = json!({"role": "service_role", "iss": "supabase", "exp": cb_tests::now() + 600});
    let with_header = |alg: Algorithm, kid: Option<&str>, key: &EncodingKey| {
        let mut header = Header::new(alg);
        header.kid = kid.map(str::to_string);
        jsonwebtoken::encode(&header, &service, key).unwrap()
    };
    // The real keys' tokens, re-headed: signature and algorithm stay, the kid changes.
    let signed_by = |key: &Value| {
        SigningKeys::from_jwks(&json!([key]).to_string())
            .unwrap()
            .sign(&service)
    };
    let reheaded = |token: &str, header: Value| {
        let (_, rest) = token.split_once('.').unwrap();
        format!("{}.{rest}", b64(header.to_string().as_bytes()))
    };
    let es_token = signed_by(es);
    let rs_token = signed_by(rs);
    let secret = EncodingKey::from_secret(cb_tests::DEMO_JWT_SECRET.as_bytes());
    // HMAC keyed with the public key as a client would fetch it (the JWKS entry's JSON, its x).
    let public_as_secret = EncodingKey::from_secret(es["x"].as_str().unwrap().as_bytes());
    let public_json_as_secret = EncodingKey::from_secret(
        json!({"kty": "EC", "crv": "P-256", "x": es["x"], "y": es["y"]})
            .to_string()
            .as_bytes(),
    );
    let cases = vec![
        (
            "HS256 with the project secret, naming the ES256 key",
            with_header(Algorithm::HS256, Some(es_kid), &secret),
        ),
        (
            "HS256 keyed with the ES256 public x (alg confusion)",
            with_header(Algorithm::HS256, Some(es_kid), &public_as_secret),
        ),
        (
            "HS256 keyed with the ES256 public JWK (alg confusion)",
            with_header(Algorithm::HS256, Some(es_kid), &public_json_as_secret),
        ),
        (
            "ES256 signature, header naming the RS256 key",
            reheaded(&es_token, json!({"alg": "ES256", "kid": rs_kid})),
        ),
        (
            "RS256 signature, header naming the ES256 key",
            reheaded(&rs_token, json!({"alg": "RS256", "kid": es_kid})),
        ),
        (
            "ES256 signature, header saying RS256",
            reheaded(&es_token, json!({"alg": "RS256", "kid": es_kid})),
        ),
        (
            "ES256 signature without a kid",
            reheaded(&es_token, json!({"alg": "ES256", "typ": "JWT"})),
        ),
        (
            "ES256 signature under an unknown kid",
            reheaded(&es_token, json!({"alg": "ES256", "kid": "a-kid-of-nobody"})),
        ),
        (
            "alg none naming the ES256 key",
            format!(
                "{}.{}.",
                b64(json!({"alg": "none", "kid": es_kid}).to_string().as_bytes()),
                b64(service.to_string().as_bytes())
            ),
        ),
    ];
    for (why, token) in cases {
        let answers = ask_every_service(&app, &token, "leads?select=id", "whitepapers").await;
        let (status, body) = answers.rest;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "rest, {why}: {body}");
        let (status, body) = answers.storage;
        assert!(
            status == StatusCode::BAD_REQUEST || status == StatusCode::FORBIDDEN,
            "storage, {why}: {status} {body}"
        );
        let (status, body) = answers.function;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "functions, {why}: {body}");
        assert!(
            answers.auth == StatusCode::UNAUTHORIZED || answers.auth == StatusCode::FORBIDDEN,
            "auth, {why}: {}",
            answers.auth
        );
    }
    // The same keys' honest tokens pass, so the refusals above are the header's doing.
    for token in [es_token, rs_token] {
        let (status, body) = status_and_body(app.with_token(
            reqwest::Method::GET,
            "/rest/v1/leads?select=id",
            &token,
        ))
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}
