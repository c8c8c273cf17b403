//! Signed render URLs: their transformations, their expiry and their scope.
use super::*;
use cb_tests::HeaderText as _;

fn token_of(signed_url: &str) -> &str {
    signed_url.split("token=").nth(1).unwrap()
}

fn payload(token: &str) -> Value {
    let part = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn signed_urls_carry_their_transformations() {
    let (fixture, reader) = Fixture::with_a_vault_reader().await;
    let app = &fixture.app;
    let sign = |body: Value| {
        call(app, Method::POST, "/object/sign/vault/secret.jpg", &reader)
            .json(&body)
            .status_json()
    };

    // createSignedUrl(path, 60, { transform: { width: 100, height: 100, resize: 'contain' } })
    let (status, signed) = sign(
        json!({"expiresIn": 60, "transform": {"width": 100, "height": 100, "resize": "contain"}}),
    )
    .await;
    assert_eq!(status, 200, "{signed}");
    let signed_url = signed["signedURL"].as_str().unwrap().to_string();
    assert!(
        signed_url.starts_with("/render/image/sign/vault/secret.jpg?token="),
        "{signed_url}"
    );
    let claims = payload(token_of(&signed_url));
    assert_eq!(
        claims["transformations"],
        "height:100,width:100,resize:contain"
    );
    assert_eq!(claims["url"], "vault/secret.jpg");
    assert_eq!(claims["scope"], "download");
    let response = get(app, &signed_url, Some(CHROME_ACCEPT)).await;
    assert!(response.headers().contains_key("expires"));
    assert!(!response.headers().contains_key("cache-control"));
    assert_eq!(
        response.header_text("x-transformations"),
        "height:100,width:100,resizing_type:fit"
    );
    let (format, image, _) = picture_of(response).await;
    assert_eq!((format, image.dimensions()), (ImageFormat::WebP, (100, 75)));
    // The query cannot change what was signed.
    let overridden = format!("{signed_url}&width=10&height=10&resize=fill");
    assert_eq!(dimensions(app, &overridden).await, (100, 75));
    // format: 'origin' is kept.
    let (_, origin) =
        sign(json!({"expiresIn": 60, "transform": {"width": 40, "format": "origin"}})).await;
    let origin_url = origin["signedURL"].as_str().unwrap();
    let response = get(app, origin_url, Some(CHROME_ACCEPT)).await;
    let (format, image, _) = picture_of(response).await;
    assert_eq!((format, image.dimensions()), (ImageFormat::Jpeg, (40, 30)));

    // A transform that changes nothing gives a plain download URL, as Storage does.
    let (_, plain) = sign(json!({"expiresIn": 60, "transform": {"format": "origin"}})).await;
    assert!(
        plain["signedURL"]
            .as_str()
            .unwrap()
            .starts_with("/object/sign/vault/secret.jpg?token=")
    );
    // A plain download token opens the render route too, with no transformation.
    let plain_token = token_of(plain["signedURL"].as_str().unwrap()).to_string();
    let plain_render = format!("/render/image/sign/vault/secret.jpg?token={plain_token}");
    assert_eq!(dimensions(app, &plain_render).await, (400, 300));

    // Bad transforms are refused at signing, with the body's path.
    let refused = sign(json!({"expiresIn": 60, "transform": {"width": "wide"}})).await;
    assert_error(&refused, 400, "400", "InvalidRequest");
    assert_eq!(refused.1["message"], "body/transform/width must be integer");

    let token = token_of(&signed_url).to_string();
    let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
    let mut forged = payload(&token);
    forged["transformations"] = json!("height:2000,width:2000,resize:fill");
    parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(forged.to_string());
    // Tokens signed with the server's signing secret.
    let server_signed = |claims: Value| {
        jsonwebtoken::encode(
            &jsonwebtoken::Header::default(),
            &claims,
            &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
        )
        .unwrap()
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let expired = server_signed(
        json!({"url": "vault/secret.jpg", "scope": "download", "transformations": "width:10",
                "iat": now - 3600, "exp": now - 60}),
    );
    let upload_token = server_signed(
        json!({"url": "vault/secret.jpg", "scope": "upload", "upsert": false, "iat": now, "exp": now + 60}),
    );
    let the_secret = |token: &str| format!("/render/image/sign/vault/secret.jpg?token={token}");
    // (case, path, code, the message where the case pins it)
    let refusals = [
        (
            "tampered: another transformation in the payload, the old signature",
            the_secret(&parts.join(".")),
            "InvalidJWT",
            Some("signature verification failed"),
        ),
        (
            "another path",
            format!("/render/image/sign/pics/photos/cat.jpg?token={token}"),
            "InvalidSignature",
            None,
        ),
        (
            "expired an hour ago",
            the_secret(&expired),
            "ExpiredToken",
            None,
        ),
        (
            "an upload token is not a download token",
            the_secret(&upload_token),
            "InvalidSignature",
            Some("Token is not scoped for download"),
        ),
        (
            "no token",
            "/render/image/sign/vault/secret.jpg".to_owned(),
            "InvalidRequest",
            Some("querystring must have required property 'token'"),
        ),
    ];
    for (case, path, code, message) in refusals {
        let refused = get_json(app, &path).await;
        assert_case_error(case, &refused, 400, "400", code);
        if let Some(message) = message {
            assert_eq!(refused.1["message"], message, "{case}");
        }
    }
}
