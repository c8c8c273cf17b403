//! reCAPTCHA, hCaptcha and Turnstile: the token is checked by POSTing it, with the secret, to the
//! provider's siteverify URL (configurable, so tests and air-gapped proxies can stand in).
use std::net::IpAddr;
use std::time::Duration;

use serde_json::Value;

use super::{CaptchaError, Verified};

/// How long a provider token could be presented again (they live 2-5 minutes at the provider).
const REPLAY_WINDOW: Duration = Duration::from_secs(15 * 60);

#[expect(
    clippy::too_many_arguments,
    reason = "the provider's request, field by field"
)]
pub(crate) async fn verify(
    client: &reqwest::Client,
    url: &str,
    secret: &str,
    site_key: &str,
    min_score: f64,
    token: &str,
    remote_ip: Option<IpAddr>,
    now: i64,
) -> Result<Verified, CaptchaError> {
    if token.len() > 8192 {
        return Err(CaptchaError::Invalid("the token is too long"));
    }
    let mut form = vec![
        ("secret", secret.to_string()),
        ("response", token.to_string()),
    ];
    if let Some(ip) = remote_ip {
        form.push(("remoteip", ip.to_string()));
    }
    if !site_key.is_empty() {
        form.push(("sitekey", site_key.to_string()));
    }
    let response = client
        .post(url)
        .form(&form)
        .send()
        .await
        .map_err(|err| CaptchaError::Unavailable(format!("captcha provider: {err}")))?;
    let status = response.status();
    if !status.is_success() {
        return Err(CaptchaError::Unavailable(format!(
            "captcha provider answered HTTP {status}"
        )));
    }
    let body: Value = response
        .json()
        .await
        .map_err(|err| CaptchaError::Unavailable(format!("captcha provider: {err}")))?;
    if body.get("success").and_then(Value::as_bool) != Some(true) {
        return Err(CaptchaError::Invalid("rejected by the captcha provider"));
    }
    if let Some(score) = body.get("score").and_then(Value::as_f64)
        && score < min_score
    {
        return Err(CaptchaError::Invalid("captcha score too low"));
    }
    Ok(Verified {
        replay_key: super::replay_key("remote", token),
        expires_at: now + REPLAY_WINDOW.as_secs() as i64,
    })
}
