//! Helpers for the function tests: a tiny HTTP server that records what it receives and answers
//! with a status the test chooses (a webhook receiver, a captcha provider's verify endpoint),
//! ALTCHA solving, and lead payloads.
use cb_tests::{Answer as _, Exchange as _, at_least, eventually};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cb_server::app::cb_functions;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};

/// One request the receiver got.
#[derive(Debug, Clone)]
pub(super) struct Received {
    pub(super) path: String,
    pub(super) headers: Vec<(String, String)>,
    pub(super) body: Vec<u8>,
}

impl Received {
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub(super) fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("JSON body")
    }
}

#[derive(Default)]
struct Shared {
    received: Vec<Received>,
    status: u16,
    body: String,
}

/// A recording HTTP server on 127.0.0.1.
#[derive(Clone)]
pub(super) struct Receiver {
    pub(super) url: String,
    shared: Arc<Mutex<Shared>>,
    address: SocketAddr,
    port: Arc<Mutex<Port>>,
}

/// The receiver's port, held for it while it is up and while it is down.
enum Port {
    /// Accepting connections.
    Up(tokio::task::JoinHandle<()>),
    /// Bound but not listening: connections are refused, and the port is not free for another
    /// socket to take by chance meanwhile (a free port is any process's next ephemeral port or
    /// port-0 bind, and the server under test only knows this one).
    Down(TcpSocket),
    /// Between the two.
    Changing,
}

/// A socket for the receiver's port. Both sockets for one port share it (`SO_REUSEPORT`), so
/// the port is reserved again before the listener lets go of it.
fn port_socket(address: SocketAddr) -> TcpSocket {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_reuseaddr(true).unwrap();
    socket.set_reuseport(true).unwrap();
    socket.bind(address).unwrap();
    socket
}

impl Receiver {
    pub(super) async fn start(status: u16, body: &str) -> Self {
        let listener = port_socket(SocketAddr::from(([127, 0, 0, 1], 0)))
            .listen(1024)
            .unwrap();
        let address = listener.local_addr().unwrap();
        let shared = Arc::new(Mutex::new(Shared {
            received: Vec::new(),
            status,
            body: body.to_string(),
        }));
        Self {
            url: format!("http://{address}/hook"),
            address,
            port: Arc::new(Mutex::new(Port::Up(accept(listener, shared.clone())))),
            shared,
        }
    }

    /// Stops listening: connections are refused until `resume`.
    pub(super) async fn go_down(&self) {
        let reserved = port_socket(self.address);
        let Port::Up(task) = std::mem::replace(&mut *self.port.lock().unwrap(), Port::Changing)
        else {
            panic!("the receiver is not up");
        };
        task.abort();
        // Awaiting the aborted task drops its listener: after this, nothing more is accepted.
        let _ = task.await;
        *self.port.lock().unwrap() = Port::Down(reserved);
    }

    pub(super) fn resume(&self) {
        let mut port = self.port.lock().unwrap();
        let Port::Down(reserved) = std::mem::replace(&mut *port, Port::Changing) else {
            panic!("the receiver is not down");
        };
        *port = Port::Up(accept(reserved.listen(1024).unwrap(), self.shared.clone()));
    }

    pub(super) fn set_status(&self, status: u16) {
        self.shared.lock().unwrap().status = status;
    }

    pub(super) fn received(&self) -> Vec<Received> {
        self.shared.lock().unwrap().received.clone()
    }
}

/// The receiver's "down" is what the tests that use it take it to be: connections refused, the
/// port kept (not free to bind meanwhile), and back up on the same port.
#[tokio::test]
async fn a_receiver_that_is_down_refuses_connections_and_keeps_its_port() {
    // Down before any connection: a connection's TIME_WAIT would hold the port on its own.
    let receiver = Receiver::start(200, "{}").await;
    receiver.go_down().await;
    let refused = TcpStream::connect(receiver.address).await.unwrap_err();
    assert_eq!(refused.kind(), std::io::ErrorKind::ConnectionRefused);
    // A socket without SO_REUSEADDR (std's listeners set it), as connect's ephemeral ports and
    // binds to port 0 are: the port is not free.
    let taken = TcpSocket::new_v4()
        .unwrap()
        .bind(receiver.address)
        .unwrap_err();
    assert_eq!(taken.kind(), std::io::ErrorKind::AddrInUse);

    receiver.resume();
    let client = reqwest::Client::new();
    assert_eq!(
        client.post(&receiver.url).send().await.unwrap().status(),
        200
    );
    assert_eq!(receiver.received().len(), 1);
}

impl Recorder for Receiver {
    type Item = Received;
    const WHAT: &str = "requests to the receiver";
    fn recorded(&self) -> Vec<Received> {
        self.received()
    }
}

/// A test server that records what reaches it (the receiver's requests, the SMTP sink's
/// messages), for a test to wait for.
pub(super) trait Recorder {
    type Item;
    /// What the items are, in a failure.
    const WHAT: &str;
    /// Everything recorded so far, in order.
    fn recorded(&self) -> Vec<Self::Item>;

    /// Waits until `count` items have arrived, and returns all of them.
    async fn wait_for(&self, count: usize, within: Duration) -> Vec<Self::Item> {
        let every = Duration::from_millis(10);
        at_least(count, within, every, Self::WHAT, || self.recorded()).await
    }
}

fn accept(listener: TcpListener, shared: Arc<Mutex<Shared>>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let shared = shared.clone();
            tokio::spawn(async move {
                let _ = serve(stream, shared).await;
            });
        }
    })
}

async fn serve(mut stream: TcpStream, shared: Arc<Mutex<Shared>>) -> std::io::Result<()> {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Ok(());
        }
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(index) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break index + 4;
        }
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let path = request_line
        .split(' ')
        .nth(1)
        .unwrap_or_default()
        .to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    while buffer.len() < head_end + length {
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            break;
        }
        buffer.extend_from_slice(&chunk[..read]);
    }
    let body = buffer[head_end..].to_vec();
    let (status, answer) = {
        let mut shared = shared.lock().unwrap();
        shared.received.push(Received {
            path,
            headers,
            body,
        });
        (shared.status, shared.body.clone())
    };
    let response = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
        answer.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// A fresh ALTCHA challenge from the app, solved as the widget would.
pub(crate) async fn altcha_token(client: &reqwest::Client, base_url: &str) -> String {
    let (_, challenge) = client
        .get(format!("{base_url}/functions/v1/captcha-challenge"))
        .status_json()
        .await;
    cb_functions::solve_altcha(&challenge).expect("solvable challenge")
}

/// Asserts antispam-check's answer to a captcha it refuses (`case` names it in any failure):
/// 403, not allowed, and an error naming the captcha failure, with exactly `reason` where the
/// case pins it.
pub(crate) fn assert_captcha_refused(
    case: &str,
    (status, body): (u16, &Value),
    reason: Option<&str>,
) {
    assert_eq!(status, 403, "{case}: {body}");
    assert_eq!(body["allowed"], false, "{case}: {body}");
    let error = body["error"].as_str().unwrap_or_default();
    match reason {
        Some(reason) => assert_eq!(
            error,
            format!("Captcha verification failed ({reason})"),
            "{case}"
        ),
        None => assert!(
            error.starts_with("Captcha verification failed"),
            "{case}: {body}"
        ),
    }
}

/// Asserts that a refusal's `error` text starts with `prefix` (the body shown when not).
pub(crate) fn assert_error_starts_with(body: &Value, prefix: &str) {
    let error = body["error"].as_str().unwrap_or_default();
    assert!(error.starts_with(prefix), "{body}");
}

/// The contact form's payload (product spec §7).
pub(super) fn lead_payload(email: &str, captcha: &str) -> Value {
    json!({
        "companyName": "Acme Medical Supply",
        "yourName": "Dana Scully",
        "email": email,
        "phone": "555-0100",
        "howCanWeHelp": "Our denials are piling up",
        "howManyUsers": "10-50",
        "yearsInBusiness": "12",
        "claimsPerMonth": "2000",
        "currentSoftware": "Brightree",
        "aboutProducts": "CPAP, oxygen",
        "timestamp": "2026-01-05T10:00:00.000Z",
        "source": "ClaimBridge website contact form",
        "recaptchaToken": captcha,
    })
}

/// Settings that keep the tests fast: small proof of work, quick retries.
pub(crate) const FAST: &[(&str, &str)] = &[
    ("ALTCHA_MAX_NUMBER", "2000"),
    ("LEAD_WEBHOOK_RETRY_BASE_MS", "100"),
    ("LEAD_WEBHOOK_RETRY_MAX_SECS", "1"),
    ("LEAD_WEBHOOK_POLL_MS", "100"),
    ("LEAD_WEBHOOK_TIMEOUT_SECS", "2"),
    ("LEAD_WEBHOOK_SECRET", WEBHOOK_SECRET),
    ("TRUSTED_PROXIES", "127.0.0.1"),
];

pub(super) const WEBHOOK_SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/// `FAST` plus more.
pub(crate) fn fast_with<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut vars: Vec<(&str, &str)> = FAST.to_vec();
    vars.extend_from_slice(extra);
    vars
}

/// Waits until `sql` (one boolean) is true.
pub(super) async fn wait_until(pool: &cb_db::sqlx::PgPool, sql: &str, within: Duration) {
    eventually(within, Duration::from_millis(50), async || {
        let done: bool = cb_db::sqlx::query_scalar(sql)
            .fetch_one(pool)
            .await
            .unwrap();
        if done {
            return Ok(());
        }
        Err(format!("not true within {within:?}: {sql}"))
    })
    .await
}

/// A lead POSTed to the lead relay as a browser's no-cors fetch sends it: text/plain, no apikey,
/// no Authorization.
pub(crate) async fn post_lead(
    app_url: &str,
    client: &reqwest::Client,
    body: &Value,
) -> reqwest::Response {
    client
        .post(format!("{app_url}/functions/v1/lead-relay"))
        .header("content-type", "text/plain;charset=UTF-8")
        .body(body.to_string())
        .answer()
        .await
}

/// A lead the relay accepted (202, ok): its id.
pub(crate) async fn relay(app: &cb_tests::TestApp, body: &Value) -> uuid::Uuid {
    let response = post_lead(&app.url, &app.client, body).await;
    assert_eq!(response.status(), 202);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["ok"], true);
    answer["id"].as_str().unwrap().parse().unwrap()
}
