//! PostgREST's in-database configuration: `alter role authenticator [in database …] set
//! pgrst.<setting> = '…'` overrides the server's own settings (config.toml, environment), as in
//! PostgREST. It is read with every schema cache load, so `NOTIFY pgrst, 'reload config'`
//! (or `'reload schema'`) applies a change without a restart.
//!
//! A value this server cannot use is one log line naming the setting, and the server's own
//! value stays in force for it; the other settings still apply.
use super::Qi;
use crate::RestSettings;

/// The settings in force for requests: the server's, overridden by the database's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DbConfig {
    /// Exposed schemas; the first is the default (`db-schemas`).
    pub schemas: Vec<String>,
    pub extra_search_path: Vec<String>,
    pub max_rows: Option<i64>,
    pub aggregates_enabled: bool,
    /// Answer `Accept: application/vnd.pgrst.plan…` with the statement's EXPLAIN.
    pub plan_enabled: bool,
    /// Honour `Prefer: tx=rollback|commit` (`db-tx-end = commit-allow-override`).
    pub tx_allow_override: bool,
    /// `db-pre-request`: a function run before each request's statement; an unqualified name
    /// has an empty schema and is found through the request's search path.
    pub pre_request: Option<Qi>,
}

impl Default for DbConfig {
    fn default() -> Self {
        Self::from_settings(&RestSettings::default())
    }
}

impl DbConfig {
    /// The server's own settings, with nothing from the database.
    pub fn from_settings(settings: &RestSettings) -> Self {
        DbConfig {
            schemas: settings.schemas.clone(),
            extra_search_path: settings.extra_search_path.clone(),
            max_rows: settings.max_rows,
            aggregates_enabled: settings.aggregates_enabled,
            plan_enabled: settings.plan_enabled,
            tx_allow_override: settings.tx_allow_override,
            pre_request: None,
        }
    }

    /// `settings` overridden by the database's `pgrst.*` pairs (setting name without the
    /// prefix, value); returns the problems with values that were not applied.
    pub fn with_overrides<'a>(
        settings: &RestSettings,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Self, Vec<String>) {
        let mut config = Self::from_settings(settings);
        let mut problems = Vec::new();
        for (name, value) in pairs {
            if let Err(problem) = config.apply(name, value) {
                problems.push(format!(
                    "pgrst.{name} = '{value}' in the database {problem}; using the server's own value"
                ));
            }
        }
        (config, problems)
    }

    fn apply(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "db_schemas" => self.schemas = non_empty_list(value)?,
            "db_extra_search_path" => self.extra_search_path = config_list(value),
            "db_max_rows" => {
                self.max_rows = match value.trim() {
                    "" => None,
                    text => Some(
                        text.parse::<u32>()
                            .map_err(|_| "is not a whole number".to_string())?
                            .into(),
                    ),
                }
            }
            "db_aggregates_enabled" => self.aggregates_enabled = boolean(value)?,
            "db_plan_enabled" => self.plan_enabled = boolean(value)?,
            "db_tx_end" => {
                self.tx_allow_override = match value.trim() {
                    "commit" => false,
                    "commit-allow-override" => true,
                    "rollback" | "rollback-allow-override" => {
                        return Err("asks for rollback by default, which this server does not \
                                    do (use commit or commit-allow-override)"
                            .into());
                    }
                    _ => {
                        return Err("is not one of commit, commit-allow-override, rollback, \
                                    rollback-allow-override"
                            .into());
                    }
                }
            }
            "db_pre_request" => self.pre_request = configured_qi(value.trim()),
            // PostgREST's other settings (JWT, server, pool, ...) are the server's business.
            _ => {}
        }
        Ok(())
    }
}

/// A PostgREST list setting: names separated by commas, spaces around them ignored.
pub fn config_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_string)
        .collect()
}

fn non_empty_list(text: &str) -> Result<Vec<String>, String> {
    let items = config_list(text);
    if items.is_empty() {
        return Err("names no schema".into());
    }
    Ok(items)
}

/// PostgREST's booleans (case-insensitive true/false, on/off, 1/0, yes/no).
fn boolean(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" | "yes" => Ok(true),
        "false" | "off" | "0" | "no" => Ok(false),
        _ => Err("is not true or false".into()),
    }
}

/// A qualified name as PostgREST's `toQi` reads a configured one: up to the first dot is the
/// schema; without a dot the schema is empty.
fn configured_qi(text: &str) -> Option<Qi> {
    if text.is_empty() {
        return None;
    }
    Some(match text.split_once('.') {
        Some((schema, name)) => Qi::new(schema, name),
        None => Qi::new("", text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overridden(pairs: &[(&str, &str)]) -> (DbConfig, Vec<String>) {
        DbConfig::with_overrides(&RestSettings::default(), pairs.iter().copied())
    }

    #[test]
    fn without_database_settings_the_servers_own_apply() {
        let (config, problems) = overridden(&[]);
        assert_eq!(config, DbConfig::from_settings(&RestSettings::default()));
        assert!(problems.is_empty());
    }

    #[test]
    fn database_settings_override_the_servers() {
        let (config, problems) = overridden(&[
            ("db_schemas", " public , personal "),
            ("db_extra_search_path", "extensions"),
            ("db_max_rows", "50"),
            ("db_aggregates_enabled", "true"),
            ("db_plan_enabled", "on"),
            ("db_tx_end", "commit"),
            ("db_pre_request", "private.check_request"),
            ("jwt_secret", "ignored: not a database-side setting here"),
        ]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            config,
            DbConfig {
                schemas: vec!["public".into(), "personal".into()],
                extra_search_path: vec!["extensions".into()],
                max_rows: Some(50),
                aggregates_enabled: true,
                plan_enabled: true,
                tx_allow_override: false,
                pre_request: Some(Qi::new("private", "check_request")),
            }
        );
        let (unqualified, _) = overridden(&[("db_pre_request", "check")]);
        assert_eq!(unqualified.pre_request, Some(Qi::new("", "check")));
        let (unlimited, _) = overridden(&[("db_max_rows", "")]);
        assert_eq!(unlimited.max_rows, None);
    }

    #[test]
    fn a_bad_value_names_the_setting_and_leaves_the_others_applied() {
        let (config, problems) = overridden(&[
            ("db_max_rows", "lots"),
            ("db_aggregates_enabled", "sure"),
            ("db_schemas", " , "),
            ("db_tx_end", "rollback"),
            ("db_plan_enabled", "true"),
        ]);
        let defaults = DbConfig::from_settings(&RestSettings::default());
        assert_eq!(config.max_rows, defaults.max_rows);
        assert_eq!(config.aggregates_enabled, defaults.aggregates_enabled);
        assert_eq!(config.schemas, defaults.schemas);
        assert_eq!(config.tx_allow_override, defaults.tx_allow_override);
        assert!(config.plan_enabled);
        assert_eq!(
            problems,
            [
                "pgrst.db_max_rows = 'lots' in the database is not a whole number; using the server's own value",
                "pgrst.db_aggregates_enabled = 'sure' in the database is not true or false; using the server's own value",
                "pgrst.db_schemas = ' , ' in the database names no schema; using the server's own value",
                "pgrst.db_tx_end = 'rollback' in the database asks for rollback by default, which this server does not do (use commit or commit-allow-override); using the server's own value",
            ]
        );
    }
}
