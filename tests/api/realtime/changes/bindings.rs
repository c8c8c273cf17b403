//! Bindings: filters compare values in the column's type, bad bindings are refused with
//! Supabase's texts, and a dropped subscription receives nothing.
use super::*;

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
