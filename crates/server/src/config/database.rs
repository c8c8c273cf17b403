//! PostgreSQL: the cluster (DATABASE_URL, or the project-local one), the login /rest/v1 uses,
//! the pool size, and the revision retention written to the database at start.
use std::path::PathBuf;

use super::ConfigError;
use super::lookup::{parse_number, postgres_url};

#[derive(Debug, Clone)]
pub enum Database {
    /// DATABASE_URL: an existing PostgreSQL.
    Url(String),
    /// The project-local cluster under the data directory.
    Local { bin_dir: Option<PathBuf> },
}

impl Database {
    /// DATABASE_URL if set, else the local cluster (with POSTGRES_BIN_DIR's binaries, if set).
    pub(super) fn read(get: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        Ok(match postgres_url(get, "DATABASE_URL")? {
            Some(url) => Self::Url(url),
            None => Self::Local {
                bin_dir: get("POSTGRES_BIN_DIR").map(PathBuf::from),
            },
        })
    }
}

/// CLAIMBRIDGE_REVISIONS_KEPT: 1 to 100000 revisions per item.
pub(super) fn revisions_kept(get: &impl Fn(&str) -> Option<String>) -> Result<u32, ConfigError> {
    let revisions_kept = parse_number(get, "CLAIMBRIDGE_REVISIONS_KEPT", 100u32)?;
    if !(1..=100_000).contains(&revisions_kept) {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_REVISIONS_KEPT is {revisions_kept}: set it between 1 and 100000 revisions per item"
        )));
    }
    Ok(revisions_kept)
}
