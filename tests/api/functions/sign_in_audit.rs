//! simple-auth writes every sign-in outcome to the admin activity log: a correct passcode with the
//! new token's session id, a wrong one, a lockout; each with the client IP the function resolved
//! and the caller's User-Agent. A log that cannot be written never turns a login into a 500.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_JWT_SECRET, HeaderText as _, TEST_PASSCODE, TestApp,
    spawn_app_with,
};
use serde_json::{Value, json};

const AGENT: &str = "Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0";

async fn login(
    app: &TestApp,
    passcode: &str,
    forwarded_for: Option<&str>,
    agent: &str,
) -> reqwest::Response {
    let mut request = app
        .post("/functions/v1/simple-auth")
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(DEMO_ANON_KEY)
        .header("user-agent", agent)
        // Never what is recorded: only the resolved address is.
        .header("x-real-ip", "203.0.113.250")
        .json(&json!({"action": "login", "passcode": passcode}));
    if let Some(ip) = forwarded_for {
        request = request.header("x-forwarded-for", ip);
    }
    request.answer().await
}

/// An app that trusts the proxy on 127.0.0.1, so the X-Forwarded-For `login` sends is the
/// client's address; with `settings`.
async fn app_behind_a_proxy(settings: &[(&str, &str)]) -> TestApp {
    let mut vars = vec![("TRUSTED_PROXIES", "127.0.0.1")];
    vars.extend_from_slice(settings);
    spawn_app_with(&vars).await
}

/// Every entry of the log, oldest first, as the database holds it.
async fn entries(app: &TestApp) -> Vec<Value> {
    app.db
        .json_rows(
            "select action, entity, summary, session_id, client_ip, user_agent
               from public.admin_activity order by id",
        )
        .await
}

fn session_id_of(token: &str) -> String {
    use jsonwebtoken::{Algorithm, DecodingKey, Validation};
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_aud = false;
    let claims = jsonwebtoken::decode::<Value>(
        token,
        &DecodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
        &validation,
    )
    .unwrap()
    .claims;
    claims["session_id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_correct_passcode_records_sign_in_with_the_tokens_session_ip_and_agent() {
    let app = app_behind_a_proxy(&[]).await;
    let response = login(&app, TEST_PASSCODE, Some("198.51.100.7"), AGENT).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], true, "{body}");
    let session = session_id_of(body["token"].as_str().unwrap());
    assert_eq!(session.len(), 36, "a UUID: {session}");
    assert_eq!(
        entries(&app).await,
        vec![json!({
            "action": "sign_in", "entity": "session", "summary": "Signed in with the admin passcode",
            "session_id": session, "client_ip": "198.51.100.7", "user_agent": AGENT,
        })]
    );

    // A second sign-in is a second session.
    let again: Value = login(&app, TEST_PASSCODE, Some("198.51.100.7"), AGENT)
        .await
        .json()
        .await
        .unwrap();
    let second = session_id_of(again["token"].as_str().unwrap());
    assert_ne!(second, session);
    let log = entries(&app).await;
    assert_eq!(log.len(), 2);
    assert_eq!(log[1]["session_id"], second.as_str());
}

#[tokio::test]
async fn without_a_trusted_proxy_the_peer_is_recorded_not_what_the_client_claims() {
    let app = spawn_app_with(&[]).await;
    let response = login(&app, TEST_PASSCODE, Some("198.51.100.7"), AGENT).await;
    assert_eq!(response.status(), 200);
    let log = entries(&app).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["client_ip"], "127.0.0.1");
}

#[tokio::test]
async fn a_wrong_passcode_records_sign_in_failed_without_a_session() {
    let app = app_behind_a_proxy(&[]).await;
    // A user agent longer than the log keeps is cut, not refused.
    let long_agent = format!("{AGENT} {}", "x".repeat(3000));
    let response = login(&app, "not-the-passcode", Some("198.51.100.8"), &long_agent).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"success": false, "error": "Invalid passcode"})
    );
    let log = entries(&app).await;
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0]["action"], "sign_in_failed");
    assert_eq!(log[0]["summary"], "Wrong admin passcode");
    assert_eq!(log[0]["session_id"], Value::Null);
    assert_eq!(log[0]["client_ip"], "198.51.100.8");
    assert_eq!(
        log[0]["user_agent"].as_str().unwrap(),
        &long_agent[..1024],
        "the first 1024 characters"
    );
}

#[tokio::test]
async fn a_lockout_records_sign_in_locked_once_a_minute_per_ip() {
    let app = app_behind_a_proxy(&[("LOGIN_FAILURE_LIMIT", "2/15m")]).await;
    let attacker = "198.51.100.66";
    for guess in ["guess-1", "guess-2"] {
        assert_eq!(
            login(&app, guess, Some(attacker), AGENT).await.status(),
            200
        );
    }
    // Locked out, even with the right passcode; refusals beyond the first add nothing within the
    // minute (they cost the caller nothing, so each one logged would let anyone fill the log).
    for _ in 0..3 {
        let locked = login(&app, TEST_PASSCODE, Some(attacker), AGENT).await;
        assert_eq!(locked.status(), 429);
        let body: Value = locked.json().await.unwrap();
        assert_eq!(body["success"], false);
        assert!(body.get("token").is_none());
    }
    // Another address locked out is recorded on its own.
    for guess in ["guess-3", "guess-4", "guess-5"] {
        login(&app, guess, Some("198.51.100.67"), AGENT).await;
    }
    let actions: Vec<(String, String)> = entries(&app)
        .await
        .iter()
        .map(|entry| {
            (
                entry["action"].as_str().unwrap().to_string(),
                entry["client_ip"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("sign_in_failed", attacker),
        ("sign_in_failed", attacker),
        ("sign_in_locked", attacker),
        ("sign_in_failed", "198.51.100.67"),
        ("sign_in_failed", "198.51.100.67"),
        ("sign_in_locked", "198.51.100.67"),
    ]
    .iter()
    .map(|(action, ip)| (action.to_string(), ip.to_string()))
    .collect();
    assert_eq!(actions, expected);
    let locked = &entries(&app).await[2];
    assert_eq!(
        locked["summary"],
        "Sign-in refused: too many failed attempts"
    );
    assert_eq!(locked["session_id"], Value::Null);
    assert_eq!(locked["user_agent"], AGENT);

    // Once the minute has passed, a lockout that goes on is recorded again.
    app.db
        .execute(
            "update public.admin_activity set occurred_at = occurred_at - interval '61 seconds'",
        )
        .await;
    assert_eq!(
        login(&app, "guess-6", Some(attacker), AGENT).await.status(),
        429
    );
    let log = entries(&app).await;
    assert_eq!(log.len(), 7);
    assert_eq!(log[6]["action"], "sign_in_locked");
    assert_eq!(log[6]["client_ip"], attacker);
}

#[tokio::test]
async fn record_sign_in_takes_only_the_sign_in_actions_and_only_from_service_role() {
    let app = spawn_app_with(&[]).await;
    let refused = cb_db::sqlx::query("select private.record_sign_in('delete', null, null, null)")
        .execute(&app.db.pool)
        .await
        .unwrap_err();
    assert_eq!(
        refused.as_database_error().unwrap().code().as_deref(),
        Some("22023")
    );
    for role in ["anon", "authenticated"] {
        let outcome = cb_tests::Caller::new(role, json!({"role": role}))
            .execute(
                &app.db.pool,
                "select private.record_sign_in('sign_in', 'forged', '10.0.0.1', 'x')",
            )
            .await;
        // Not even the schema is theirs to use.
        assert_eq!(outcome, Err("42501".to_string()), "{role}");
    }
    assert!(entries(&app).await.is_empty());
}

/// The log refusing writes stands in for a database that cannot take one.
async fn break_the_log(app: &TestApp) {
    cb_db::sqlx::raw_sql(
        "create function public.refuse_activity() returns trigger language plpgsql as $$
           begin raise exception 'secret internal detail: the log is full'; end $$;
         create trigger refuse_activity before insert on public.admin_activity
           for each row execute function public.refuse_activity();",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_sign_in_that_cannot_be_recorded_is_refused_with_503_and_no_token() {
    let app = app_behind_a_proxy(&[]).await;
    break_the_log(&app).await;
    let response = login(&app, TEST_PASSCODE, Some("198.51.100.9"), AGENT).await;
    assert_eq!(response.status(), 503);
    assert!(
        response
            .header_text("content-type")
            .starts_with("application/json")
    );
    let text = response.text().await.unwrap();
    assert!(!text.contains("secret internal detail"), "{text}");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        json!({"success": false, "error": "The sign-in could not be recorded: try again shortly"})
    );
}

#[tokio::test]
async fn failed_attempts_that_cannot_be_recorded_are_still_answered_as_refused() {
    let app = app_behind_a_proxy(&[("LOGIN_FAILURE_LIMIT", "1/15m")]).await;
    break_the_log(&app).await;
    let wrong = login(&app, "not-the-passcode", Some("198.51.100.10"), AGENT).await;
    assert_eq!(wrong.status(), 200);
    assert_eq!(
        wrong.json::<Value>().await.unwrap(),
        json!({"success": false, "error": "Invalid passcode"})
    );
    let locked = login(&app, "not-the-passcode", Some("198.51.100.10"), AGENT).await;
    assert_eq!(locked.status(), 429);
    let text = locked.text().await.unwrap();
    assert!(!text.contains("secret internal detail"), "{text}");
    assert!(text.contains("Too many failed attempts"), "{text}");
}
