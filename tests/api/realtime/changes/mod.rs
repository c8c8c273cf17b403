//! Postgres Changes, driven through `ChangeFeed` on a real PostgreSQL: what each role sees of
//! the website's tables (row level security), filters by value, column privileges, the temporary
//! slot's life, and a burst delivered whole and in commit order.
mod bindings;
mod roles;
mod slot_and_stream;

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
