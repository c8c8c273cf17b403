//! PostgREST's settings (Supabase's defaults, their variables, no anonymous role, bad values) and
//! the renderer's engines and deadline.
use super::*;

#[test]
fn postgrests_settings_default_to_supabases() {
    let rest = config(&[]).unwrap().rest;
    assert_eq!(rest.tx_end, cb_rest::TxEnd::CommitAllowOverride);
    assert_eq!(rest.anon_role.as_deref(), Some("anon"));
    assert_eq!(rest.jwt_aud, None);
    assert!(!rest.server_timing_enabled);
    assert!(rest.app_settings.is_empty());
    assert_eq!(rest.pool_size, 10);
    assert_eq!(
        rest.pool_acquire_timeout,
        std::time::Duration::from_secs(10)
    );
}

#[test]
fn postgrests_settings_come_from_their_variables() {
    let rest = config(&[
        ("PGRST_DB_TX_END", "rollback-allow-override"),
        ("PGRST_DB_ANON_ROLE", "web_anon"),
        ("PGRST_JWT_AUD", "https://api.example.test"),
        ("PGRST_SERVER_TIMING_ENABLED", "true"),
        ("PGRST_APP_SETTINGS_JWT_SECRET", " keep  spaces "),
        ("PGRST_APP_SETTINGS_plan", "free"),
        ("PGRST_APP_SETTINGS_Empty", ""),
        ("PGRST_APP_SETTINGS_a.b$2", "dotted"),
        ("PGRST_APP_SETTINGSX", "not an app setting"),
        ("PGRST_DB_POOL", "64"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "3"),
    ])
    .unwrap()
    .rest;
    assert_eq!(rest.tx_end, cb_rest::TxEnd::RollbackAllowOverride);
    assert_eq!(rest.anon_role.as_deref(), Some("web_anon"));
    assert_eq!(rest.jwt_aud.as_deref(), Some("https://api.example.test"));
    assert!(rest.server_timing_enabled);
    assert_eq!(rest.pool_size, 64);
    assert_eq!(rest.pool_acquire_timeout, std::time::Duration::from_secs(3));
    let pair = |name: &str, value: &str| (name.to_string(), value.to_string());
    assert_eq!(
        &*rest.app_settings,
        [
            pair("app.settings.a.b$2", "dotted"),
            pair("app.settings.empty", ""),
            pair("app.settings.jwt_secret", " keep  spaces "),
            pair("app.settings.plan", "free"),
        ]
    );
    for (text, tx_end) in [
        ("commit", cb_rest::TxEnd::Commit),
        ("commit-allow-override", cb_rest::TxEnd::CommitAllowOverride),
        ("rollback", cb_rest::TxEnd::Rollback),
    ] {
        let rest = config(&[("PGRST_DB_TX_END", text)]).unwrap().rest;
        assert_eq!(rest.tx_end, tx_end);
    }
}

#[test]
fn an_empty_anonymous_role_disables_anonymous_access() {
    for empty in ["", "  "] {
        let rest = config(&[("PGRST_DB_ANON_ROLE", empty)]).unwrap().rest;
        assert_eq!(rest.anon_role, None, "{empty:?}");
    }
}

#[test]
fn bad_postgrest_settings_stop_the_start() {
    assert_eq!(
        refusal(&[("PGRST_DB_TX_END", "rollback-all")]),
        "PGRST_DB_TX_END is 'rollback-all': set it to one of commit, commit-allow-override, \
         rollback, rollback-allow-override"
    );
    assert_eq!(
        refusal(&[("PGRST_JWT_AUD", "https://exa mple.test")]),
        "PGRST_JWT_AUD is 'https://exa mple.test': it is neither a string without ':' nor a \
         valid URI (a value with ':' must be a URI)"
    );
    each_bad_value_names_its_variable(&[
        ("PGRST_DB_TX_END", "Commit"),
        ("PGRST_JWT_AUD", ":audience"),
        ("PGRST_SERVER_TIMING_ENABLED", "sometimes"),
        ("PGRST_DB_POOL", "0"),
        ("PGRST_DB_POOL", "ten"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "0"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "1.5"),
    ]);
    // The per-client limit must stay below the pool, whichever sets it.
    assert_eq!(
        refusal(&[("PGRST_DB_POOL", "4")]),
        "REST_CLIENT_CONCURRENCY is 4: keep it below the 4 connections of the REST pool \
         (PGRST_DB_POOL), so that one client cannot hold them all (0 turns the limit off)"
    );
    let rest = config(&[("PGRST_DB_POOL", "4"), ("REST_CLIENT_CONCURRENCY", "0")])
        .unwrap()
        .rest;
    assert_eq!(rest.pool_size, 4);
    for bad in [
        "",
        "1st",
        "$x",
        "a-b",
        "a b",
        "a..b",
        "a.",
        "x'); drop table t; --",
    ] {
        let variable = format!("PGRST_APP_SETTINGS_{bad}");
        let err = refusal(&[(&variable, "v")]);
        assert!(
            err.starts_with(&format!("{variable}: '")) && err.contains("cannot name a setting"),
            "{err}"
        );
    }
    let err = refusal(&[
        ("PGRST_APP_SETTINGS_KEY", "a"),
        ("PGRST_APP_SETTINGS_key", "b"),
    ]);
    assert!(
        err.ends_with("both set app.settings.key: keep one"),
        "{err}"
    );
}

#[test]
fn the_renderers_engines_and_deadline_come_from_their_variables() {
    let render = config(&[]).unwrap().render;
    assert_eq!(render.workers, 1);
    assert_eq!(render.timeout, std::time::Duration::from_secs(2));
    let render = config(&[
        ("CLAIMBRIDGE_RENDER_WORKERS", "3"),
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "250"),
    ])
    .unwrap()
    .render;
    assert_eq!(render.workers, 3);
    assert_eq!(render.timeout, std::time::Duration::from_millis(250));
    each_bad_value_names_its_variable(&[
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "0"),
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "2s"),
        ("CLAIMBRIDGE_RENDER_WORKERS", "many"),
    ]);
}
