//! The app under test: its test configuration, started on a random port of 127.0.0.1 over a
//! fresh database, and stopped when the test drops it.
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::database::{TestDatabase, fresh_database};
use crate::{Answer as _, DEMO_ANON_KEY, workspace_root};

/// The admin passcode every test app is configured with.
pub const TEST_PASSCODE: &str = "correct-horse-battery-staple";

pub(crate) fn passcode_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| cb_server::passcode::hash(TEST_PASSCODE).expect("hash"))
}

/// The app, serving on a random port of 127.0.0.1 over its own database.
pub struct TestApp {
    pub url: String,
    pub db: TestDatabase,
    pub client: reqwest::Client,
    _data_dir: tempfile::TempDir,
    shutdown: Option<oneshot::Sender<()>>,
}

impl TestApp {
    /// A test app from a server already serving at `url` (see [`serve`]) on `db`.
    pub fn new(
        url: String,
        db: TestDatabase,
        data_dir: tempfile::TempDir,
        shutdown: oneshot::Sender<()>,
    ) -> Self {
        TestApp {
            url,
            db,
            client: reqwest::Client::new(),
            _data_dir: data_dir,
            shutdown: Some(shutdown),
        }
    }

    /// A request as supabase-js sends it for a signed-in caller: the anon key as `apikey`, `token`
    /// as the bearer.
    pub fn with_token(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
    ) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}{path}", self.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(token)
    }

    pub fn anon(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}{path}", self.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(DEMO_ANON_KEY)
    }

    pub fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.url))
    }

    pub fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.post(format!("{}{path}", self.url))
    }

    /// A request with no apikey and no token, as a browser or a bare client sends it.
    pub fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client.request(method, format!("{}{path}", self.url))
    }

    /// A browser's CORS preflight: `OPTIONS path` from `origin`, for a POST that would send the
    /// request headers `headers`.
    pub async fn preflight(&self, path: &str, origin: &str, headers: &str) -> reqwest::Response {
        self.request(reqwest::Method::OPTIONS, path)
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", headers)
            .answer()
            .await
    }

    /// Signs in through simple-auth with the test passcode, as the admin app does, sending
    /// `headers` too (the caller's address and browser, which the activity log records); the
    /// admin token it issues.
    pub async fn sign_in(&self, headers: &[(&str, &str)]) -> String {
        let mut request = self
            .post("/functions/v1/simple-auth")
            .bearer_auth(DEMO_ANON_KEY);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let body: Value = request
            .json(&json!({"action": "login", "passcode": TEST_PASSCODE}))
            .answer()
            .await
            .json()
            .await
            .expect("a JSON answer");
        body["token"].as_str().expect("a token").to_string()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// The test configuration of an app on `db` keeping its files in `data_dir`, with `vars` on top
/// (an empty value unsets a default).
pub fn app_config(db: &TestDatabase, data_dir: &Path, vars: &[(&str, &str)]) -> cb_server::Config {
    // /rest/v1 logs in as on the embedded cluster and as PostgREST does.
    let rest_login = db.url_as("authenticator");
    let mut all = vec![("CLAIMBRIDGE_REST_DATABASE_URL", rest_login.as_str())];
    all.extend_from_slice(vars);
    app_config_on(&db.url(), data_dir, &all)
}

/// The test configuration of an app on the database at `database_url`, with `vars` on top.
pub fn app_config_on(
    database_url: &str,
    data_dir: &Path,
    vars: &[(&str, &str)],
) -> cb_server::Config {
    let mut env: HashMap<String, String> = HashMap::from([
        ("CLAIMBRIDGE_PORT".into(), "0".into()),
        ("DATABASE_URL".into(), database_url.into()),
        (
            "CLAIMBRIDGE_DATA_DIR".into(),
            data_dir.display().to_string(),
        ),
        ("ADMIN_PASSCODE_HASH".into(), passcode_hash().to_string()),
        (
            "CLAIMBRIDGE_FRONTEND_DIR".into(),
            workspace_root().join("frontend/dist").display().to_string(),
        ),
        ("CLAIMBRIDGE_LOG".into(), "warn".into()),
        // The link checker would scan and fetch the seed's links in every test app; the tests of
        // the checker turn it on.
        ("CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS".into(), "0".into()),
    ]);
    for (name, value) in vars {
        env.insert((*name).into(), (*value).into());
    }
    cb_server::Config::from_vars(&env).expect("test configuration")
}

/// Another instance of the server on the database at `database_url` (scale-out) with its own data
/// folder and `vars` on top of the test configuration: its URL, the sender that stops it (as
/// dropping it does) and its data folder (keep it while the instance runs).
pub async fn second_instance(
    database_url: &str,
    vars: &[(&str, &str)],
) -> (String, oneshot::Sender<()>, tempfile::TempDir) {
    let data_dir = tempfile::tempdir().unwrap();
    let config = app_config_on(database_url, data_dir.path(), vars);
    let app = cb_server::App::build(config).await.unwrap();
    let (url, stop) = serve(app);
    (url, stop, data_dir)
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Starts the app with extra configuration variables on top of the test defaults.
pub async fn spawn_app_with(vars: &[(&str, &str)]) -> TestApp {
    let db = fresh_database().await;
    let data_dir = tempfile::tempdir().expect("temp dir");
    let config = app_config(&db, data_dir.path(), vars);
    let app = cb_server::App::build(config).await.expect("build the app");
    let (url, shutdown) = serve(app);
    TestApp::new(url, db, data_dir, shutdown)
}

/// Serves a built app until the returned sender is used or dropped; its base URL.
pub fn serve(app: cb_server::App) -> (String, oneshot::Sender<()>) {
    let url = format!("http://127.0.0.1:{}", app.port());
    let (shutdown, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(
        async {
            let _ = stopped.await;
        },
        false,
    ));
    (url, shutdown)
}
