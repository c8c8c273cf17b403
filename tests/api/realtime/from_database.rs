//! Broadcast from the database: `realtime.send()` and `realtime.broadcast_changes()` in a
//! trigger reach sockets as Supabase delivers them (a broadcast with `meta.id`), private by
//! default and then only to channels the policies let read, small messages inline in the
//! NOTIFY and large ones by id.
use cb_db::sqlx;
use cb_tests::spawn_app;
use serde_json::{Value, json};

use super::client::{Socket, join_payload};

const WAIT: std::time::Duration = std::time::Duration::from_secs(5);

async fn sent(socket: &mut Socket, event: &str) -> Value {
    socket
        .expect_within(WAIT, &format!("the {event} broadcast"), |frame| {
            frame.is_broadcast(event)
        })
        .await
        .0
        .payload
}

#[tokio::test]
async fn realtime_send_reaches_public_and_private_channels_as_asked() {
    let app = spawn_app().await;
    let admin = app.sign_in(&[]).await;
    let mut public = Socket::open(&app).await;
    public
        .joined("realtime:admin:db", join_payload(false, None))
        .await;
    let mut private = Socket::open(&app).await;
    private
        .joined("realtime:admin:db", join_payload(true, Some(&admin)))
        .await;

    sqlx::query("select realtime.send('{\"n\": 1}'::jsonb, 'public-news', 'admin:db', false)")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let message = sent(&mut public, "public-news").await;
    assert_eq!(message["payload"], json!({"n": 1}));
    assert!(
        message["meta"]["id"]
            .as_str()
            .is_some_and(|id| id.len() == 36),
        "a database broadcast carries its row id: {message}"
    );

    // private defaults to true: only the policy-checked channel hears it.
    sqlx::query("select realtime.send('{\"n\": 2}'::jsonb, 'private-news', 'admin:db')")
        .execute(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(
        sent(&mut private, "private-news").await["payload"],
        json!({"n": 2})
    );
    // The public channel got the first message only; a broadcast after the private one proves
    // nothing else was queued in between.
    sqlx::query("select realtime.send('{}'::jsonb, 'marker', 'admin:db', false)")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let (next, _) = public
        .expect_within(WAIT, "the marker", |frame| frame.event == "broadcast")
        .await;
    assert_eq!(
        next.payload["event"], "marker",
        "the public channel heard {next:?}"
    );
}

#[tokio::test]
async fn a_large_message_travels_by_id() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    socket
        .joined("realtime:big", join_payload(false, None))
        .await;
    let text = "x".repeat(20_000);
    sqlx::query("select realtime.send(jsonb_build_object('text', $1::text), 'big', 'big', false)")
        .bind(&text)
        .execute(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(
        sent(&mut socket, "big").await["payload"]["text"],
        json!(text)
    );
}

#[tokio::test]
async fn broadcast_changes_from_a_trigger_reaches_staff() {
    let app = spawn_app().await;
    let admin = app.sign_in(&[]).await;
    for statement in [
        "create table public.rt_orders (id int primary key, item text)",
        "create function public.rt_orders_broadcast() returns trigger
           language plpgsql security definer set search_path = '' as $$
           begin
             perform realtime.broadcast_changes('admin:orders', tg_op, tg_op, tg_table_name,
                                                tg_table_schema, new, old);
             return null;
           end $$",
        "create trigger rt_orders_broadcast after insert or update or delete on public.rt_orders
           for each row execute function public.rt_orders_broadcast()",
    ] {
        sqlx::query(statement).execute(&app.db.pool).await.unwrap();
    }
    let mut socket = Socket::open(&app).await;
    socket
        .joined("realtime:admin:orders", join_payload(true, Some(&admin)))
        .await;
    sqlx::query("insert into public.rt_orders values (1, 'oxygen concentrator')")
        .execute(&app.db.pool)
        .await
        .unwrap();
    sqlx::query("update public.rt_orders set item = 'CPAP' where id = 1")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let insert = sent(&mut socket, "INSERT").await;
    assert_eq!(
        insert["payload"],
        json!({
            "operation": "INSERT", "table": "rt_orders", "schema": "public",
            "record": {"id": 1, "item": "oxygen concentrator"}, "old_record": null,
        })
    );
    let update = sent(&mut socket, "UPDATE").await;
    assert_eq!(update["payload"]["record"]["item"], "CPAP");
    assert_eq!(
        update["payload"]["old_record"]["item"],
        "oxygen concentrator"
    );
}
