//! Private channels are authorised by the project's RLS policies on `realtime.messages`, as
//! Supabase does it: in one transaction that is always rolled back, probe rows for the topic are
//! read back as the caller (read) and inserted as the caller (write), with `realtime.topic()`,
//! the role and the JWT claims set as the policies expect.
use cb_gateway::Caller;
use sqlx::PgPool;

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
    // One call (sql/0008 realtime.channel_grants) in a transaction rolled back: no probe stays.
    let mut transaction = pool.begin().await?;
    let answer: serde_json::Value =
        sqlx::query_scalar("select realtime.channel_grants($1, $2, $3)")
            .bind(topic)
            .bind(&caller.role)
            .bind(&*caller.claims_json)
            .fetch_one(&mut *transaction)
            .await?;
    transaction.rollback().await?;
    let has = |list: &str, extension: &str| {
        answer[list]
            .as_array()
            .is_some_and(|items| items.iter().any(|item| item == extension))
    };
    Ok(Grants {
        read_broadcast: has("read", "broadcast"),
        read_presence: has("read", "presence"),
        write_broadcast: has("write", "broadcast"),
        write_presence: has("write", "presence"),
    })
}
