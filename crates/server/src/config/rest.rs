//! /rest/v1: PostgREST's settings under their PGRST_ names and the per-client limits.
use super::ConfigError;
use super::lookup::{parse_bool, parse_number};

/// PostgREST's settings under their PGRST_ names (README "REST" variables), and the
/// per-client limits.
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
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

    let client_defaults = cb_rest::ClientLimitSettings::default();
    let per_client = parse_number(get, "REST_CLIENT_CONCURRENCY", client_defaults.per_client)?;
    if per_client >= defaults.pool_size as usize {
        return Err(ConfigError(format!(
            "REST_CLIENT_CONCURRENCY is {per_client}: keep it below the {} connections \
             of the REST pool, so that one client cannot hold them all (0 turns the limit off)",
            defaults.pool_size
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
        client_limits: cb_rest::ClientLimitSettings {
            per_client,
            queue: parse_number(get, "REST_CLIENT_QUEUE", client_defaults.queue)?,
            ..client_defaults
        },
        trusted_proxies,
        ..defaults
    })
}
