//! Media type handlers defined in SQL (PostgREST's "Media Type Handlers"): a function returning
//! a domain named after a media type answers that type with its value as the body (bytes for a
//! bytea domain); an aggregate over a table's rows (or anyelement) returning one answers it for
//! the table (the table's own only when the whole row is selected); such handlers override the
//! built-in JSON, CSV and GeoJSON ones but not the vendored `vnd.pgrst` types; `*/*` answers any.

use serde_json::json;

use super::{Call, Reply, get, media_app};

fn accepting<'a>(app: &'a cb_tests::TestApp, path: &str, accept: &str) -> Call<'a> {
    get(app, path).header("accept", accept)
}

/// Asserts the status, the Content-Type and the body, byte for byte.
fn assert_body(reply: &Reply, status: u16, content_type: &str, body: &str) {
    assert_eq!(reply.status, status, "{}: {}", reply.request, reply.text);
    assert_eq!(
        reply.header("content-type"),
        Some(content_type),
        "{}",
        reply.request
    );
    assert_eq!(reply.text, body, "{}", reply.request);
}

#[tokio::test]
async fn a_function_returning_a_media_type_answers_with_its_value() {
    let app = media_app().await;
    assert_body(
        &accepting(&app, "/rpc/mh_claim_status?id=7", "text/plain").await,
        200,
        "text/plain; charset=utf-8",
        "Claim 7: accepted by the payer",
    );
    assert_body(
        &accepting(&app, "/rpc/mh_status_page", "text/html").await,
        200,
        "text/html",
        "<h1>Claims are flowing</h1>",
    );
    assert_body(
        &accepting(&app, "/rpc/mh_remittance", "text/xml").await,
        200,
        "text/xml; charset=utf-8",
        "<remittance claims=\"42\"/>",
    );
    // The built-in JSON still answers for it.
    assert_body(
        &accepting(&app, "/rpc/mh_claim_status?id=7", "application/json").await,
        200,
        "application/json; charset=utf-8",
        "\"Claim 7: accepted by the payer\"",
    );
    // No row: an empty body, not an error.
    assert_body(
        &accepting(&app, "/rpc/mh_maybe_note?id=12", "text/plain").await,
        200,
        "text/plain; charset=utf-8",
        "",
    );
}

#[tokio::test]
async fn a_bytea_media_type_is_sent_as_its_bytes() {
    let app = media_app().await;
    let png = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52,
    ];
    for accept in [
        "image/png",
        // q-values: image/png outranks */*;q=0.8 and application/xml;q=0.9.
        "text/html,application/xhtml+xml,application/xml;q=0.9,image/png,*/*;q=0.8",
    ] {
        let response = app
            .client
            .get(format!("{}/rest/v1/rpc/mh_logo", app.url))
            .header("apikey", cb_tests::DEMO_ANON_KEY)
            .header("accept", accept)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200, "{accept}");
        assert_eq!(response.headers()["content-type"], "image/png", "{accept}");
        assert_eq!(response.headers()["content-length"], "16", "{accept}");
        assert_eq!(
            response.bytes().await.expect("body").as_ref(),
            png,
            "{accept}"
        );
    }
}

#[tokio::test]
async fn what_no_handler_produces_is_406() {
    let app = media_app().await;
    for (path, accept) in [
        // A function returning text/plain does not produce text/xml.
        ("/rpc/mh_claim_status?id=1", "text/xml"),
        // Only single values work with media type domains, not sets of them.
        ("/rpc/mh_statuses", "text/plain"),
        // A table without a handler for it.
        ("/mh_payers", "text/plain"),
        // The table's own handler takes whole rows only.
        ("/mh_claims?select=id", "application/vnd.dme.edi"),
        (
            "/mh_claims?select=id,patient,hcpcs,billed,submitted",
            "application/vnd.dme.edi",
        ),
        ("/mh_claims", "undefined"),
    ] {
        accepting(&app, path, accept).await.assert_error_message(
            406,
            "PGRST107",
            &format!("None of these media types are available: {accept}"),
        );
    }
}

#[tokio::test]
async fn a_tables_aggregate_renders_its_rows() {
    let app = media_app().await;
    assert_body(
        &accepting(&app, "/mh_claims?order=id", "application/vnd.dme.edi").await,
        200,
        "application/vnd.dme.edi",
        "CLM*1*E0601*95.50~\nCLM*2*E1390*210.00~\n",
    );
    // Filters apply before the handler, and RLS before both (claim 3 is not submitted).
    assert_body(
        &accepting(&app, "/mh_claims?id=eq.2", "application/vnd.dme.edi").await,
        200,
        "application/vnd.dme.edi",
        "CLM*2*E1390*210.00~\n",
    );
    assert_body(
        &accepting(&app, "/mh_claims?id=eq.3", "application/vnd.dme.edi").await,
        200,
        "application/vnd.dme.edi",
        "",
    );
}

#[tokio::test]
async fn an_anyelement_aggregate_renders_any_relation_and_any_selection() {
    let app = media_app().await;
    assert_body(
        &accepting(
            &app,
            "/mh_claims?select=id,hcpcs&order=id",
            "text/tab-separated-values",
        )
        .await,
        200,
        "text/tab-separated-values",
        "id\thcpcs\n1\tE0601\n2\tE1390\n",
    );
    assert_body(
        &accepting(&app, "/mh_payers", "text/tab-separated-values").await,
        200,
        "text/tab-separated-values",
        "id\tname\n1\tMedicare DME MAC Jurisdiction B\n",
    );
}

#[tokio::test]
async fn a_tables_handler_overrides_the_built_in_json_but_not_the_vendored_types() {
    let app = media_app().await;
    let reply = accepting(&app, "/mh_payers", "application/json").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    assert_eq!(reply.json(), json!({"overridden": true, "count": 1}));
    // Another table keeps the built-in JSON.
    accepting(&app, "/mh_claims?select=id&order=id", "application/json")
        .await
        .assert_json(200, &json!([{"id": 1}, {"id": 2}]));
    // A selection other than the whole row keeps it too.
    accepting(&app, "/mh_payers?select=name", "application/json")
        .await
        .assert_json(200, &json!([{"name": "Medicare DME MAC Jurisdiction B"}]));
    // application/vnd.pgrst.object cannot be overridden.
    let single = accepting(
        &app,
        "/mh_payers?id=eq.1",
        "application/vnd.pgrst.object+json",
    )
    .await;
    single.assert_json(
        200,
        &json!({"id": 1, "name": "Medicare DME MAC Jurisdiction B"}),
    );
}

#[tokio::test]
async fn an_any_handler_answers_every_media_type() {
    let app = media_app().await;
    for accept in ["*/*", "app/bingo", "image/boingo"] {
        assert_body(
            &accepting(&app, "/rpc/mh_any_format", accept).await,
            200,
            "application/octet-stream",
            "any",
        );
    }
    // The function may set the Content-Type itself.
    assert_body(
        &accepting(&app, "/rpc/mh_any_format", "text/x-claim").await,
        200,
        "text/x-claim",
        "CLM*1",
    );
}
