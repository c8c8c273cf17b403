//! PostgreSQL going away under a running server, and coming back: every service answers 503 with
//! Retry-After while it is gone (an outage, which a load balancer can tell from a bug), and all of
//! them serve again once it is back, without a restart. The database is reached through a TCP
//! proxy the test cuts and restores (the fault injector); the cluster itself is shared by every
//! test and keeps running.
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, cluster, fresh_database,
};
use reqwest::{Method, StatusCode};
use serde_json::json;
use tokio::net::{TcpListener, UnixStream};
use tokio::task::JoinHandle;

/// A TCP port that forwards to the cluster's Unix socket while it is up.
struct Proxy {
    port: u16,
    socket: PathBuf,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Proxy {
    async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = Proxy {
            port: listener.local_addr().unwrap().port(),
            socket: cluster().data_dir().join(".s.PGSQL.5432"),
            tasks: Arc::default(),
        };
        proxy.serve(listener);
        proxy
    }

    fn serve(&self, listener: TcpListener) {
        let socket = self.socket.clone();
        let tasks = Arc::clone(&self.tasks);
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let socket = socket.clone();
                let forward = tokio::spawn(async move {
                    if let Ok(mut server) = UnixStream::connect(&socket).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                tasks.lock().unwrap().push(forward);
            }
        });
        self.tasks.lock().unwrap().push(accept);
    }

    /// The database disappears: no new connections, and every open one is cut.
    fn cut(&self) {
        for task in self.tasks.lock().unwrap().drain(..) {
            task.abort();
        }
    }

    async fn restore(&self) {
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.unwrap();
        self.serve(listener);
    }
}

async fn spawn_app_through(proxy: &Proxy) -> TestApp {
    let db = fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    let url = |user: &str| format!("postgresql://{user}@127.0.0.1:{}/{}", proxy.port, db.name);
    let rest_url = url("authenticator");
    let config = cb_tests::app_config_on(
        &url("postgres"),
        data_dir.path(),
        &[("CLAIMBRIDGE_REST_DATABASE_URL", rest_url.as_str())],
    );
    let app = cb_server::App::build(config).await.expect("build the app");
    let (base, shutdown) = cb_tests::serve(app);
    TestApp::new(base, db, data_dir, shutdown)
}

fn requests(app: &TestApp) -> Vec<(&'static str, reqwest::RequestBuilder)> {
    let at = |method: Method, path: &str| {
        app.client
            .request(method, format!("{}{path}", app.url))
            .header("apikey", DEMO_ANON_KEY)
    };
    let lead = json!({"companyName": "Acme Medical Supply", "yourName": "Ann Lee",
        "email": "ann@example.com", "phone": "615-555-0100", "howCanWeHelp": "Billing",
        "howManyUsers": "1-5", "yearsInBusiness": "1-3", "claimsPerMonth": "<100",
        "currentSoftware": "Brightree", "aboutProducts": "CPAP",
        "timestamp": "2026-11-26T10:00:00Z", "source": "website"});
    vec![
        (
            "rest read",
            at(Method::GET, "/rest/v1/blog_posts?select=id&limit=1"),
        ),
        (
            "storage list",
            at(Method::POST, "/storage/v1/object/list/whitepapers")
                .bearer_auth(DEMO_SERVICE_ROLE_KEY)
                .json(&json!({"prefix": ""})),
        ),
        (
            "storage download",
            at(
                Method::GET,
                "/storage/v1/object/public/blog-images/none.png",
            ),
        ),
        (
            "storage upload",
            at(Method::POST, "/storage/v1/object/blog-images/outage.png")
                .bearer_auth(DEMO_SERVICE_ROLE_KEY)
                .header("content-type", "image/png")
                .body(crate::storage::png(64)),
        ),
        (
            "lead-relay",
            at(Method::POST, "/functions/v1/lead-relay").json(&lead),
        ),
        (
            "antispam-check",
            at(Method::POST, "/functions/v1/antispam-check")
                .bearer_auth(DEMO_ANON_KEY)
                .json(&json!({"email": "ann@example.com", "recaptchaToken": "x"})),
        ),
        (
            "simple-auth",
            at(Method::POST, "/functions/v1/simple-auth")
                .bearer_auth(DEMO_ANON_KEY)
                .json(&json!({"action": "login", "passcode": "guess"})),
        ),
        ("blog page", at(Method::GET, "/blog")),
    ]
}

#[tokio::test]
async fn every_service_answers_503_while_the_database_is_gone_and_recovers() {
    let proxy = Proxy::start().await;
    let app = spawn_app_through(&proxy).await;
    for (what, request) in requests(&app) {
        let status = request.answer().await.status();
        assert!(
            !status.is_server_error(),
            "{what} before the outage: {status}"
        );
    }

    proxy.cut();
    for (what, request) in requests(&app) {
        let response = request.answer().await;
        let status = response.status();
        if what == "blog page" && status == StatusCode::OK {
            // Served from the rendered-page cache: the site keeps answering.
            continue;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}");
        assert!(response.headers().contains_key("retry-after"), "{what}");
    }

    proxy.restore().await;
    let deadline = Instant::now() + Duration::from_secs(15);
    for (what, _) in requests(&app) {
        loop {
            let request = requests(&app)
                .into_iter()
                .find(|(name, _)| *name == what)
                .unwrap()
                .1;
            let status = request.answer().await.status();
            if !status.is_server_error() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{what} still {status} 15 s after the database came back"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}
