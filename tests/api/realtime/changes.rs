//! Postgres Changes, driven through `ChangeFeed` on a real PostgreSQL: what each role sees of
//! the website's tables (row level security), filters by value, column privileges, the temporary
//! slot's life, and a burst delivered whole and in commit order.
use std::collections::BTreeSet;
use std::time::Duration;

use cb_db::sqlx;
use cb_realtime::changes::{
    ChangeBinding, ChangeDelivery, ChangeError, ChangeFeed, ChangeSubscribe, ChangeSubscription,
    FeedOptions, ReplicationSource, Subscriber, binding_id,
};
use cb_tests::{TestDatabase, add_staff, eventually, fresh_database};
use serde_json::{Value, json};
use tokio::sync::mpsc;

/// How long a test waits for a delivery.
const WITHIN: Duration = Duration::from_secs(30);

/// A feed of its own on `db`, which stops its stream soon after its last subscription goes.
fn feed(db: &TestDatabase) -> ChangeFeed {
    ChangeFeed::with_options(
        db.pool.clone(),
        ReplicationSource::from_connect_options(&db.connect_options(), None),
        uuid::Uuid::new_v4(),
        FeedOptions {
            idle_stop: Duration::from_millis(300),
            ..FeedOptions::default()
        },
    )
}

fn anon() -> Subscriber {
    Subscriber {
        role: "anon".into(),
        claims_json: json!({ "role": "anon" }).to_string().into(),
    }
}

fn signed_in(claims: &Value) -> Subscriber {
    Subscriber {
        role: "authenticated".into(),
        claims_json: claims.to_string().into(),
    }
}

fn binding(event: &str, table: &str, filter: Option<&str>) -> ChangeBinding {
    ChangeBinding {
        event: event.into(),
        schema: "public".into(),
        table: Some(table.into()),
        filter: filter.map(Into::into),
    }
}

/// What one subscription received.
struct Inbox {
    rx: mpsc::Receiver<ChangeDelivery>,
}

impl Inbox {
    /// The next delivery: its binding ids and its `data`.
    async fn next(&mut self) -> (Vec<u32>, Value) {
        let delivery = tokio::time::timeout(WITHIN, self.rx.recv())
            .await
            .expect("a change arrives within 30 s")
            .expect("the feed keeps the subscription open");
        let data = serde_json::from_str(&delivery.data).expect("data is JSON");
        (delivery.ids, data)
    }

    /// Nothing has arrived (call once a later change was seen elsewhere: the feed delivers in
    /// commit order, so anything earlier would be here by now).
    fn is_empty(&mut self) -> bool {
        self.rx.try_recv().is_err()
    }
}

async fn subscribe(
    feed: &ChangeFeed,
    subscriber: Subscriber,
    bindings: Vec<ChangeBinding>,
) -> (ChangeSubscription, Inbox) {
    let (sink, rx) = mpsc::channel(1024);
    let subscription = feed
        .subscribe(ChangeSubscribe {
            bindings,
            subscriber,
            sink,
        })
        .await
        .expect("subscribed");
    (subscription, Inbox { rx })
}

/// Puts `table` into the supabase_realtime publication (once).
async fn publish(db: &TestDatabase, table: &str) {
    db.execute(&format!(
        "do $$ begin
           if not exists (select 1 from pg_publication_tables
                           where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = '{table}') then
             alter publication supabase_realtime add table public.{table};
           end if;
         end $$"
    ))
    .await;
}

async fn add_post(db: &TestDatabase, title: &str, published: bool) -> String {
    let slug = format!("rt-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
    sqlx::query_scalar(
        "insert into public.blog_posts (title, slug, description, category, published)
         values ($1, $2, 'About realtime', 'News', $3) returning id::text",
    )
    .bind(title)
    .bind(slug)
    .bind(published)
    .fetch_one(&db.pool)
    .await
    .expect("add a post")
}

async fn add_lead(db: &TestDatabase) -> String {
    sqlx::query_scalar(
        "insert into public.leads (source, email, full_name, payload)
         values ('contact', 'pat@example.com', 'Pat', '{\"message\": \"hello\"}') returning id::text",
    )
    .fetch_one(&db.pool)
    .await
    .expect("add a lead")
}

fn is_commit_timestamp(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 24
        && text.ends_with('Z')
        && bytes[10] == b'T'
        && bytes[19] == b'.'
        && text[..4].bytes().all(|b| b.is_ascii_digit())
}

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
async fn filters_compare_values_in_the_columns_type() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_readings (
           id bigint primary key, label text not null, n int not null,
           at timestamptz not null, price numeric not null);
         grant select on public.rt_readings to anon;",
    )
    .await;
    publish(&db, "rt_readings").await;
    let feed = feed(&db);
    let filters = [
        "label=eq.a",
        "label=neq.a",
        "n=lt.5",
        "n=lte.5",
        "n=gt.5",
        "n=gte.5",
        r#"label=in.(a,"c d")"#,
        "at=gt.2026-01-01T00:00:00Z",
        "price=gte.10.5",
    ];
    let bindings: Vec<ChangeBinding> = filters
        .iter()
        .map(|filter| binding("INSERT", "rt_readings", Some(filter)))
        .collect();
    let (subscription, mut inbox) = subscribe(&feed, anon(), bindings.clone()).await;
    assert_eq!(subscription.ids().len(), filters.len());
    let id_of = |filter: &str| {
        let index = filters.iter().position(|f| *f == filter).unwrap();
        subscription.ids()[index]
    };

    db.execute(
        "insert into public.rt_readings values
           (1, 'a', 4, '2025-12-31 23:00:00-02', 100);
         insert into public.rt_readings values
           (2, 'c d', 5, '2026-01-01 01:00:00+02', 10.50);
         insert into public.rt_readings values
           (3, 'b', 6, '2026-01-01 00:00:00+00', 9.99);",
    )
    .await;

    // 2025-12-31 23:00-02 is 2026-01-01 01:00Z (after), 2026-01-01 01:00+02 is before; 100 is
    // at least 10.5 as a number, not as text.
    let expected: [&[&str]; 3] = [
        &[
            "label=eq.a",
            "n=lt.5",
            "n=lte.5",
            r#"label=in.(a,"c d")"#,
            "at=gt.2026-01-01T00:00:00Z",
            "price=gte.10.5",
        ],
        &[
            "label=neq.a",
            "n=lte.5",
            "n=gte.5",
            r#"label=in.(a,"c d")"#,
            "price=gte.10.5",
        ],
        &["label=neq.a", "n=gt.5", "n=gte.5"],
    ];
    for (row, wanted) in expected.iter().enumerate() {
        let (ids, data) = inbox.next().await;
        assert_eq!(data["record"]["id"], row + 1, "{data}");
        let got: BTreeSet<u32> = ids.into_iter().collect();
        let wanted: BTreeSet<u32> = wanted.iter().map(|f| id_of(f)).collect();
        assert_eq!(got, wanted, "row {}", row + 1);
    }
    assert_eq!(bindings.len(), filters.len());
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

#[tokio::test]
async fn bad_bindings_are_refused_with_supabase_texts() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_unpublished (id int primary key);
         create table public.rt_typed (id int primary key, n int);
         grant select on public.rt_typed to anon;",
    )
    .await;
    publish(&db, "rt_typed").await;
    let feed = feed(&db);
    let refusal = async |binding: ChangeBinding| {
        let (sink, _rx) = mpsc::channel(1);
        match feed
            .subscribe(ChangeSubscribe {
                bindings: vec![binding],
                subscriber: anon(),
                sink,
            })
            .await
        {
            Ok(_) => panic!("subscribed"),
            Err(err) => err.to_string(),
        }
    };
    assert_eq!(
        refusal(binding("*", "no_such_table", None)).await,
        "Unable to subscribe to changes with given parameters. Please check Realtime is enabled \
         for the given connect parameters: [event: *, schema: public, table: no_such_table, filters: []]"
    );
    assert_eq!(
        refusal(binding("insert", "rt_unpublished", None)).await,
        "Unable to subscribe to changes with given parameters. Please check Realtime is enabled \
         for the given connect parameters: [event: INSERT, schema: public, table: rt_unpublished, filters: []]"
    );
    assert_eq!(
        refusal(binding("*", "rt_typed", Some("nope=eq.1"))).await,
        "Unable to subscribe to changes with given parameters. An exception happened so please \
         check your connect parameters: [event: *, schema: public, table: rt_typed, filters: \
         [{\"nope\", \"eq\", \"1\"}]]. Exception: invalid column for filter nope"
    );
    let bad_value = refusal(binding("*", "rt_typed", Some("n=in.(1,x)"))).await;
    assert!(
        bad_value.ends_with("Exception: invalid input syntax for type integer: \"x\""),
        "{bad_value}"
    );
    assert_eq!(
        refusal(binding("*", "rt_typed", Some("n=like.1"))).await,
        "Error parsing `filter` params: [\"like\", \"1\"]"
    );
    // Nothing was left registered: no stream was started for the refused bindings.
    let slots: i64 =
        sqlx::query_scalar("select count(*) from pg_replication_slots where slot_name = $1")
            .bind(feed.slot_name())
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(slots, 0);
}

#[tokio::test]
async fn a_dropped_subscription_receives_nothing() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_items (id int primary key, label text);
         grant select on public.rt_items to anon;",
    )
    .await;
    publish(&db, "rt_items").await;
    let feed = feed(&db);
    let items = || vec![binding("*", "rt_items", None)];
    let (kept, mut kept_inbox) = subscribe(&feed, anon(), items()).await;
    let (dropped, mut dropped_inbox) = subscribe(&feed, anon(), items()).await;
    db.execute("insert into public.rt_items values (1, 'both')")
        .await;
    assert_eq!(kept_inbox.next().await.1["record"]["id"], 1);
    assert_eq!(dropped_inbox.next().await.1["record"]["id"], 1);

    drop(dropped);
    db.execute("insert into public.rt_items values (2, 'one')")
        .await;
    assert_eq!(kept_inbox.next().await.1["record"]["id"], 2);
    // Delivered to both in one pass, so had it been sent, it would be here.
    assert!(
        dropped_inbox.rx.try_recv().is_err(),
        "nothing after the drop"
    );
    drop(kept);
    feed.stop().await;
}

async fn slot(db: &TestDatabase, name: &str) -> Option<bool> {
    sqlx::query_scalar("select temporary from pg_replication_slots where slot_name = $1")
        .bind(name)
        .fetch_optional(&db.pool)
        .await
        .expect("read pg_replication_slots")
}

#[tokio::test]
async fn the_temporary_slot_lives_while_someone_subscribes() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_pings (id int primary key);
         grant select on public.rt_pings to anon;",
    )
    .await;
    publish(&db, "rt_pings").await;
    let feed = feed(&db);
    let name = feed.slot_name().to_string();
    assert!(name.starts_with("cb_realtime_"), "{name}");
    assert_eq!(
        slot(&db, &name).await,
        None,
        "lazy: no slot before a subscription"
    );

    let pings = || vec![binding("*", "rt_pings", None)];
    let (first, _inbox) = subscribe(&feed, anon(), pings()).await;
    assert_eq!(slot(&db, &name).await, Some(true), "a temporary slot");

    // The last subscription gone, the stream stops after the idle delay and the slot goes.
    drop(first);
    eventually(
        Duration::from_secs(20),
        Duration::from_millis(50),
        async || match slot(&db, &name).await {
            None => Ok(()),
            Some(_) => Err("the slot is still there after the last subscription went".to_string()),
        },
    )
    .await;

    // A new subscription starts it again, and it streams.
    let (_second, mut inbox) = subscribe(&feed, anon(), pings()).await;
    db.execute("insert into public.rt_pings values (1)").await;
    assert_eq!(inbox.next().await.1["record"]["id"], 1);

    // stop() returns once the slot is gone; later subscriptions are refused.
    feed.stop().await;
    assert_eq!(slot(&db, &name).await, None, "stop drops the slot");
    let (sink, _rx) = mpsc::channel(1);
    let refused = feed
        .subscribe(ChangeSubscribe {
            bindings: pings(),
            subscriber: anon(),
            sink,
        })
        .await;
    assert!(matches!(refused, Err(ChangeError::Stopped)), "{refused:?}");
}

#[tokio::test]
async fn the_stream_comes_back_after_its_connection_is_cut() {
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_ticks (id int primary key);
         grant select on public.rt_ticks to anon;",
    )
    .await;
    publish(&db, "rt_ticks").await;
    let feed = feed(&db);
    let (_subscription, mut inbox) =
        subscribe(&feed, anon(), vec![binding("*", "rt_ticks", None)]).await;
    let walsender: i32 =
        sqlx::query_scalar("select active_pid from pg_replication_slots where slot_name = $1")
            .bind(feed.slot_name())
            .fetch_one(&db.pool)
            .await
            .expect("the slot's session");
    sqlx::query("select pg_terminate_backend($1)")
        .bind(walsender)
        .execute(&db.pool)
        .await
        .unwrap();

    // What is committed while it is down is lost (at most once); once it is back (a new
    // session on a new temporary slot of the same name), changes flow again.
    let mut next = 0;
    let data = eventually(WITHIN, Duration::from_millis(200), async || {
        next += 1;
        db.execute(&format!("insert into public.rt_ticks values ({next})"))
            .await;
        match inbox.rx.try_recv() {
            Ok(delivery) => Ok(serde_json::from_str::<Value>(&delivery.data).unwrap()),
            Err(_) => Err("no change arrived after the stream was cut".to_string()),
        }
    })
    .await;
    assert_eq!(data["table"], "rt_ticks");
    let again: i32 =
        sqlx::query_scalar("select active_pid from pg_replication_slots where slot_name = $1")
            .bind(feed.slot_name())
            .fetch_one(&db.pool)
            .await
            .expect("a new session holds the slot");
    assert_ne!(again, walsender);
    feed.stop().await;
}

#[tokio::test]
async fn a_burst_reaches_every_subscriber_whole_and_in_commit_order() {
    const ROWS: i32 = 500;
    const SUBSCRIBERS: usize = 20;
    let db = fresh_database().await;
    db.execute(
        "create table public.rt_burst (id int primary key, n int not null);
         alter table public.rt_burst enable row level security;
         create policy \"anyone reads\" on public.rt_burst for select to anon using (true);
         create policy \"signed-in users read\" on public.rt_burst for select to authenticated
           using ((select auth.uid()) is not null);
         grant select on public.rt_burst to anon, authenticated;",
    )
    .await;
    publish(&db, "rt_burst").await;
    let feed = feed(&db);
    // Half anon (one set of claims, one policy query per batch), half signed in with claims of
    // their own.
    let mut inboxes = Vec::new();
    let mut subscriptions = Vec::new();
    for i in 0..SUBSCRIBERS {
        let subscriber = if i % 2 == 0 {
            anon()
        } else {
            signed_in(&json!({ "role": "authenticated", "sub": uuid::Uuid::new_v4() }))
        };
        let (subscription, inbox) =
            subscribe(&feed, subscriber, vec![binding("INSERT", "rt_burst", None)]).await;
        subscriptions.push(subscription);
        inboxes.push(inbox);
    }

    let mut connection = db.pool.acquire().await.unwrap();
    for n in 1..=ROWS {
        sqlx::query("insert into public.rt_burst values ($1, $1)")
            .bind(n)
            .execute(&mut *connection)
            .await
            .unwrap();
    }
    drop(connection);

    for (i, inbox) in inboxes.iter_mut().enumerate() {
        let mut seen = Vec::with_capacity(500);
        for _ in 0..ROWS {
            let (_, data) = inbox.next().await;
            seen.push(data["record"]["n"].as_i64().unwrap());
        }
        let expected: Vec<i64> = (1..=i64::from(ROWS)).collect();
        assert_eq!(seen, expected, "subscriber {i}: all, in commit order");
    }
    drop(subscriptions);
    feed.stop().await;
}
