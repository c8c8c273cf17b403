//! Users and their email identities in GoTrue's tables: creation (sign-up, invite, admin),
//! confirmation, password and metadata changes, sessions ended.
use serde_json::{Map, Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::AuthError;
use crate::model::UserBundle;

/// A new user's fields.
#[derive(Debug, Default)]
pub(crate) struct NewUser<'a> {
    pub id: Option<Uuid>,
    pub email: &'a str,
    pub password_hash: Option<String>,
    pub user_metadata: Map<String, Value>,
    pub app_metadata: Map<String, Value>,
    pub role: Option<&'a str>,
    pub confirmed: bool,
    pub is_anonymous: bool,
}

/// GoTrue's answer for an address that already has an account.
pub(crate) fn email_exists() -> AuthError {
    AuthError::unprocessable(
        "email_exists",
        "A user with this email address has already been registered",
    )
}

/// GoTrue's email check: present, at most 255 characters, `local@domain.tld` shaped; lower-cased.
pub(crate) fn validate_email(email: &str) -> Result<String, AuthError> {
    let email = email.trim();
    if email.is_empty() {
        return Err(AuthError::validation("An email address is required"));
    }
    if email.len() > 255 {
        return Err(AuthError::validation("An email address is too long"));
    }
    // The local part's characters are those of checkmail's pattern, which GoTrue uses.
    let local_ok = |local: &str| {
        local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".!#$%&'*+/=?^_`{|}~-".contains(c))
    };
    let valid = email.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && local_ok(local)
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && domain.contains('.')
            && !domain.contains("..")
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && !domain.contains('@')
            && domain
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '.')
    });
    if !valid {
        return Err(AuthError::validation(
            "Unable to validate email address: invalid format",
        ));
    }
    Ok(email.to_lowercase())
}

/// Creates the user and its email identity (GoTrue's sign-up path), returning its id. A
/// concurrent creation of the same address answers `email_exists`.
pub(crate) async fn create_user(pool: &PgPool, new: NewUser<'_>) -> Result<Uuid, AuthError> {
    let id = new.id.unwrap_or_else(Uuid::new_v4);
    let mut app_metadata = new.app_metadata;
    if !new.is_anonymous {
        app_metadata.insert("provider".into(), json!("email"));
        app_metadata.insert("providers".into(), json!(["email"]));
    }
    let mut tx = pool.begin().await?;
    let inserted = sqlx::query(
        "insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
                                 email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                                 created_at, updated_at, is_anonymous, confirmation_token,
                                 recovery_token, email_change_token_new, email_change)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, nullif($3, ''),
                 coalesce($4, ''), case when $5 then now() end, $6, $7, now(), now(), $8,
                 '', '', '', '')",
    )
    .bind(id)
    .bind(new.role.unwrap_or("authenticated"))
    .bind(new.email)
    .bind(new.password_hash)
    .bind(new.confirmed)
    .bind(Value::Object(app_metadata))
    .bind(Value::Object(new.user_metadata.clone()))
    .bind(new.is_anonymous)
    .execute(&mut *tx)
    .await;
    match inserted {
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => {
            return Err(email_exists());
        }
        other => {
            other?;
        }
    }
    if !new.email.is_empty() {
        let mut identity_data = Map::new();
        identity_data.insert("sub".into(), json!(id));
        identity_data.insert("email".into(), json!(new.email));
        identity_data.insert("email_verified".into(), json!(new.confirmed));
        identity_data.insert("phone_verified".into(), json!(false));
        for (key, value) in &new.user_metadata {
            identity_data.entry(key.clone()).or_insert(value.clone());
        }
        sqlx::query(
            "insert into auth.identities (provider_id, user_id, identity_data, provider,
                                          last_sign_in_at, created_at, updated_at)
             values ($1, $1::uuid, $2, 'email', now(), now(), now())",
        )
        .bind(id.to_string())
        .bind(Value::Object(identity_data))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// A first confirmed address (a signup without confirmations, or the first confirmation link):
/// GoTrue's `user_signedup` audit entry, and the address confirmed.
pub(crate) async fn signed_up(pool: &PgPool, user: Uuid, ip: &str) -> Result<(), AuthError> {
    audit(
        pool,
        Some(user),
        "user_signedup",
        Some(json!({"provider": "email"})),
        ip,
    )
    .await?;
    confirm(pool, user).await
}

/// Confirms the user's email (GoTrue's `Confirm`): the confirmation time, `email_verified` in
/// the metadata and on the email identity, and every outstanding one-time token gone.
pub(crate) async fn confirm(pool: &PgPool, user: Uuid) -> Result<(), AuthError> {
    sqlx::query(
        "with identity as (
           update auth.identities
              set identity_data = identity_data || '{\"email_verified\": true}', updated_at = now()
            where user_id = $1 and provider = 'email'),
         tokens as (delete from auth.one_time_tokens where user_id = $1)
         update auth.users
            set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
                raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{\"email_verified\": true}',
                updated_at = now()
          where id = $1",
    )
    .bind(user)
    .execute(pool)
    .await?;
    Ok(())
}

/// Merges `updates` into the user metadata as GoTrue does (a null value removes its key).
pub(crate) async fn update_user_metadata(
    pool: &PgPool,
    user: Uuid,
    updates: &Map<String, Value>,
) -> Result<(), AuthError> {
    metadata_update(pool, user, "raw_user_meta_data", updates).await
}

/// Merges `updates` into the app metadata (admin only: it is what grants things).
pub(crate) async fn update_app_metadata(
    pool: &PgPool,
    user: Uuid,
    updates: &Map<String, Value>,
) -> Result<(), AuthError> {
    metadata_update(pool, user, "raw_app_meta_data", updates).await
}

async fn metadata_update(
    pool: &PgPool,
    user: Uuid,
    column: &'static str,
    updates: &Map<String, Value>,
) -> Result<(), AuthError> {
    let (set, removed): (Map<String, Value>, Vec<String>) = updates.iter().fold(
        (Map::new(), Vec::new()),
        |(mut set, mut removed), (key, value)| {
            if value.is_null() {
                removed.push(key.clone());
            } else {
                set.insert(key.clone(), value.clone());
            }
            (set, removed)
        },
    );
    // `column` is one of two fixed names, never input.
    let statement = format!(
        "update auth.users set {column} = (coalesce({column}, '{{}}') - $2::text[]) || $3,
                updated_at = now()
          where id = $1"
    );
    sqlx::query(&statement)
        .bind(user)
        .bind(removed)
        .bind(Value::Object(set))
        .execute(pool)
        .await?;
    Ok(())
}

/// Stores a new password hash (GoTrue's `UpdatePassword`): every outstanding token is void, and
/// every session but `keep` ends (all of them when `keep` is None).
pub(crate) async fn set_password(
    pool: &PgPool,
    user: Uuid,
    hash: &str,
    keep: Option<Uuid>,
) -> Result<(), AuthError> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "update auth.users
            set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
                recovery_token = '', recovery_sent_at = null, email_change_token_current = '',
                email_change_token_new = '', email_change_sent_at = null,
                phone_change_token = '', phone_change_sent_at = null,
                reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
          where id = $1",
    )
    .bind(user)
    .bind(hash)
    .execute(&mut *tx)
    .await?;
    sqlx::query("delete from auth.one_time_tokens where user_id = $1")
        .bind(user)
        .execute(&mut *tx)
        .await?;
    sqlx::query("delete from auth.sessions where user_id = $1 and id is distinct from $2")
        .bind(user)
        .bind(keep)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Ends sessions: all of the user's (`global`), one (`local`), or all but one (`others`).
pub(crate) async fn end_sessions(
    pool: &PgPool,
    user: Uuid,
    only: Option<Uuid>,
    except: Option<Uuid>,
) -> Result<(), AuthError> {
    sqlx::query(
        "delete from auth.sessions
          where user_id = $1 and ($2::uuid is null or id = $2)
            and ($3::uuid is null or id <> $3)",
    )
    .bind(user)
    .bind(only)
    .bind(except)
    .execute(pool)
    .await?;
    Ok(())
}

/// An audit log entry in GoTrue's table.
pub(crate) async fn audit(
    pool: &PgPool,
    actor: Option<Uuid>,
    action: &str,
    traits: Option<Value>,
    ip: &str,
) -> Result<(), AuthError> {
    sqlx::query("select claimbridge.auth_audit($1, $2, $3, $4)")
        .bind(actor)
        .bind(action)
        .bind(traits)
        .bind(ip)
        .execute(pool)
        .await?;
    Ok(())
}

/// Loads a user that must exist (it was just written).
pub(crate) async fn reload(pool: &PgPool, user: Uuid) -> Result<UserBundle, AuthError> {
    UserBundle::load(pool, user, None)
        .await?
        .ok_or_else(|| AuthError::internal("Database error loading user"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_checked_and_lower_cased() {
        assert_eq!(
            validate_email(" Pat@Example.COM ").unwrap(),
            "pat@example.com"
        );
        for bad in [
            "",
            "pat",
            "pat@",
            "@example.com",
            "pat@example",
            "p t@example.com",
            "pat@exa mple.com",
            "pat@example..com",
            "xx:;x@x.x",
        ] {
            assert_eq!(
                validate_email(bad).unwrap_err().code,
                "validation_failed",
                "{bad}"
            );
        }
        assert!(validate_email(&format!("{}@example.com", "a".repeat(250))).is_err());
    }
}
