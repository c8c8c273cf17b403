//! How /rest/v1 logs in: as authenticator, with a SCRAM verifier, on password-only servers.
use super::*;
use cb_tests::Answer as _;

#[tokio::test]
async fn requests_log_in_as_authenticator_and_run_as_their_role() {
    // With its login named (CLAIMBRIDGE_REST_DATABASE_URL), and by default on DATABASE_URL's
    // server, where it must not log in as DATABASE_URL's own (superuser) login.
    for rest_login in [None, Some("")] {
        let app = match rest_login {
            None => spawn_app().await,
            Some(unset) => spawn_app_with(&[("CLAIMBRIDGE_REST_DATABASE_URL", unset)]).await,
        };
        app.db
            .execute(
                "create function public.whoami() returns json language sql stable
               as $$ select json_build_object('session', session_user, 'current', current_user) $$;
             grant execute on function public.whoami() to anon, service_role;
             notify pgrst, 'reload schema';",
            )
            .await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut reply = get(&app, "/rpc/whoami").await;
        while reply.status == 404 && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            reply = get(&app, "/rpc/whoami").await;
        }
        assert_eq!(
            reply.json(),
            json!({"session": "authenticator", "current": "anon"}),
            "{rest_login:?}: {}",
            reply.text
        );
        let service = get(&app, "/rpc/whoami")
            .bearer(cb_tests::DEMO_SERVICE_ROLE_KEY)
            .await;
        assert_eq!(
            service.json(),
            json!({"session": "authenticator", "current": "service_role"}),
            "{rest_login:?}"
        );
    }
}

#[tokio::test]
async fn a_login_without_a_password_is_given_one_as_a_scram_verifier() {
    let db = cb_tests::fresh_database().await;
    let role = format!("test_login_{}", uuid::Uuid::new_v4().simple());
    db.execute(&format!("create role {role} login")).await;
    let stored = |pool| {
        let role = role.clone();
        async move {
            cb_db::sqlx::query_scalar::<_, Option<String>>(
                "select rolpassword from pg_authid where rolname = $1",
            )
            .bind(role)
            .fetch_one(pool)
            .await
            .expect("pg_authid")
        }
    };
    let given = cb_db::give_role_password(&db.pool, &role, "dme-claims-2026").await;
    let verifier = stored(&db.pool).await;
    // A second call (another server starting) keeps the password the first one gave.
    let again = cb_db::give_role_password(&db.pool, &role, "another").await;
    let kept = stored(&db.pool).await;
    db.execute(&format!("drop role {role}")).await;

    assert!(given.expect("give"), "the role had no password");
    assert!(!again.expect("again"), "the role has one now");
    assert_eq!(kept, verifier);
    // PostgreSQL kept the verifier as sent (a text it did not recognise as one would have been
    // hashed as a password): recomputed from its salt, it is the password's.
    let verifier = verifier.expect("a password");
    let salt = verifier
        .strip_prefix("SCRAM-SHA-256$4096:")
        .and_then(|rest| rest.split('$').next())
        .expect("a SCRAM-SHA-256 verifier with 4096 iterations");
    let salt = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, salt).unwrap();
    assert_eq!(
        cb_db::scram_sha256_verifier("dme-claims-2026", &salt, 4096),
        verifier
    );
}

#[tokio::test]
async fn a_start_whose_authenticator_cannot_log_in_says_what_to_do() {
    let db = cb_tests::fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    // DATABASE_URL's own login (a superuser) still connects; authenticator may not.
    db.execute(&format!(
        "revoke connect on database {} from public",
        cb_db::quote_ident(&db.name)
    ))
    .await;
    let config = cb_tests::app_config(
        &db,
        data_dir.path(),
        &[("CLAIMBRIDGE_REST_DATABASE_URL", "")],
    );
    let err = cb_server::App::build(config)
        .await
        .expect_err("authenticator cannot connect")
        .to_string();
    assert!(
        err.contains("authenticator") && err.contains("CLAIMBRIDGE_REST_DATABASE_URL"),
        "{err}"
    );
}

/// A cluster of its own whose every login needs a SCRAM-SHA-256 password, as on a server
/// DATABASE_URL names (the shared test cluster trusts its private socket).
#[tokio::test]
async fn on_a_password_only_server_authenticator_logs_in_with_the_password_it_was_given() {
    let dir = cb_tests::reachable_tempdir();
    let cluster = cb_db::LocalPostgres::new(
        cb_db::PgBinaries::discover(None).unwrap(),
        dir.path().join("postgres"),
    )
    .unwrap();
    let starter = cluster.clone();
    tokio::task::spawn_blocking(move || starter.ensure_running())
        .await
        .unwrap()
        .expect("start a cluster");
    let _stop = StopOnDrop(cluster.clone());
    // The new pg_hba.conf counts from the reload, after the owner has its password.
    std::fs::write(
        dir.path().join("postgres/pg_hba.conf"),
        "local all all scram-sha-256\n",
    )
    .unwrap();
    let owner = cb_db::connect(cluster.connect_options("postgres"), 1)
        .await
        .unwrap();
    cb_db::sqlx::raw_sql(
        "alter role postgres password 'owner-secret:2026'; select pg_reload_conf()",
    )
    .execute(&owner)
    .await
    .unwrap();
    owner.close().await;
    let database_url =
        cluster
            .url("postgres")
            .replacen("postgres@", "postgres:owner-secret%3A2026@", 1);
    let config = |data_dir: &std::path::Path| {
        cb_tests::app_config_on(
            &database_url,
            data_dir,
            &[("CLAIMBRIDGE_REST_DATABASE_URL", "")],
        )
    };

    let first = tempfile::tempdir().unwrap();
    let app = cb_server::App::build(config(first.path()))
        .await
        .expect("authenticator logs in with the password it was given");
    let (base, stop) = cb_tests::serve(app);
    let reply = reqwest::Client::new()
        .get(format!("{base}/rest/v1/blog_posts?select=slug&limit=1"))
        .header("apikey", cb_tests::DEMO_ANON_KEY)
        .answer()
        .await;
    let status = reply.status();
    let body = reply.text().await.unwrap();
    drop(stop);

    // A password someone else set is not replaced, and the start says what to do.
    let owner = cb_db::connect(std::str::FromStr::from_str(&database_url).unwrap(), 1)
        .await
        .expect("the owner logs in with its password");
    let stored: String = cb_db::sqlx::query_scalar(
        "select rolpassword from pg_authid where rolname = 'authenticator'",
    )
    .fetch_one(&owner)
    .await
    .unwrap();
    cb_db::sqlx::raw_sql("alter role authenticator password 'someone-elses'")
        .execute(&owner)
        .await
        .unwrap();
    owner.close().await;
    let second = tempfile::tempdir().unwrap();
    let refused = cb_server::App::build(config(second.path())).await;

    assert_eq!(status, 200, "{body}");
    assert!(stored.starts_with("SCRAM-SHA-256$4096:"), "{stored}");
    let err = refused
        .expect_err("authenticator's password is not DATABASE_URL's")
        .to_string();
    assert!(
        err.contains("authenticator") && err.contains("CLAIMBRIDGE_REST_DATABASE_URL"),
        "{err}"
    );
    assert!(
        !err.contains("owner-secret"),
        "the password never reaches the output: {err}"
    );
}

/// Stops a test's own cluster however the test ends.
struct StopOnDrop(cb_db::LocalPostgres);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        let _ = self.0.stop();
    }
}
