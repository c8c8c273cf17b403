//! PostgREST's in-database configuration: `alter role authenticator [in database …] set
//! pgrst.<setting> = '…'` overrides the server's own settings (config.toml, environment), as in
//! PostgREST. It is read with every schema cache load, so `NOTIFY pgrst, 'reload config'`
//! (or `'reload schema'`) applies a change without a restart.
//!
//! A value this server cannot use is one log line naming the setting, and the server's own
//! value stays in force for it; the other settings still apply.
use super::Qi;
use crate::{RestSettings, TxEnd};

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
    /// How transactions end and whether `Prefer: tx=` may change it (`db-tx-end`).
    pub tx_end: TxEnd,
    /// The role of requests without a token or whose token names none (`db-anon-role`);
    /// `None`: they are refused.
    pub anon_role: Option<String>,
    /// The audience a token's `aud` must name (`jwt-aud`); `None`: any.
    pub jwt_aud: Option<String>,
    /// Successful responses carry `Server-Timing` (`server-timing-enabled`).
    pub server_timing_enabled: bool,
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
            tx_end: settings.tx_end,
            anon_role: settings.anon_role.clone(),
            jwt_aud: settings.jwt_aud.clone(),
            server_timing_enabled: settings.server_timing_enabled,
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
                self.tx_end = TxEnd::parse(value)
                    .ok_or_else(|| format!("is not one of {}", TxEnd::VALUES))?;
            }
            "db_anon_role" => self.anon_role = anon_role(value),
            "jwt_aud" => self.jwt_aud = jwt_audience(value).map_err(str::to_string)?,
            "server_timing_enabled" => self.server_timing_enabled = boolean(value)?,
            "db_pre_request" => self.pre_request = configured_qi(value.trim()),
            // PostgREST's other settings (JWT, server, pool, ...) are the server's business.
            _ => {}
        }
        Ok(())
    }
}

/// `db-anon-role` as written: empty (or only spaces) is no anonymous role, as in PostgREST.
pub fn anon_role(text: &str) -> Option<String> {
    Some(text.trim())
        .filter(|role| !role.is_empty())
        .map(str::to_string)
}

/// `jwt-aud` as written: empty is none; a value with a `:` must be a URI, as PostgREST requires
/// (a scheme, then only characters a URI may hold).
pub fn jwt_audience(text: &str) -> Result<Option<String>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.contains(':') && !is_uri(text) {
        return Err("is neither a string without ':' nor a valid URI");
    }
    Ok(Some(text.to_string()))
}

/// An absolute URI as RFC 3986 spells it, character by character: `scheme:` then unreserved,
/// reserved and `%XX` escaped characters, with at most one `#`.
fn is_uri(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut scheme_chars = scheme.chars();
    if !scheme_chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        || !scheme_chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return false;
    }
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_hexdigit);
                if !(hex(i + 1) && hex(i + 2)) {
                    return false;
                }
                i += 2;
            }
            c if c.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&c) => {}
            _ => return false,
        }
        i += 1;
    }
    rest.matches('#').count() <= 1
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
            ("db_tx_end", "rollback-allow-override"),
            ("db_anon_role", " web_anon "),
            ("jwt_aud", "https://api.example.test/"),
            ("server_timing_enabled", "true"),
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
                tx_end: TxEnd::RollbackAllowOverride,
                anon_role: Some("web_anon".into()),
                jwt_aud: Some("https://api.example.test/".into()),
                server_timing_enabled: true,
                pre_request: Some(Qi::new("private", "check_request")),
            }
        );
        let (unqualified, _) = overridden(&[("db_pre_request", "check")]);
        assert_eq!(unqualified.pre_request, Some(Qi::new("", "check")));
        let (unlimited, _) = overridden(&[("db_max_rows", "")]);
        assert_eq!(unlimited.max_rows, None);
        // As in PostgREST, an empty anonymous role is none (anonymous requests are refused),
        // and an empty audience is none (any).
        let (no_anon, problems) = overridden(&[("db_anon_role", " "), ("jwt_aud", "")]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!((no_anon.anon_role, no_anon.jwt_aud), (None, None));
    }

    #[test]
    fn every_tx_end_is_read() {
        for (text, tx_end, allows_override, rolls_back) in [
            ("commit", TxEnd::Commit, false, false),
            (
                "commit-allow-override",
                TxEnd::CommitAllowOverride,
                true,
                false,
            ),
            ("rollback", TxEnd::Rollback, false, true),
            (
                " rollback-allow-override ",
                TxEnd::RollbackAllowOverride,
                true,
                true,
            ),
        ] {
            let (config, problems) = overridden(&[("db_tx_end", text)]);
            assert!(problems.is_empty(), "{problems:?}");
            assert_eq!(config.tx_end, tx_end);
            assert_eq!(tx_end.allows_override(), allows_override, "{text}");
            assert_eq!(tx_end.rolls_back(), rolls_back, "{text}");
        }
        for bad in ["", "Commit", "rollback-all", "commit,rollback"] {
            assert_eq!(TxEnd::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_audience_with_a_colon_must_be_a_uri() {
        for good in [
            "authenticated",
            "your-audience",
            "https://api.example.test/v1?x=1#top",
            "urn:example:audience",
            "https://example.test/a%20b",
        ] {
            assert_eq!(jwt_audience(good), Ok(Some(good.to_string())), "{good}");
        }
        for bad in [
            ":no-scheme",
            "1http://example.test",
            "https://exa mple.test",
            "https://example.test/%zz",
            "https://example.test/%2",
            "https://example.test/#a#b",
            "http://example.test/\"quoted\"",
        ] {
            assert!(jwt_audience(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bad_value_names_the_setting_and_leaves_the_others_applied() {
        let (config, problems) = overridden(&[
            ("db_max_rows", "lots"),
            ("db_aggregates_enabled", "sure"),
            ("db_schemas", " , "),
            ("db_tx_end", "rollback-all"),
            ("jwt_aud", "not a uri:"),
            ("server_timing_enabled", "please"),
            ("db_plan_enabled", "true"),
        ]);
        let defaults = DbConfig::from_settings(&RestSettings::default());
        assert_eq!(config.max_rows, defaults.max_rows);
        assert_eq!(config.aggregates_enabled, defaults.aggregates_enabled);
        assert_eq!(config.schemas, defaults.schemas);
        assert_eq!(config.tx_end, defaults.tx_end);
        assert_eq!(config.jwt_aud, defaults.jwt_aud);
        assert_eq!(config.server_timing_enabled, defaults.server_timing_enabled);
        assert!(config.plan_enabled);
        assert_eq!(
            problems,
            [
                "pgrst.db_max_rows = 'lots' in the database is not a whole number; using the server's own value",
                "pgrst.db_aggregates_enabled = 'sure' in the database is not true or false; using the server's own value",
                "pgrst.db_schemas = ' , ' in the database names no schema; using the server's own value",
                "pgrst.db_tx_end = 'rollback-all' in the database is not one of commit, commit-allow-override, rollback, rollback-allow-override; using the server's own value",
                "pgrst.jwt_aud = 'not a uri:' in the database is neither a string without ':' nor a valid URI; using the server's own value",
                "pgrst.server_timing_enabled = 'please' in the database is not true or false; using the server's own value",
            ]
        );
    }
}
