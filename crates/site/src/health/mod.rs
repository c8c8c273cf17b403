//! Site health: the content checks behind the admin's "Site health" screen
//! (supabase/migrations/20261206000800_site_health.sql, public.site_health()). Each instance
//! runs a link checker beside the server (`job`): it scans the published posts' and the pages'
//! stored HTML for links and images without alt text (`extract`), judges the links inside the
//! site against the build's routes and files, the posts, the redirects and the stored files
//! without a request (`internal`), and checks the links to other sites over HTTP in the
//! background (`external`), never at an address on a private or local network (`guard`). It
//! stops with the server ([`LinkCheckerHandle::stop`]).
mod external;
mod extract;
mod guard;
mod internal;
mod job;

use std::path::Path;
use std::time::Duration;

use cb_db::sqlx::PgPool;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use url::Url;

use crate::router::{SiteSettings, public_files, read_site_manifest};
use external::{Checker, HOST_SPACING};
use internal::Build;

/// How the link checker runs (docs/configuration.md: CLAIMBRIDGE_LINK_CHECK_*).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkCheckSettings {
    /// How often the content is scanned and due links are checked besides after every change
    /// of the content; None: the checker is off.
    pub interval: Option<Duration>,
    /// How long one request to another site may take.
    pub timeout: Duration,
    /// `host:port` pairs (lower case, IPv6 addresses in brackets) requested whatever their
    /// address: an intranet on purpose, a test's local server. Their redirects are vetted again.
    pub allowed_hosts: Vec<String>,
}

impl Default for LinkCheckSettings {
    fn default() -> Self {
        Self {
            interval: Some(Duration::from_secs(600)),
            timeout: Duration::from_secs(10),
            allowed_hosts: Vec::new(),
        }
    }
}

/// A running link checker.
#[derive(Debug)]
pub struct LinkCheckerHandle {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl LinkCheckerHandle {
    /// Stops scanning and checking (links being checked are handed back for the next run) and
    /// waits for the checker.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Starts this instance's link checker over the site `site` describes (its build and public
/// URL); None when `settings` turn it off or the site's URL does not parse. Stop it with the
/// server, before the pool closes.
pub fn start_link_checker(
    site: &SiteSettings,
    settings: &LinkCheckSettings,
    pool: PgPool,
) -> Option<LinkCheckerHandle> {
    let interval = settings.interval?;
    let site_url = site.site_url.trim_end_matches('/');
    let Ok(site_address) = Url::parse(site_url) else {
        tracing::warn!(
            site_url,
            "site health: the site URL does not parse; links are not checked"
        );
        return None;
    };
    let checker = Checker::new(site_url, settings.timeout, &settings.allowed_hosts);
    // A batch holds at most two links of a host, each done within its budget (see `Checker`).
    let per_link = settings.timeout * 3 + HOST_SPACING * 2;
    let job = job::Job {
        pool,
        site: site_address,
        build: read_build(&site.dist_dir),
        checker,
        interval,
        lease: per_link * 2 + Duration::from_secs(60),
    };
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn(job::run(job, stopped));
    Some(LinkCheckerHandle { stop, task })
}

/// The build's route table and files (none when the site is not built: the router says so).
fn read_build(dist: &Path) -> Build {
    let assets = std::fs::read_dir(dist.join("assets"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| format!("/assets/{}", entry.file_name().to_string_lossy()))
                .collect()
        })
        .unwrap_or_default();
    Build {
        manifest: dist
            .join("index.html")
            .is_file()
            .then(|| read_site_manifest(dist))
            .flatten(),
        public_files: public_files(dist),
        assets,
    }
}
