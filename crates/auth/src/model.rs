//! GoTrue's User, Identity and Factor as stored (read through `claimbridge.auth_user`) and as
//! answered: the JSON shapes auth-js reads, timestamps as Go writes them (RFC 3339, UTC as `Z`,
//! fractional seconds without trailing zeros).
use chrono::{DateTime, Timelike as _, Utc};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::AuthError;

/// A time as Go's `time.Time` marshals it (RFC 3339 with up to nine fractional digits).
pub(crate) fn go_time(time: &DateTime<Utc>) -> String {
    let base = time.format("%Y-%m-%dT%H:%M:%S").to_string();
    let nanos = time.nanosecond() % 1_000_000_000;
    if nanos == 0 {
        return format!("{base}Z");
    }
    let fraction = format!("{nanos:09}");
    format!("{base}.{}Z", fraction.trim_end_matches('0'))
}

fn time_value(time: &Option<DateTime<Utc>>) -> Option<Value> {
    time.as_ref().map(|time| Value::String(go_time(time)))
}

fn object_or_empty(value: &Option<Value>) -> Value {
    match value {
        Some(value @ Value::Object(_)) => value.clone(),
        _ => json!({}),
    }
}

/// An `auth.users` row.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct UserRow {
    pub id: Uuid,
    pub aud: Option<String>,
    pub role: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub encrypted_password: Option<String>,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub invited_at: Option<DateTime<Utc>>,
    pub phone_confirmed_at: Option<DateTime<Utc>>,
    pub confirmation_token: Option<String>,
    pub confirmation_sent_at: Option<DateTime<Utc>>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub recovery_token: Option<String>,
    pub recovery_sent_at: Option<DateTime<Utc>>,
    pub email_change_token_current: Option<String>,
    pub email_change_token_new: Option<String>,
    pub email_change: Option<String>,
    pub email_change_sent_at: Option<DateTime<Utc>>,
    pub email_change_confirm_status: Option<i16>,
    pub phone_change: Option<String>,
    pub phone_change_sent_at: Option<DateTime<Utc>>,
    pub reauthentication_token: Option<String>,
    pub reauthentication_sent_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub raw_app_meta_data: Option<Value>,
    pub raw_user_meta_data: Option<Value>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
    pub banned_until: Option<DateTime<Utc>>,
    pub deleted_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub is_anonymous: bool,
}

impl UserRow {
    pub(crate) fn email(&self) -> &str {
        self.email.as_deref().unwrap_or_default()
    }

    pub(crate) fn phone(&self) -> &str {
        self.phone.as_deref().unwrap_or_default()
    }

    pub(crate) fn has_password(&self) -> bool {
        self.encrypted_password
            .as_deref()
            .is_some_and(|hash| !hash.is_empty())
    }

    pub(crate) fn is_confirmed(&self) -> bool {
        self.email_confirmed_at.is_some()
    }

    pub(crate) fn is_banned(&self) -> bool {
        self.banned_until.is_some_and(|until| until > Utc::now())
    }

    pub(crate) fn app_metadata(&self) -> Value {
        object_or_empty(&self.raw_app_meta_data)
    }

    pub(crate) fn user_metadata(&self) -> Value {
        object_or_empty(&self.raw_user_meta_data)
    }
}

/// An `auth.identities` row.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct IdentityRow {
    pub id: Uuid,
    pub provider_id: String,
    pub user_id: Uuid,
    pub identity_data: Option<Value>,
    pub provider: String,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
    pub email: Option<String>,
}

impl IdentityRow {
    pub(crate) fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("identity_id".into(), json!(self.id));
        out.insert("id".into(), json!(self.provider_id));
        out.insert("user_id".into(), json!(self.user_id));
        out.insert("identity_data".into(), object_or_empty(&self.identity_data));
        out.insert("provider".into(), json!(self.provider));
        if let Some(time) = time_value(&self.last_sign_in_at) {
            out.insert("last_sign_in_at".into(), time);
        }
        out.insert(
            "created_at".into(),
            time_value(&self.created_at).unwrap_or(Value::Null),
        );
        out.insert(
            "updated_at".into(),
            time_value(&self.updated_at).unwrap_or(Value::Null),
        );
        if let Some(email) = self.email.as_deref().filter(|email| !email.is_empty()) {
            out.insert("email".into(), json!(email));
        }
        Value::Object(out)
    }
}

/// An `auth.mfa_factors` row (never its secret).
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct FactorRow {
    pub id: Uuid,
    pub friendly_name: Option<String>,
    pub factor_type: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub last_challenged_at: Option<DateTime<Utc>>,
    pub phone: Option<String>,
}

impl FactorRow {
    pub(crate) fn is_verified(&self) -> bool {
        self.status == "verified"
    }

    pub(crate) fn to_json(&self) -> Value {
        let mut out = Map::new();
        out.insert("id".into(), json!(self.id));
        out.insert("created_at".into(), json!(go_time(&self.created_at)));
        out.insert("updated_at".into(), json!(go_time(&self.updated_at)));
        out.insert("status".into(), json!(self.status));
        if let Some(name) = self
            .friendly_name
            .as_deref()
            .filter(|name| !name.is_empty())
        {
            out.insert("friendly_name".into(), json!(name));
        }
        out.insert("factor_type".into(), json!(self.factor_type));
        out.insert(
            "phone".into(),
            json!(self.phone.as_deref().unwrap_or_default()),
        );
        out.insert(
            "last_challenged_at".into(),
            time_value(&self.last_challenged_at).unwrap_or(Value::Null),
        );
        Value::Object(out)
    }
}

/// An `auth.sessions` row.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct SessionRow {
    pub id: Uuid,
    pub aal: String,
    pub created_at: Option<DateTime<Utc>>,
}

impl SessionRow {
    pub(crate) fn is_aal2(&self) -> bool {
        self.aal == "aal2" || self.aal == "aal3"
    }
}

/// Everything a user's JSON and access token are built from (see [`UserBundle::load`]), for
/// the user `$1` and session `$2` (whose `amr` only `claimbridge.auth_access_claims` reads).
const USER_BUNDLE: &str = "
  select jsonb_build_object(
    'user', to_jsonb(u),
    'identities', coalesce((
      select jsonb_agg(to_jsonb(i) order by i.created_at, i.id)
        from auth.identities i where i.user_id = u.id), '[]'),
    'factors', coalesce((
      select jsonb_agg(to_jsonb(f) - 'secret' - 'web_authn_credential' order by f.created_at, f.id)
        from auth.mfa_factors f where f.user_id = u.id), '[]'),
    'session', (
      select jsonb_build_object(
        'id', s.id, 'aal', coalesce(s.aal::text, 'aal1'), 'created_at', s.created_at,
        'amr', coalesce((
          select jsonb_agg(jsonb_build_object(
                   'method', c.authentication_method,
                   'timestamp', floor(extract(epoch from c.updated_at))::bigint)
                 order by c.updated_at desc)
            from auth.mfa_amr_claims c where c.session_id = s.id), '[]'))
        from auth.sessions s
       where s.id = $2 and s.user_id = u.id))
  from auth.users u
  where u.id = $1";

/// [`USER_BUNDLE`] as a scalar subquery of another statement, for the user and session given
/// as SQL expressions.
pub(crate) fn bundle_subquery(user: &str, session: &str) -> String {
    format!(
        "({})",
        USER_BUNDLE.replace("$1", user).replace("$2", session)
    )
}

/// A user with everything its JSON and tokens are built from.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct UserBundle {
    pub user: UserRow,
    #[serde(default)]
    pub identities: Vec<IdentityRow>,
    #[serde(default)]
    pub factors: Vec<FactorRow>,
    pub session: Option<SessionRow>,
}

impl UserBundle {
    /// The user and, if `session` is one of theirs, that session.
    ///
    /// One statement, sent as is (sqlx prepares it once per connection): the user row (its
    /// `encrypted_password` and token columns are never rendered), identities, factors without
    /// secrets, and the session with its AMR claims.
    pub(crate) async fn load(
        pool: &PgPool,
        user: Uuid,
        session: Option<Uuid>,
    ) -> Result<Option<Self>, AuthError> {
        // Decoded from the jsonb straight into the structs, with no JSON value in between.
        let bundle: Option<sqlx::types::Json<Self>> = sqlx::query_scalar(USER_BUNDLE)
            .bind(user)
            .bind(session)
            .fetch_optional(pool)
            .await
            .map_err(Self::decode_error)?;
        Ok(bundle.map(|bundle| bundle.0))
    }

    /// The answer for an error reading a bundle: a row the structs cannot read is logged.
    fn decode_error(err: sqlx::Error) -> AuthError {
        match err {
            sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => {
                tracing::error!(error = %err, "auth: unreadable user row");
                AuthError::internal("Database error loading user")
            }
            other => other.into(),
        }
    }

    /// The user with this email (lower-cased, non-SSO, in the `authenticated` audience).
    pub(crate) async fn find_by_email(
        pool: &PgPool,
        email: &str,
    ) -> Result<Option<Self>, AuthError> {
        let id: Option<Uuid> = sqlx::query_scalar(
            "select id from auth.users
              where lower(email) = lower($1) and is_sso_user = false and aud = 'authenticated'",
        )
        .bind(email)
        .fetch_optional(pool)
        .await?;
        match id {
            Some(id) => Self::load(pool, id, None).await,
            None => Ok(None),
        }
    }

    pub(crate) fn has_verified_factor(&self) -> bool {
        self.factors.iter().any(FactorRow::is_verified)
    }

    /// GoTrue's User JSON.
    pub(crate) fn to_json(&self) -> Value {
        let user = &self.user;
        let mut out = Map::new();
        out.insert("id".into(), json!(user.id));
        out.insert("aud".into(), json!(user.aud.as_deref().unwrap_or_default()));
        out.insert(
            "role".into(),
            json!(user.role.as_deref().unwrap_or_default()),
        );
        out.insert("email".into(), json!(user.email()));
        let optional_times = [
            ("email_confirmed_at", &user.email_confirmed_at),
            ("invited_at", &user.invited_at),
        ];
        for (name, time) in optional_times {
            if let Some(time) = time_value(time) {
                out.insert(name.into(), time);
            }
        }
        out.insert("phone".into(), json!(user.phone()));
        let optional_times = [
            ("phone_confirmed_at", &user.phone_confirmed_at),
            ("confirmation_sent_at", &user.confirmation_sent_at),
            ("confirmed_at", &user.confirmed_at),
            ("recovery_sent_at", &user.recovery_sent_at),
        ];
        for (name, time) in optional_times {
            if let Some(time) = time_value(time) {
                out.insert(name.into(), time);
            }
        }
        if let Some(new_email) = user.email_change.as_deref().filter(|e| !e.is_empty()) {
            out.insert("new_email".into(), json!(new_email));
        }
        if let Some(time) = time_value(&user.email_change_sent_at) {
            out.insert("email_change_sent_at".into(), time);
        }
        if let Some(new_phone) = user.phone_change.as_deref().filter(|p| !p.is_empty()) {
            out.insert("new_phone".into(), json!(new_phone));
        }
        let optional_times = [
            ("phone_change_sent_at", &user.phone_change_sent_at),
            ("reauthentication_sent_at", &user.reauthentication_sent_at),
            ("last_sign_in_at", &user.last_sign_in_at),
        ];
        for (name, time) in optional_times {
            if let Some(time) = time_value(time) {
                out.insert(name.into(), time);
            }
        }
        out.insert("app_metadata".into(), user.app_metadata());
        out.insert("user_metadata".into(), user.user_metadata());
        if !self.factors.is_empty() {
            out.insert(
                "factors".into(),
                Value::Array(self.factors.iter().map(FactorRow::to_json).collect()),
            );
        }
        out.insert(
            "identities".into(),
            Value::Array(self.identities.iter().map(IdentityRow::to_json).collect()),
        );
        out.insert(
            "created_at".into(),
            time_value(&user.created_at).unwrap_or(Value::Null),
        );
        out.insert(
            "updated_at".into(),
            time_value(&user.updated_at).unwrap_or(Value::Null),
        );
        for (name, time) in [
            ("banned_until", &user.banned_until),
            ("deleted_at", &user.deleted_at),
        ] {
            if let Some(time) = time_value(time) {
                out.insert(name.into(), time);
            }
        }
        out.insert("is_anonymous".into(), json!(user.is_anonymous));
        Value::Object(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_as_go_writes_them() {
        let time = DateTime::parse_from_rfc3339("2026-12-05T19:57:07.423400+00:00")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(go_time(&time), "2026-12-05T19:57:07.4234Z");
        let whole = DateTime::parse_from_rfc3339("2026-12-05T19:57:07+00:00")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(go_time(&whole), "2026-12-05T19:57:07Z");
    }

    #[test]
    fn a_database_row_reads_and_renders_without_secrets() {
        let bundle: UserBundle = serde_json::from_value(json!({
            "user": {
                "id": "3f1c5f8e-5b36-4f3e-9d0e-2c2a1f7a9b10", "aud": "authenticated",
                "role": "authenticated", "email": "pat@example.com", "phone": null,
                "encrypted_password": "$2a$10$abcdefghijklmnopqrstuu", "confirmation_token": "secret",
                "email_confirmed_at": "2026-12-05T19:57:07.1+00:00",
                "raw_app_meta_data": {"provider": "email", "providers": ["email"]},
                "raw_user_meta_data": null, "created_at": "2026-12-05T19:57:07+00:00",
                "updated_at": "2026-12-05T19:57:07+00:00", "is_anonymous": false,
                "unknown_column": 1
            },
            "identities": [], "factors": [], "session": null
        }))
        .unwrap();
        let rendered = bundle.to_json();
        assert_eq!(rendered["email"], "pat@example.com");
        assert_eq!(rendered["phone"], "");
        assert_eq!(rendered["email_confirmed_at"], "2026-12-05T19:57:07.1Z");
        assert_eq!(rendered["user_metadata"], json!({}));
        assert!(rendered.get("factors").is_none());
        let text = rendered.to_string();
        assert!(!text.contains("encrypted_password") && !text.contains("secret"));
    }
}
