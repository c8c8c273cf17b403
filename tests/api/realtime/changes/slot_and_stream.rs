//! The temporary slot's life, the stream coming back after its connection is cut, and a burst
//! reaching every subscriber whole and in commit order.
use super::*;

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
