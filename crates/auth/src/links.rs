//! Emailed links and codes, as GoTrue makes them: a numeric code (OTP), its token hash (hex
//! SHA-224 of the address and the code) stored on the user and in `auth.one_time_tokens`, and a
//! link to `/verify?token=<hash>&type=<type>&redirect_to=<url>`. A link is good once, for
//! `otp_expiry`, and a new one replaces the old. The same tokens serve `generate_link`.
use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::accounts::audit;
use crate::flow::Flow;
use crate::mail::{MailData, MailKind};
use crate::model::UserBundle;
use crate::request::ClientInfo;
use crate::tokens::{new_otp, token_hash};
use crate::{AuthError, AuthState};

/// What a link does (the `type` of `/verify`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LinkType {
    Signup,
    Invite,
    Recovery,
    MagicLink,
    /// To the new address of an email change.
    EmailChangeNew,
    /// To the current address of an email change (double confirmation).
    EmailChangeCurrent,
    Reauthentication,
}

impl LinkType {
    /// The `type` the link carries.
    pub(crate) fn verify_type(self) -> &'static str {
        match self {
            Self::Signup => "signup",
            Self::Invite => "invite",
            Self::Recovery => "recovery",
            Self::MagicLink => "magiclink",
            Self::EmailChangeNew | Self::EmailChangeCurrent => "email_change",
            Self::Reauthentication => "reauthentication",
        }
    }

    fn one_time_token_type(self) -> &'static str {
        match self {
            Self::Signup | Self::Invite => "confirmation_token",
            Self::Recovery | Self::MagicLink => "recovery_token",
            Self::EmailChangeNew => "email_change_token_new",
            Self::EmailChangeCurrent => "email_change_token_current",
            Self::Reauthentication => "reauthentication_token",
        }
    }

    /// The user columns holding the token and the time it was sent.
    fn columns(self) -> (&'static str, &'static str) {
        match self {
            Self::Signup | Self::Invite => ("confirmation_token", "confirmation_sent_at"),
            Self::Recovery | Self::MagicLink => ("recovery_token", "recovery_sent_at"),
            Self::EmailChangeNew => ("email_change_token_new", "email_change_sent_at"),
            Self::EmailChangeCurrent => ("email_change_token_current", "email_change_sent_at"),
            Self::Reauthentication => ("reauthentication_token", "reauthentication_sent_at"),
        }
    }

    fn sent_at(self, bundle: &UserBundle) -> Option<DateTime<Utc>> {
        let user = &bundle.user;
        match self {
            Self::Signup | Self::Invite => user.confirmation_sent_at,
            Self::Recovery | Self::MagicLink => user.recovery_sent_at,
            Self::EmailChangeNew | Self::EmailChangeCurrent => user.email_change_sent_at,
            Self::Reauthentication => user.reauthentication_sent_at,
        }
    }

    /// The authentication method a PKCE flow for this link is recorded under (GoTrue's names).
    pub(crate) fn flow_method(self) -> &'static str {
        match self {
            Self::Signup => "email/signup",
            Self::Invite => "invite",
            Self::Recovery => "recovery",
            Self::MagicLink => "magiclink",
            Self::EmailChangeNew | Self::EmailChangeCurrent => "email_change",
            Self::Reauthentication => "reauthentication",
        }
    }

    /// The audit log entry GoTrue writes when someone asks for this link.
    fn audit_action(self) -> Option<&'static str> {
        match self {
            Self::Signup => Some("user_confirmation_requested"),
            Self::Recovery | Self::MagicLink => Some("user_recovery_requested"),
            Self::Reauthentication => Some("user_reauthenticate_requested"),
            Self::Invite | Self::EmailChangeNew | Self::EmailChangeCurrent => None,
        }
    }

    fn mail_kind(self) -> MailKind {
        match self {
            Self::Signup => MailKind::Confirmation,
            Self::Invite => MailKind::Invite,
            Self::Recovery => MailKind::Recovery,
            Self::MagicLink => MailKind::MagicLink,
            Self::EmailChangeNew | Self::EmailChangeCurrent => MailKind::EmailChange,
            Self::Reauthentication => MailKind::Reauthentication,
        }
    }
}

/// A link made for a user.
#[derive(Debug, Clone)]
pub(crate) struct Link {
    pub otp: String,
    /// The token hash as stored (with the `pkce_` prefix of a PKCE flow).
    pub hashed_token: String,
    pub action_link: String,
    pub redirect_to: String,
}

/// GoTrue's `max_frequency`: one email of a kind per user per interval.
pub(crate) fn check_frequency(
    state: &AuthState,
    bundle: &UserBundle,
    link: LinkType,
) -> Result<(), AuthError> {
    let Some(sent_at) = link.sent_at(bundle) else {
        return Ok(());
    };
    let frequency = chrono::Duration::from_std(state.settings.email_max_frequency)
        .unwrap_or_else(|_| chrono::Duration::seconds(60));
    let next = sent_at + frequency;
    let now = Utc::now();
    if next > now {
        let left = (next - now).num_seconds().max(0);
        return Err(AuthError::too_many(
            "over_email_send_rate_limit",
            format!("For security purposes, you can only request this after {left} seconds."),
            left as u64,
        ));
    }
    Ok(())
}

/// Makes a link for `bundle`'s user: stores its token (replacing the previous one of its kind).
/// `address` is where it goes (the new address of an email change; the user's own otherwise).
pub(crate) async fn make_link(
    state: &AuthState,
    bundle: &UserBundle,
    link_type: LinkType,
    address: &str,
    flow: &Flow,
    redirect_to: &str,
) -> Result<Link, AuthError> {
    let otp = new_otp(state.settings.otp_length);
    let hashed_token = flow.stored_token(&token_hash(address, &otp));
    let (token_column, sent_column) = link_type.columns();
    let mut tx = state.pool.begin().await?;
    // The column names are fixed per link type, never input.
    let mut statement = format!(
        "update auth.users set {token_column} = $2, {sent_column} = now(), updated_at = now()"
    );
    match link_type {
        LinkType::Invite => statement.push_str(", invited_at = now()"),
        LinkType::EmailChangeNew => {
            statement.push_str(", email_change = $3, email_change_confirm_status = 0");
        }
        _ => {}
    }
    statement.push_str(" where id = $1");
    let mut query = sqlx::query(&statement)
        .bind(bundle.user.id)
        .bind(&hashed_token);
    if link_type == LinkType::EmailChangeNew {
        query = query.bind(address);
    }
    query.execute(&mut *tx).await?;
    sqlx::query(
        "insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
         values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4)
         on conflict (user_id, token_type)
         do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                       created_at = now(), updated_at = now()",
    )
    .bind(bundle.user.id)
    .bind(link_type.one_time_token_type())
    .bind(&hashed_token)
    .bind(address)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let action_link = verification_url(state, &hashed_token, link_type, redirect_to);
    Ok(Link {
        otp,
        hashed_token,
        action_link,
        redirect_to: redirect_to.to_string(),
    })
}

/// `{external_url}/verify?token=..&type=..&redirect_to=..`.
fn verification_url(
    state: &AuthState,
    token: &str,
    link_type: LinkType,
    redirect_to: &str,
) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("token", token)
        .append_pair("type", link_type.verify_type())
        .append_pair("redirect_to", redirect_to)
        .finish();
    format!(
        "{}/verify?{query}",
        state.settings.external_url.trim_end_matches('/')
    )
}

/// Makes a link and emails it (with its code). A failed email keeps nothing: the link is not
/// usable because nobody has it, and the next request makes a new one.
pub(crate) async fn send_link(
    state: &AuthState,
    bundle: &UserBundle,
    link_type: LinkType,
    address: &str,
    flow: &Flow,
    redirect_to: &str,
) -> Result<Link, AuthError> {
    // GoTrue sends invitations without the per-user interval (an admin is asking).
    if link_type != LinkType::Invite {
        check_frequency(state, bundle, link_type)?;
    }
    if state.settings.enable_confirmations {
        state
            .limits
            .take_email(state.settings.rate_limits.email_sent)?;
    }
    let link = make_link(state, bundle, link_type, address, flow, redirect_to).await?;
    let data = MailData {
        to: address.to_string(),
        confirmation_url: link.action_link.clone(),
        token: link.otp.clone(),
        token_hash: link.hashed_token.clone(),
        site_url: state.settings.site_url.clone(),
        redirect_to: redirect_to.to_string(),
        email: bundle.user.email().to_string(),
        new_email: bundle.user.email_change.clone().unwrap_or_default(),
        data: bundle.user.user_metadata(),
    };
    let data = if link_type == LinkType::EmailChangeNew {
        MailData {
            new_email: address.to_string(),
            ..data
        }
    } else {
        data
    };
    state
        .mailer
        .send(link_type.mail_kind(), &data)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, kind = ?link_type, "auth: email not sent");
            AuthError::internal(format!("Error sending {} email", mail_noun(link_type)))
        })?;
    Ok(link)
}

/// A link someone asked for (a sign-up confirmation, a recovery, a magic link, a
/// reauthentication code): its PKCE flow recorded, GoTrue's audit entry, the email sent.
pub(crate) async fn request_link(
    state: &AuthState,
    bundle: &UserBundle,
    link_type: LinkType,
    flow: &Flow,
    redirect_to: &str,
    client: &ClientInfo,
) -> Result<(), AuthError> {
    flow.record(&state.pool, bundle.user.id, link_type.flow_method())
        .await?;
    if let Some(action) = link_type.audit_action() {
        audit(
            &state.pool,
            Some(bundle.user.id),
            action,
            None,
            &client.ip_text(),
        )
        .await?;
    }
    send_link(
        state,
        bundle,
        link_type,
        bundle.user.email(),
        flow,
        redirect_to,
    )
    .await
    .map(drop)
}

/// How GoTrue names each email in its failure messages.
fn mail_noun(link_type: LinkType) -> &'static str {
    match link_type {
        LinkType::Signup => "confirmation",
        LinkType::Invite => "invite",
        LinkType::Recovery => "recovery",
        LinkType::MagicLink => "magic link",
        LinkType::EmailChangeNew | LinkType::EmailChangeCurrent => "email change",
        LinkType::Reauthentication => "reauthentication",
    }
}

/// Whether a stored token (with or without the `pkce_` prefix) matches `presented`, still fresh.
pub(crate) fn token_matches(
    stored: Option<&str>,
    presented: &str,
    sent_at: Option<DateTime<Utc>>,
    expiry: std::time::Duration,
) -> bool {
    let Some(stored) = stored.filter(|stored| !stored.is_empty()) else {
        return false;
    };
    let Some(sent_at) = sent_at else {
        return false;
    };
    let fresh =
        chrono::Duration::from_std(expiry).is_ok_and(|expiry| Utc::now() <= sent_at + expiry);
    let equal =
        |a: &str, b: &str| bool::from(subtle::ConstantTimeEq::ct_eq(a.as_bytes(), b.as_bytes()));
    fresh && (equal(stored, presented) || equal(stored, &format!("pkce_{presented}")))
}

/// Metadata for GoTrue's `data` fields: an object, or nothing.
pub(crate) fn data_object(data: Option<Value>) -> serde_json::Map<String, Value> {
    match data {
        Some(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}
