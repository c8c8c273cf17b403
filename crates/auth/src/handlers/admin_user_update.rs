//! `PUT /admin/users/{id}` (service role): email, password, metadata (app metadata included:
//! only admins may write what grants things), role, `email_confirm`, and `ban_duration` (a Go
//! duration such as "24h", or "none"). A ban ends the user's sessions at once, so their refresh
//! tokens stop working; so does a new password.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::admin_user_get::load_user;
use crate::accounts::{
    audit, confirm, email_exists, end_sessions, reload, set_password, update_app_metadata,
    update_user_metadata, validate_email,
};
use crate::model::UserBundle;
use crate::password::{check_strength, hash};
use crate::request::{ClientInfo, json_body};
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

/// The fields of `POST /admin/users` and `PUT /admin/users/{id}`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct AdminUserParams {
    pub id: Option<String>,
    pub role: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub password_hash: Option<String>,
    pub email_confirm: bool,
    pub user_metadata: Option<Value>,
    pub app_metadata: Option<Value>,
    pub ban_duration: Option<String>,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(user_id): Path<String>,
    client: ClientInfo,
    _admin: AdminCaller,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let bundle = load_user(&state, &user_id).await?;
    let params: AdminUserParams = json_body(&body)?;
    let id = bundle.user.id;
    let email = match params.email.as_deref().filter(|email| !email.is_empty()) {
        Some(email) => Some(validate_email(email)?),
        None => None,
    };
    let ban = match params.ban_duration.as_deref().filter(|ban| !ban.is_empty()) {
        Some(ban) => Some(parse_ban(ban)?),
        None => None,
    };
    if let Some(password) = &params.password {
        check_strength(password, &state.settings)?;
    }
    if let Some(email) = &email
        && UserBundle::find_by_email(&state.pool, email)
            .await?
            .is_some_and(|other| other.user.id != id)
    {
        return Err(email_exists());
    }
    if let Some(role) = params.role.as_deref().filter(|role| !role.is_empty()) {
        sqlx::query("update auth.users set role = $2, updated_at = now() where id = $1")
            .bind(id)
            .bind(role)
            .execute(&state.pool)
            .await?;
    }
    if params.email_confirm {
        confirm(&state.pool, id).await?;
    }
    if let Some(password) = params.password {
        let hashed = hash(password, state.settings.bcrypt_cost).await?;
        set_password(&state.pool, id, &hashed, None).await?;
    }
    if let Some(email) = &email {
        let changed = sqlx::query(
            "with identity as (
               update auth.identities
                  set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3),
                      updated_at = now()
                where user_id = $1 and provider = 'email')
             update auth.users set email = $2, updated_at = now() where id = $1",
        )
        .bind(id)
        .bind(email)
        .bind(params.email_confirm)
        .execute(&state.pool)
        .await;
        match changed {
            Err(sqlx::Error::Database(err)) if err.is_unique_violation() => {
                return Err(email_exists());
            }
            other => {
                other?;
            }
        }
    }
    if let Some(Value::Object(app)) = &params.app_metadata {
        update_app_metadata(&state.pool, id, app).await?;
    }
    if let Some(Value::Object(data)) = &params.user_metadata {
        update_user_metadata(&state.pool, id, data).await?;
    }
    if let Some(ban) = ban {
        set_ban(&state, id, ban).await?;
    }
    audit(
        &state.pool,
        None,
        "user_modified",
        Some(json!({"user_id": id, "user_email": bundle.user.email(), "user_phone": bundle.user.phone()})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(reload(&state.pool, id).await?.to_json()))
}

/// Parses and applies a `ban_duration`.
pub(crate) async fn apply_ban(state: &AuthState, user: Uuid, ban: &str) -> Result<(), AuthError> {
    set_ban(state, user, parse_ban(ban)?).await
}

/// Bans for `seconds` (0 lifts a ban). A banned user's sessions end at once.
async fn set_ban(state: &AuthState, user: Uuid, seconds: f64) -> Result<(), AuthError> {
    sqlx::query(
        "update auth.users
            set banned_until = case when $2 = 0 then null else now() + make_interval(secs => $2) end,
                updated_at = now()
          where id = $1",
    )
    .bind(user)
    .bind(seconds)
    .execute(&state.pool)
    .await?;
    if seconds > 0.0 {
        end_sessions(&state.pool, user, None, None).await?;
    }
    Ok(())
}

fn parse_ban(text: &str) -> Result<f64, AuthError> {
    if text == "none" {
        return Ok(0.0);
    }
    parse_go_duration(text).ok_or_else(|| {
        AuthError::validation(format!(
            "invalid format for ban duration: time: invalid duration {text:?}"
        ))
    })
}

/// Go's `time.ParseDuration`: an optional sign, then decimal numbers each with a unit (ns, us,
/// µs, ms, s, m, h); in seconds.
pub(crate) fn parse_go_duration(text: &str) -> Option<f64> {
    let (negative, mut rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if rest == "0" {
        return Some(0.0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total = 0.0;
    while !rest.is_empty() {
        let number_end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
        let number: f64 = rest[..number_end].parse().ok()?;
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "ns" => 1e-9,
            "us" | "µs" | "μs" => 1e-6,
            "ms" => 1e-3,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return None,
        };
        total += number * scale;
        rest = &rest[unit_end..];
    }
    Some(if negative { -total } else { total })
}

#[cfg(test)]
mod tests {
    use super::parse_go_duration;

    #[test]
    fn go_durations() {
        assert_eq!(parse_go_duration("24h"), Some(86_400.0));
        assert_eq!(parse_go_duration("1h30m"), Some(5_400.0));
        assert_eq!(parse_go_duration("1.5s"), Some(1.5));
        assert_eq!(parse_go_duration("0"), Some(0.0));
        assert_eq!(parse_go_duration("876000h"), Some(876_000.0 * 3600.0));
        for bad in ["", "24", "h", "1d", "1h-", "abc"] {
            assert_eq!(parse_go_duration(bad), None, "{bad}");
        }
    }
}
