//! /rest/v1: PostgREST's settings under their PGRST_ names and the per-client limits.
use std::collections::BTreeMap;
use std::time::Duration;

use cb_rest::TxEnd;
use cb_rest::schema_cache::db_config::{anon_role, jwt_audience};

use super::ConfigError;
use super::lookup::{parse_bool, parse_number, parse_positive};

/// The variables of PostgREST's `app.settings.<name>`.
const APP_SETTINGS_PREFIX: &str = "PGRST_APP_SETTINGS_";

/// PostgREST's settings under their PGRST_ names (docs/configuration.md, "REST" variables), and the
/// per-client limits. `raw` reads a variable as it is set: PGRST_DB_ANON_ROLE set to nothing
/// is not the same as unset.
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
    raw: &impl Fn(&str) -> Option<String>,
    trusted_proxies: cb_gateway::TrustedProxies,
) -> Result<cb_rest::RestSettings, ConfigError> {
    let defaults = cb_rest::RestSettings::default();
    let list = |name: &str, default: Vec<String>| -> Result<Vec<String>, ConfigError> {
        let Some(text) = get(name) else {
            return Ok(default);
        };
        let items = cb_rest::config_list(&text);
        if items.is_empty() {
            return Err(ConfigError(format!(
                "{name} is '{text}': list schema names separated by commas"
            )));
        }
        Ok(items)
    };
    let schemas = list("PGRST_DB_SCHEMAS", defaults.schemas.clone())?;
    let extra_search_path = list(
        "PGRST_DB_EXTRA_SEARCH_PATH",
        defaults.extra_search_path.clone(),
    )?;
    let max_rows = match get("PGRST_DB_MAX_ROWS") {
        None => defaults.max_rows,
        Some(_) => Some(i64::from(parse_number(get, "PGRST_DB_MAX_ROWS", 0u32)?)),
    };

    let tx_end = match get("PGRST_DB_TX_END") {
        None => defaults.tx_end,
        Some(text) => TxEnd::parse(&text).ok_or_else(|| {
            ConfigError(format!(
                "PGRST_DB_TX_END is '{text}': set it to one of {}",
                TxEnd::VALUES
            ))
        })?,
    };
    // As in PostgREST, set to nothing it is no role: requests without a token are refused.
    let anon_role = match raw("PGRST_DB_ANON_ROLE") {
        None => defaults.anon_role.clone(),
        Some(text) => anon_role(&text),
    };
    let jwt_aud = match get("PGRST_JWT_AUD") {
        None => None,
        Some(text) => jwt_audience(&text).map_err(|problem| {
            ConfigError(format!(
                "PGRST_JWT_AUD is '{text}': it {problem} (a value with ':' must be a URI)"
            ))
        })?,
    };

    let pool_size = parse_positive(get, "PGRST_DB_POOL", defaults.pool_size)?;
    let pool_acquire_timeout = Duration::from_secs(parse_positive(
        get,
        "PGRST_DB_POOL_ACQUISITION_TIMEOUT",
        defaults.pool_acquire_timeout.as_secs(),
    )?);

    let client_defaults = cb_rest::ClientLimitSettings::default();
    let per_client = parse_number(get, "REST_CLIENT_CONCURRENCY", client_defaults.per_client)?;
    if per_client >= pool_size as usize {
        return Err(ConfigError(format!(
            "REST_CLIENT_CONCURRENCY is {per_client}: keep it below the {pool_size} connections \
             of the REST pool (PGRST_DB_POOL), so that one client cannot hold them all (0 turns \
             the limit off)"
        )));
    }
    Ok(cb_rest::RestSettings {
        schemas,
        extra_search_path,
        max_rows,
        aggregates_enabled: parse_bool(
            get,
            "PGRST_DB_AGGREGATES_ENABLED",
            defaults.aggregates_enabled,
        )?,
        plan_enabled: parse_bool(get, "PGRST_DB_PLAN_ENABLED", defaults.plan_enabled)?,
        tx_end,
        anon_role,
        jwt_aud,
        server_timing_enabled: parse_bool(
            get,
            "PGRST_SERVER_TIMING_ENABLED",
            defaults.server_timing_enabled,
        )?,
        client_limits: cb_rest::ClientLimitSettings {
            per_client,
            queue: parse_number(get, "REST_CLIENT_QUEUE", client_defaults.queue)?,
            ..client_defaults
        },
        trusted_proxies,
        pool_size,
        pool_acquire_timeout,
        ..defaults
    })
}

/// PostgREST's `app.settings.*` from the `PGRST_APP_SETTINGS_<NAME>` variables among `vars`:
/// (`app.settings.<name>`, value) pairs, sorted, the name lower-cased (PostgreSQL's setting
/// names ignore ASCII case) and the value as it is set. A name PostgreSQL would refuse on every
/// request, or two variables for one setting, stop the start.
pub(super) fn app_settings<'a>(
    vars: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Vec<(String, String)>, ConfigError> {
    let mut settings: BTreeMap<String, (&str, &str)> = BTreeMap::new();
    for (variable, value) in vars {
        let Some(name) = variable.strip_prefix(APP_SETTINGS_PREFIX) else {
            continue;
        };
        let name = name.to_ascii_lowercase();
        if !is_setting_name(&name) {
            return Err(ConfigError(format!(
                "{variable}: '{name}' cannot name a setting: use letters, digits, _ and $ (no \
                 digit or $ first), in parts separated by dots"
            )));
        }
        if let Some((other, _)) = settings.insert(name.clone(), (variable, value)) {
            return Err(ConfigError(format!(
                "{variable} and {other} both set app.settings.{name}: keep one"
            )));
        }
    }
    Ok(settings
        .into_iter()
        .map(|(name, (_, value))| (format!("app.settings.{name}"), value.to_string()))
        .collect())
}

/// Whether PostgreSQL takes `name` after `app.settings.` as a custom setting's name: parts
/// separated by dots, each of letters, digits, `_` and `$` (no digit or `$` first), any
/// character beyond ASCII counting as a letter.
fn is_setting_name(name: &str) -> bool {
    let letter = |c: char| c == '_' || c.is_ascii_alphabetic() || !c.is_ascii();
    name.split('.').all(|part| {
        let mut chars = part.chars();
        chars.next().is_some_and(letter)
            && chars.all(|c| letter(c) || c == '$' || c.is_ascii_digit())
    })
}
