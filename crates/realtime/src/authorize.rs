//! Private channels are authorised by the project's RLS policies on `realtime.messages`, as
//! Supabase does it: in one transaction that is always rolled back, probe rows for the topic are
//! read back as the caller (read) and inserted as the caller (write), with `realtime.topic()`,
//! the role and the JWT claims set as the policies expect.
use cb_gateway::Caller;
use sqlx::{Acquire as _, PgPool};
use uuid::Uuid;

/// What the policies allow a caller on one topic.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Grants {
    pub(crate) read_broadcast: bool,
    pub(crate) read_presence: bool,
    pub(crate) write_broadcast: bool,
    pub(crate) write_presence: bool,
}

impl Grants {
    pub(crate) const ALL: Self = Self {
        read_broadcast: true,
        read_presence: true,
        write_broadcast: true,
        write_presence: true,
    };

    pub(crate) fn reads(&self) -> bool {
        self.read_broadcast || self.read_presence
    }
}

/// Asks the policies. service_role bypasses RLS as everywhere on Supabase.
pub(crate) async fn authorize(
    pool: &PgPool,
    caller: &Caller,
    topic: &str,
) -> Result<Grants, sqlx::Error> {
    if caller.is_service_role() {
        return Ok(Grants::ALL);
    }
    let mut connection = pool.acquire().await?;
    let mut transaction = connection.begin().await?;
    // The probes, written by the server itself (the policies only decide what the caller sees).
    let probes: Vec<(Uuid, String)> = sqlx::query_as(
        "insert into realtime.messages (topic, extension, private)
         values ($1, 'broadcast', true), ($1, 'presence', true) returning id, extension",
    )
    .bind(topic)
    .fetch_all(&mut *transaction)
    .await?;
    let ids: Vec<Uuid> = probes.iter().map(|(id, _)| *id).collect();
    // An unknown role (a forged claim naming none) fails here: it is refused, not an error.
    let scoped = sqlx::query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('realtime.topic', $3, true), set_config('request.headers', '{}', true)",
    )
    .bind(&caller.role)
    .bind(&*caller.claims_json)
    .bind(topic)
    .execute(&mut *transaction)
    .await;
    if let Err(err) = scoped {
        tracing::debug!(%err, role = %caller.role, "realtime: the caller's role cannot be assumed");
        return Ok(Grants::default());
    }
    let readable: Vec<String> =
        sqlx::query_scalar("select extension from realtime.messages where id = any($1)")
            .bind(&ids)
            .fetch_all(&mut *transaction)
            .await
            .unwrap_or_else(|err| {
                tracing::warn!(%err, "realtime: a read policy failed");
                Vec::new()
            });
    let mut grants = Grants {
        read_broadcast: readable.iter().any(|e| e == "broadcast"),
        read_presence: readable.iter().any(|e| e == "presence"),
        ..Grants::default()
    };
    for extension in ["broadcast", "presence"] {
        let mut savepoint = transaction.begin().await?;
        let written = sqlx::query(
            "insert into realtime.messages (topic, extension, private) values ($1, $2, true)",
        )
        .bind(topic)
        .bind(extension)
        .execute(&mut *savepoint)
        .await
        .is_ok();
        savepoint.rollback().await?;
        match extension {
            "broadcast" => grants.write_broadcast = written,
            _ => grants.write_presence = written,
        }
    }
    transaction.rollback().await?;
    Ok(grants)
}
