//! The schema cache: loaded at start from pg_catalog, reloaded on `NOTIFY pgrst, 'reload schema'`.
use cb_tests::spawn_app;
use serde_json::json;

use super::{get, wait_for_relation};

#[tokio::test]
async fn the_website_tables_are_served_at_start() {
    let app = spawn_app().await;
    for table in ["blog_posts", "page_seo_settings", "whitepapers"] {
        let reply = get(&app, &format!("/{table}?limit=1")).await;
        assert_eq!(reply.status, 200, "{table}: {}", reply.text);
    }
}

#[tokio::test]
async fn a_notify_reloads_the_schema_cache() {
    let app = spawn_app().await;
    // The first load has happened once a request is answered.
    assert_eq!(get(&app, "/blog_posts?limit=0").await.status, 200);
    app.db
        .execute(
            "create table public.fx_late (id int primary key, note text);
         insert into public.fx_late values (1, 'hello');
         grant select on public.fx_late to anon;",
        )
        .await;
    // Not known until the reload is asked for.
    let before = get(&app, "/fx_late").await;
    before.assert_error(404, "PGRST205");
    app.db.execute("notify pgrst, 'reload schema'").await;
    wait_for_relation(&app, "fx_late").await;
    let after = get(&app, "/fx_late?select=note").await;
    assert_eq!(after.json(), json!([{"note": "hello"}]));

    // Dropped relations disappear the same way; other payloads are ignored.
    app.db
        .execute("drop table public.fx_late; notify pgrst, 'reload config';")
        .await;
    app.db.execute("notify pgrst").await;
    let mut gone = false;
    for _ in 0..100 {
        let reply = get(&app, "/fx_late").await;
        if reply.status == 404 && reply.json()["code"] == "PGRST205" {
            gone = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(gone, "an empty NOTIFY payload reloads too");
}

/// A read's parsed request, plan and SQL are kept and reused (`compiled_reads`), but only
/// with the schema cache they were made from: once a reload drops a foreign key, the same URL
/// is planned again and its embed refused, where the kept SQL would still join.
#[tokio::test]
async fn a_reload_replaces_the_reads_kept_from_the_previous_schema_cache() {
    let app = spawn_app().await;
    app.db
        .execute(
            "create table public.fx_kept_parent (id int primary key);
         create table public.fx_kept_child (id int primary key,
           parent_id int constraint fx_kept_child_parent references public.fx_kept_parent);
         insert into public.fx_kept_parent values (1);
         insert into public.fx_kept_child values (10, 1);
         grant select on public.fx_kept_parent, public.fx_kept_child to anon;
         notify pgrst, 'reload schema';",
        )
        .await;
    wait_for_relation(&app, "fx_kept_child").await;
    let url = "/fx_kept_child?select=id,fx_kept_parent(id)";
    for _ in 0..2 {
        let reply = get(&app, url).await;
        assert_eq!(
            reply.json(),
            json!([{"id": 10, "fx_kept_parent": {"id": 1}}])
        );
    }

    app.db
        .execute(
            "alter table public.fx_kept_child drop constraint fx_kept_child_parent;
         notify pgrst, 'reload schema';",
        )
        .await;
    let mut refused = None;
    for _ in 0..100 {
        let reply = get(&app, url).await;
        if reply.status != 200 {
            refused = Some(reply);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let refused = refused.expect("the embed is refused once the schema cache has reloaded");
    refused.assert_error(400, "PGRST200");
}
