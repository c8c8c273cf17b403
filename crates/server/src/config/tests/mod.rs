//! The configuration's unit tests: defaults, refusals, and config.toml under the environment.
mod auth_settings;
mod config_toml;
mod defaults_and_refusals;
mod postgrest_and_renderer;
mod signing_keys;

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use cb_gateway::DEMO_JWT_SECRET;
use secrecy::ExposeSecret as _;

use super::*;

fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Config::from_vars(&map)
}

/// The one-line message `pairs` are refused with.
fn refusal(pairs: &[(&str, &str)]) -> String {
    config(pairs).unwrap_err().to_string()
}

/// Each variable, set alone to its bad value, is refused with a message that starts with its name.
fn each_bad_value_names_its_variable(cases: &[(&str, &str)]) {
    for &(name, value) in cases {
        let err = refusal(&[(name, value)]);
        assert!(err.starts_with(name), "{name}: {err}");
    }
}

/// A config.toml holding `text`, removed when dropped.
struct TomlFile(tempfile::NamedTempFile);

impl TomlFile {
    fn new(text: &str) -> Self {
        let file = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
        std::fs::write(file.path(), text).unwrap();
        TomlFile(file)
    }

    fn path(&self) -> &str {
        self.0.path().to_str().unwrap()
    }
}

/// A Supabase project directory: config.toml and the files it names, removed when dropped.
struct ProjectDir(tempfile::TempDir);

impl ProjectDir {
    fn new(config_toml: &str, files: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("config.toml"), config_toml).unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        ProjectDir(dir)
    }

    fn config_toml(&self) -> String {
        self.0.path().join("config.toml").display().to_string()
    }

    fn path(&self, name: &str) -> String {
        self.0.path().join(name).display().to_string()
    }
}
