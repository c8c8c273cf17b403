//! What each role sees of the website's tables (row level security and column privileges), and
//! a refreshed token checked with its new claims.
use super::*;

#[tokio::test]
async fn anon_sees_published_posts_only_and_staff_see_leads() {
    let db = fresh_database().await;
    publish(&db, "blog_posts").await;
    publish(&db, "leads").await;
    let editor = add_staff(&db, "editor", "Eddie Editor").await;
    let feed = feed(&db);
    let posts = binding("*", "blog_posts", None);
    let leads = binding("*", "leads", None);
    let (anon_subscription, mut visitor) =
        subscribe(&feed, anon(), vec![posts.clone(), leads.clone()]).await;
    assert_eq!(
        anon_subscription.ids(),
        [binding_id(&posts), binding_id(&leads)]
    );
    let (_staff, mut staff) = subscribe(
        &feed,
        signed_in(&editor.claims()),
        vec![leads.clone(), posts.clone()],
    )
    .await;

    let lead = add_lead(&db).await;
    let draft = add_post(&db, "A draft", false).await;
    let published = add_post(&db, "Out now", true).await;

    // Staff see all three, in commit order.
    let (ids, data) = staff.next().await;
    assert_eq!(ids, [binding_id(&leads)]);
    assert_eq!(
        (&data["table"], &data["type"], &data["record"]["id"]),
        (&json!("leads"), &json!("INSERT"), &json!(lead))
    );
    assert_eq!(data["record"]["payload"], json!({ "message": "hello" }));
    let (_, data) = staff.next().await;
    assert_eq!(data["record"]["id"], json!(draft), "{data}");
    let (_, data) = staff.next().await;
    assert_eq!(data["record"]["id"], json!(published), "{data}");

    // The visitor's first change is the published post: the lead and the draft, committed
    // before it, never came.
    let (ids, data) = visitor.next().await;
    assert_eq!(ids, [binding_id(&posts)]);
    assert_eq!(data["schema"], "public");
    assert_eq!(data["table"], "blog_posts");
    assert_eq!(data["type"], "INSERT");
    assert_eq!(data["errors"], Value::Null);
    assert!(
        is_commit_timestamp(data["commit_timestamp"].as_str().unwrap()),
        "{data}"
    );
    assert_eq!(data["record"]["id"], json!(published));
    assert_eq!(data["record"]["title"], "Out now");
    assert_eq!(data["record"]["published"], true);
    assert_eq!(data["record"]["tags"], "{}");
    assert_eq!(data["old_record"], json!({}));
    let columns = data["columns"].as_array().unwrap();
    for expected in [
        json!({ "name": "id", "type": "uuid" }),
        json!({ "name": "published", "type": "bool" }),
        json!({ "name": "tags", "type": "_text" }),
        json!({ "name": "created_at", "type": "timestamptz" }),
    ] {
        assert!(columns.contains(&expected), "{expected} in {columns:?}");
    }

    // The draft published: now the visitor sees it change.
    db.execute(&format!(
        "update public.blog_posts set published = true where id = '{draft}'"
    ))
    .await;
    let (_, data) = visitor.next().await;
    assert_eq!(data["type"], "UPDATE");
    assert_eq!(data["record"]["id"], json!(draft));
    assert_eq!(data["old_record"], json!({ "id": draft }));

    // A DELETE on a table with RLS: the primary key only, to every role that may read it.
    db.execute(&format!(
        "delete from public.blog_posts where id = '{published}'"
    ))
    .await;
    let (_, data) = visitor.next().await;
    assert_eq!(data["type"], "DELETE");
    assert_eq!(data["record"], json!({}));
    assert_eq!(data["old_record"], json!({ "id": published }));

    // Staff got the same update and delete; neither of them ever got anything else.
    let (_, data) = staff.next().await;
    assert_eq!(data["type"], "UPDATE");
    let (_, data) = staff.next().await;
    assert_eq!(data["type"], "DELETE");
    // One more lead, which only staff see; once it is there, the visitor's inbox stays empty.
    add_lead(&db).await;
    let (_, data) = staff.next().await;
    assert_eq!(data["table"], "leads");
    assert!(visitor.is_empty(), "anon never gets a lead");
    feed.stop().await;
}

#[tokio::test]
async fn a_refreshed_token_is_checked_with_its_new_claims() {
    let db = fresh_database().await;
    publish(&db, "leads").await;
    publish(&db, "blog_posts").await;
    let editor = add_staff(&db, "editor", "Edna Editor").await;
    let feed = feed(&db);
    let (subscription, mut inbox) = subscribe(
        &feed,
        anon(),
        vec![
            binding("INSERT", "leads", None),
            binding("INSERT", "blog_posts", None),
        ],
    )
    .await;

    // Signed out: a lead is not shown, the post after it is.
    add_lead(&db).await;
    let marker = add_post(&db, "Marker", true).await;
    let (_, data) = inbox.next().await;
    assert_eq!(data["record"]["id"], json!(marker));

    // Signed in as staff (the socket passes the refreshed access_token on).
    subscription.set_subscriber(signed_in(&editor.claims()));
    let lead = add_lead(&db).await;
    let (_, data) = inbox.next().await;
    assert_eq!(data["table"], "leads");
    assert_eq!(data["record"]["id"], json!(lead));
    feed.stop().await;
}

#[tokio::test]
async fn what_a_role_may_not_read_is_left_out() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_notes (id int primary key, note text, secret text);
         grant select (id, note) on public.rt_notes to anon;
         create table public.rt_log (n int);
         grant select on public.rt_log to anon;",
    )
    .await;
    publish(&db, "rt_notes").await;
    publish(&db, "rt_log").await;
    let feed = feed(&db);
    let (_subscription, mut inbox) = subscribe(
        &feed,
        anon(),
        vec![binding("*", "rt_notes", None), binding("*", "rt_log", None)],
    )
    .await;

    db.execute("insert into public.rt_notes values (1, 'hello', 'hidden')")
        .await;
    let (_, data) = inbox.next().await;
    assert_eq!(data["record"], json!({ "id": 1, "note": "hello" }));
    assert_eq!(
        data["columns"],
        json!([{ "name": "id", "type": "int4" }, { "name": "note", "type": "text" }])
    );

    // A table without a primary key: Supabase's error instead of the row.
    db.execute("insert into public.rt_log values (7)").await;
    let (_, data) = inbox.next().await;
    assert_eq!(data["table"], "rt_log");
    assert_eq!(
        data["errors"],
        json!(["Error 400: Bad Request, no primary key"])
    );
    assert_eq!(data["record"], json!({}));
    feed.stop().await;
}
