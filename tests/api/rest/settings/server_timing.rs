//! `server-timing-enabled` (PGRST_SERVER_TIMING_ENABLED, `pgrst.server_timing_enabled`):
//! successful responses carry `Server-Timing` with PostgREST's stages, in milliseconds with one
//! decimal (PostgREST's ServerTimingSpec).
use serde_json::json;

use cb_tests::eventually;

use super::super::{Call, POLL_EVERY, Reply, SETTLED_WITHIN, delete, get, patch, post};
use super::settings_app;
use crate::rest::db_config::set_db_config;

const STAGES: [&str; 5] = ["jwt", "parse", "plan", "transaction", "response"];

/// The durations of a well-formed Server-Timing header, in PostgREST's order.
fn stages(reply: &Reply) -> Vec<f64> {
    let header = reply
        .header("server-timing")
        .unwrap_or_else(|| panic!("{}: no Server-Timing", reply.request));
    let metrics: Vec<&str> = header.split(", ").collect();
    assert_eq!(metrics.len(), STAGES.len(), "{header}");
    metrics
        .iter()
        .zip(STAGES)
        .map(|(metric, stage)| {
            let duration = metric
                .strip_prefix(stage)
                .and_then(|rest| rest.strip_prefix(";dur="))
                .unwrap_or_else(|| panic!("{header}: {stage} expected"));
            let (whole, decimal) = duration.split_once('.').expect("one decimal");
            assert!(
                !whole.is_empty()
                    && whole.bytes().all(|b| b.is_ascii_digit())
                    && decimal.len() == 1
                    && decimal.bytes().all(|b| b.is_ascii_digit()),
                "{header}"
            );
            duration.parse().expect("a number")
        })
        .collect()
}

#[tokio::test]
async fn off_by_default() {
    let app = settings_app(&[]).await;
    for reply in [
        get(&app, "/st_notes").await,
        post(&app, "/st_notes", &json!({"id": 1, "body": "n"})).await,
        get(&app, "/nowhere").await,
    ] {
        assert_eq!(reply.header("server-timing"), None, "{}", reply.request);
    }
}

#[tokio::test]
async fn every_successful_response_has_the_stages() {
    let app = settings_app(&[("PGRST_SERVER_TIMING_ENABLED", "true")]).await;
    app.db
        .execute("insert into public.st_notes values (1, 'one'), (2, 'two')")
        .await;
    let replies = [
        get(&app, "/st_notes?id=eq.1").await,
        // The same read again: from the compiled reads.
        get(&app, "/st_notes?id=eq.1").await,
        Call::new(&app, reqwest::Method::HEAD, "/st_notes").await,
        post(&app, "/st_notes", &json!({"id": 3, "body": "three"}))
            .header("prefer", "return=representation")
            .await,
        patch(&app, "/st_notes?id=eq.2", &json!({"body": "deux"})).await,
        Call::new(&app, reqwest::Method::PUT, "/st_notes?id=eq.4")
            .json(&json!({"id": 4, "body": "four"}))
            .await,
        delete(&app, "/st_notes?id=eq.1").await,
        post(&app, "/rpc/st_add_note", &json!({"id": 5, "body": "five"})).await,
        get(&app, "/rpc/st_setting?name=x.y").await,
        Call::new(&app, reqwest::Method::OPTIONS, "/st_notes").await,
        Call::new(&app, reqwest::Method::OPTIONS, "/rpc/st_whoami").await,
        get(&app, "/").await,
    ];
    for reply in &replies {
        assert!(
            reply.status < 300,
            "{}: {} {}",
            reply.request,
            reply.status,
            reply.text
        );
        stages(reply);
    }
}

#[tokio::test]
async fn the_transaction_stage_is_the_databases_time() {
    let app = settings_app(&[("PGRST_SERVER_TIMING_ENABLED", "true")]).await;
    let napped = get(&app, "/rpc/st_nap?ms=120").await;
    napped.assert_json(200, &json!(120));
    let durations = stages(&napped);
    assert!(durations[3] >= 120.0, "{durations:?}");
    let others: f64 = durations.iter().sum::<f64>() - durations[3];
    assert!(others < durations[3], "{durations:?}");
    // Without the nap, the transaction is far shorter.
    let quick = stages(&get(&app, "/rpc/st_nap?ms=0").await);
    assert!(quick[3] < 100.0, "{quick:?}");
}

#[tokio::test]
async fn errors_carry_none() {
    let app = settings_app(&[("PGRST_SERVER_TIMING_ENABLED", "true")]).await;
    for reply in [
        get(&app, "/nowhere").await,
        get(&app, "/st_notes?id=gt").await,
        get(&app, "/st_private").await,
        get(&app, "/st_notes").bearer("a.b").await,
    ] {
        assert!(reply.status >= 400, "{}", reply.request);
        assert_eq!(reply.header("server-timing"), None, "{}", reply.request);
    }
}

#[tokio::test]
async fn the_database_can_turn_it_on() {
    let app = settings_app(&[]).await;
    set_db_config(&app, "server_timing_enabled", Some("true")).await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(&app, "/st_notes").await;
        match reply.header("server-timing") {
            Some(_) => Ok(stages(&reply)),
            None => Err("Server-Timing never appeared".into()),
        }
    })
    .await;
    set_db_config(&app, "server_timing_enabled", Some("false")).await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        match get(&app, "/st_notes").await.header("server-timing") {
            None => Ok(()),
            Some(header) => Err(format!("still {header}")),
        }
    })
    .await;
}
