//! Media type handlers defined in SQL, attacked: a handler reads what the caller may read and
//! no more (it runs as the caller, under RLS), a handler that fails answers a clean PostgREST
//! error rather than a half body, and a hostile Accept header finds no handler (or the one it
//! names) and never reaches SQL.

use crate::rest::{get, media_app};

#[tokio::test]
async fn a_handler_never_reads_past_row_level_security() {
    let app = media_app().await;
    // Claim 3 is not submitted: the policy hides it from visitors, whatever renders the rows.
    for (accept, expected) in [
        (
            "application/vnd.dme.edi",
            "CLM*1*E0601*95.50~\nCLM*2*E1390*210.00~\n",
        ),
        (
            "text/tab-separated-values",
            "id\tpatient\thcpcs\tbilled\tsubmitted\n1\tR. Alvarez\tE0601\t95.50\ttrue\n2\tJ. Chen\tE1390\t210.00\ttrue\n",
        ),
    ] {
        let reply = get(&app, "/mh_claims?order=id")
            .header("accept", accept)
            .await;
        assert_eq!(reply.status, 200, "{accept}: {}", reply.text);
        assert_eq!(reply.text, expected, "{accept}");
        assert!(!reply.text.contains("K0823"), "{accept}: {}", reply.text);
    }
}

#[tokio::test]
async fn a_failing_handler_is_a_clean_error() {
    let app = media_app().await;
    // An error the handler raises on purpose keeps its status.
    let reply = get(&app, "/rpc/mh_failing_status")
        .header("accept", "text/plain")
        .await;
    reply.assert_error_message(415, "PT415", "Unsupported Media Type");
    assert_eq!(
        reply.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    // One it trips over is PostgreSQL's error, as JSON, not a text/plain half body.
    let reply = get(&app, "/rpc/mh_broken_status")
        .header("accept", "text/plain")
        .await;
    reply.assert_error(400, "22012");
    assert_eq!(
        reply.header("content-type"),
        Some("application/json; charset=utf-8")
    );
}

#[tokio::test]
async fn a_hostile_accept_header_finds_no_handler() {
    let app = media_app().await;
    // Parameters after the type are read as parameters: still text/plain, nothing run.
    let reply = get(&app, "/rpc/mh_claim_status?id=1")
        .header(
            "accept",
            "text/plain; x=\"; drop table public.mh_claims; --",
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.text, "Claim 1: accepted by the payer");
    for accept in [
        "text/plainx",
        "../../etc/passwd",
        &format!("text/{}", "x".repeat(4000)),
    ] {
        let reply = get(&app, "/rpc/mh_claim_status?id=1")
            .header("accept", accept)
            .await;
        assert_eq!(reply.status, 406, "{accept}: {}", reply.text);
        reply.assert_error(406, "PGRST107");
    }
    assert_eq!(
        app.db.count("select count(*) from public.mh_claims").await,
        3,
        "the table is untouched"
    );
}
