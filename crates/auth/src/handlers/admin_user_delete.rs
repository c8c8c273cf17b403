//! `DELETE /admin/users/{id}` (service role): deletes the user and with it their identities,
//! sessions, refresh tokens and factors, so nothing they hold works any more; with
//! `should_soft_delete` the row stays, anonymised, as GoTrue keeps it.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::admin_user_get::load_user;
use crate::accounts::audit;
use crate::request::{ClientInfo, json_body};
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct DeleteParams {
    should_soft_delete: bool,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(user_id): Path<String>,
    client: ClientInfo,
    _admin: AdminCaller,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let bundle = load_user(&state, &user_id).await?;
    let params: DeleteParams = json_body(&body)?;
    let user = &bundle.user;
    audit(
        &state.pool,
        None,
        "user_deleted",
        Some(json!({"user_id": user.id, "user_email": user.email(), "user_phone": user.phone()})),
        &client.ip_text(),
    )
    .await?;
    if params.should_soft_delete {
        if user.deleted_at.is_none() {
            let mut tx = state.pool.begin().await?;
            for statement in [
                "delete from auth.sessions where user_id = $1",
                "delete from auth.mfa_factors where user_id = $1",
                "update auth.identities
                    set provider_id = provider_id || '-deleted-' || id::text,
                        identity_data = '{}'::jsonb, updated_at = now()
                  where user_id = $1",
                "update auth.users
                    set email = null, phone = null, encrypted_password = '',
                        confirmation_token = '', recovery_token = '', email_change_token_current = '',
                        email_change_token_new = '', email_change = '', phone_change = '',
                        raw_user_meta_data = '{}', raw_app_meta_data = '{}',
                        deleted_at = now(), updated_at = now()
                  where id = $1",
            ] {
                sqlx::query(statement).bind(user.id).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        }
    } else {
        sqlx::query("delete from auth.users where id = $1")
            .bind(user.id)
            .execute(&state.pool)
            .await?;
    }
    Ok(Json(json!({})))
}
