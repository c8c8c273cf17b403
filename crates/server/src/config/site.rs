//! The website: its public URL, the company facts it shows, what the browser may know, and the
//! settings of the server renderer.
use serde_json::{Value, json};

use super::lookup::{is_http_url, parse_number, parse_positive};
use super::{Config, ConfigError, Environment};

/// Facts about the company shown on the website.
#[derive(Debug, Clone)]
pub struct Company {
    pub name: String,
    pub tagline: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub hours: String,
    pub site_url: String,
    /// The company's website as its legal pages name it (COMPANY_WEBSITE_URL), whatever host
    /// serves this site.
    pub website_url: String,
    pub training_hub_url: String,
    pub support_desk_url: String,
    pub linkedin_url: String,
    pub x_url: String,
    pub facebook_url: String,
    pub youtube_url: String,
}

/// What the browser may know: injected into index.html at serve time.
#[derive(Debug, Clone)]
pub struct PublicConfig {
    pub captcha_provider: String,
    pub captcha_site_key: String,
    pub webhook_url: String,
    pub company: Company,
}

/// The site's own settings, read before the services that link to it.
pub(super) struct Site {
    pub(super) url: String,
    pub(super) company: Company,
    pub(super) render: cb_site::RendererSettings,
    /// How often redirect hits and the 404 log are written.
    pub(super) stats_flush: std::time::Duration,
}

impl Site {
    /// CLAIMBRIDGE_SITE_URL, the company facts (COMPANY_*) and the renderer's workers.
    pub(super) fn read(
        get: &impl Fn(&str) -> Option<String>,
        port: u16,
    ) -> Result<Self, ConfigError> {
        let text = |name: &str, default: &str| get(name).unwrap_or_else(|| default.to_string());
        let url = site_url(get, port)?;
        let defaults = company_defaults();
        let company = Company {
            name: text("COMPANY_NAME", &defaults.name),
            tagline: text("COMPANY_TAGLINE", &defaults.tagline),
            email: text("COMPANY_EMAIL", &defaults.email),
            phone: text("COMPANY_PHONE", &defaults.phone),
            address: text("COMPANY_ADDRESS", &defaults.address),
            hours: text("COMPANY_HOURS", &defaults.hours),
            // The company website shown on the site; the client also builds canonical links
            // from it, so it defaults to the site's own public URL and they agree.
            site_url: text("SITE_URL", &url),
            website_url: text("COMPANY_WEBSITE_URL", &defaults.website_url),
            training_hub_url: text("TRAINING_HUB_URL", &defaults.training_hub_url),
            support_desk_url: text("SUPPORT_DESK_URL", &defaults.support_desk_url),
            linkedin_url: text("COMPANY_LINKEDIN_URL", &defaults.social.linkedin),
            x_url: text("COMPANY_X_URL", &defaults.social.x),
            facebook_url: text("COMPANY_FACEBOOK_URL", &defaults.social.facebook),
            youtube_url: text("COMPANY_YOUTUBE_URL", &defaults.social.youtube),
        };
        let defaults = cb_site::RendererSettings::default();
        let timeout_ms = u64::try_from(defaults.timeout.as_millis()).unwrap_or(u64::MAX);
        let render = cb_site::RendererSettings {
            workers: parse_number(get, "CLAIMBRIDGE_RENDER_WORKERS", 1usize)?.max(1),
            timeout: std::time::Duration::from_millis(parse_positive(
                get,
                "CLAIMBRIDGE_RENDER_TIMEOUT_MS",
                timeout_ms,
            )?),
            ..defaults
        };
        // Tests shorten it to see their counts at once; 0 would spin.
        let stats_flush_ms =
            parse_number(get, "CLAIMBRIDGE_SITE_STATS_FLUSH_MS", 10_000u64)?.max(50);
        Ok(Self {
            url,
            company,
            render,
            stats_flush: std::time::Duration::from_millis(stats_flush_ms),
        })
    }
}

/// The company facts the site shows by default, shared with the frontend build's prerender
/// (which renders the static pages with them, so they are served as built).
const COMPANY_DEFAULTS_JSON: &str =
    include_str!("../../../../frontend/src/config/company-defaults.json");

#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct CompanyDefaults {
    name: String,
    tagline: String,
    email: String,
    phone: String,
    address: String,
    hours: String,
    website_url: String,
    training_hub_url: String,
    support_desk_url: String,
    social: SocialDefaults,
}

#[derive(Debug, serde::Deserialize)]
struct SocialDefaults {
    linkedin: String,
    x: String,
    facebook: String,
    youtube: String,
}

fn company_defaults() -> CompanyDefaults {
    serde_json::from_str(COMPANY_DEFAULTS_JSON)
        .unwrap_or_else(|err| panic!("frontend/src/config/company-defaults.json: {err}"))
}

impl Config {
    /// What the website crate serves and says about the site.
    pub fn site_settings(&self) -> cb_site::SiteSettings {
        cb_site::SiteSettings {
            dist_dir: self.frontend_dir.clone(),
            runtime_config: self.runtime_config(),
            site_url: self.site_url.clone(),
            company_name: self.public.company.name.clone(),
            company_tagline: self.public.company.tagline.clone(),
            production: self.environment == Environment::Production,
            render: self.render.clone(),
            stats_flush: self.site_stats_flush,
        }
    }

    /// The configuration the browser receives (no secrets: the anon key is public by design).
    pub fn runtime_config(&self) -> Value {
        let company = &self.public.company;
        json!({
            "supabaseUrl": null,
            "supabaseAnonKey": self.keys.anon,
            "captchaProvider": self.public.captcha_provider,
            "captchaSiteKey": self.public.captcha_site_key,
            "captchaChallengeUrl": "/functions/v1/captcha-challenge",
            "webhookUrl": self.public.webhook_url,
            "company": {
                "name": company.name,
                "tagline": company.tagline,
                "email": company.email,
                "phone": company.phone,
                "address": company.address,
                "hours": company.hours,
                "siteUrl": company.site_url,
                "websiteUrl": company.website_url,
                "trainingHubUrl": company.training_hub_url,
                "supportDeskUrl": company.support_desk_url,
                "social": {
                    "linkedin": company.linkedin_url,
                    "x": company.x_url,
                    "facebook": company.facebook_url,
                    "youtube": company.youtube_url,
                },
            },
        })
    }
}

/// CLAIMBRIDGE_SITE_URL: an absolute http(s) URL without a trailing slash; locally this
/// server's own address.
fn site_url(get: &impl Fn(&str) -> Option<String>, port: u16) -> Result<String, ConfigError> {
    let Some(value) = get("CLAIMBRIDGE_SITE_URL") else {
        return Ok(format!("http://localhost:{port}"));
    };
    let valid = is_http_url(&value)
        && !value.contains(char::is_whitespace)
        && value
            .split("://")
            .nth(1)
            .is_some_and(|rest| !rest.is_empty());
    if !valid {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_SITE_URL is '{value}': set it to the site's public URL, e.g. https://www.claimbridge.com"
        )));
    }
    Ok(value.trim_end_matches('/').to_string())
}
