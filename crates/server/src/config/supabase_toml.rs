//! `supabase/config.toml`, the file Supabase CLI projects keep their local settings in. The
//! settings this server honours are turned into the environment variables that set the same
//! thing, so the environment wins over the file by construction and every setting is validated
//! (and named in errors) in one place; [`SETTINGS`] is that table, and docs/configuration.md's.
//!
//! Values are checked for their TOML type here, with the file's section and key in the
//! message; `env(NAME)` in a string is replaced by that variable, as the CLI does.
use std::collections::BTreeMap;
use std::path::Path;

use toml::{Table, Value};

use super::ConfigError;

mod settings;
mod values;

pub(super) use settings::{
    EMAIL_TEMPLATES, template_content_variable, template_subject_variable, toml_name,
};
use settings::{Kind, SETTINGS};
use values::render;
pub(super) use values::{PASSWORD_REQUIREMENTS, parse_duration, parse_size};

/// The settings a config.toml gives, as environment-variable defaults.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct FileSettings {
    /// Variable name -> value, in the variable's own syntax.
    pub defaults: BTreeMap<String, String>,
    /// `[functions.<name>] verify_jwt`, by function name.
    pub verify_jwt: BTreeMap<String, bool>,
}

/// The table at a dotted section path (`auth.email`), if the file has it; none for
/// `[auth.email.smtp]` with `enabled = false`, the CLI's switch for its own SMTP server.
fn section<'a>(table: &'a Table, path: &str) -> Option<&'a Table> {
    let found = section_at(table, path)?;
    let off =
        path == "auth.email.smtp" && found.get("enabled").and_then(Value::as_bool) == Some(false);
    (!off).then_some(found)
}

fn section_at<'a>(table: &'a Table, path: &str) -> Option<&'a Table> {
    path.split('.').try_fold(table, |table, name| {
        table.get(name).and_then(Value::as_table)
    })
}

/// Parses config.toml `text` (read from `origin`, named in errors, in directory `dir`, which
/// relative paths are resolved against); `env` resolves `env(NAME)`.
pub(super) fn parse(
    origin: &str,
    dir: &Path,
    text: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<FileSettings, ConfigError> {
    let table: Table = text
        .parse()
        .map_err(|err: toml::de::Error| ConfigError(format!("{origin}: {}", one_line(&err))))?;
    let mut settings = FileSettings::default();
    let templates = EMAIL_TEMPLATES.iter().flat_map(|kind| {
        [
            ("subject", template_subject_variable(kind), Kind::Text),
            ("content_path", template_content_variable(kind), Kind::Path),
        ]
        .map(|(key, variable, kind_of)| {
            (
                format!("auth.email.template.{kind}"),
                key,
                variable,
                kind_of,
            )
        })
    });
    let fixed = SETTINGS
        .iter()
        .map(|&(path, key, variable, kind)| (path.to_string(), key, variable.to_string(), kind));
    for (path, key, variable, kind) in fixed.chain(templates) {
        let Some(value) = section(&table, &path).and_then(|t| t.get(key)) else {
            continue;
        };
        let place = format!("{origin}: [{path}] {key}");
        let text = render(&place, kind, value, dir, &env)?;
        settings.defaults.insert(variable, text);
    }
    if let Some(functions) = table.get("functions") {
        let functions = functions
            .as_table()
            .ok_or_else(|| ConfigError(format!("{origin}: [functions] must be a table")))?;
        for (name, function) in functions {
            let Some(verify) = function.as_table().and_then(|t| t.get("verify_jwt")) else {
                continue;
            };
            let place = format!("{origin}: [functions.{name}] verify_jwt");
            let text = render(&place, Kind::Bool, verify, dir, &env)?;
            settings.verify_jwt.insert(name.clone(), text == "true");
        }
    }
    Ok(settings)
}

/// TOML errors span several lines (a snippet with a caret); the first is the reason.
fn one_line(err: &toml::de::Error) -> String {
    let message = err.message().trim();
    match err.span() {
        Some(span) => format!("{message} (at byte {})", span.start),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests;
