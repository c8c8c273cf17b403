//! A web server on loopback standing in for another site, which the link checker is allowed to
//! request: fixed statuses per path, and a record of every connection and request.
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpListener;

/// One request a [`LocalSite`] got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Seen {
    pub(crate) method: String,
    pub(crate) path: String,
    pub(crate) user_agent: String,
}

#[derive(Debug, Default)]
struct Record {
    connections: usize,
    requests: Vec<Seen>,
}

/// A web server on a loopback address standing in for another site: each path answers a fixed
/// status (and Location), anything else 404, HEAD answered 405 where the route says so; every
/// connection is counted, even one that sends nothing.
#[derive(Clone)]
pub(crate) struct LocalSite {
    pub(crate) port: u16,
    record: Arc<Mutex<Record>>,
}

/// A path of a [`LocalSite`]: its status, its Location, and whether HEAD is refused (405).
pub(crate) struct Route {
    pub(crate) path: &'static str,
    pub(crate) status: u16,
    pub(crate) location: Option<String>,
    pub(crate) head_refused: bool,
}

impl Route {
    pub(crate) fn answers(path: &'static str, status: u16) -> Self {
        Self {
            path,
            status,
            location: None,
            head_refused: false,
        }
    }

    pub(crate) fn redirects(path: &'static str, status: u16, location: String) -> Self {
        Self {
            location: Some(location),
            ..Self::answers(path, status)
        }
    }
}

impl LocalSite {
    /// Listens on `address` (`127.0.0.1:0`, `[::1]:0`); None when that address cannot be had
    /// (a machine without IPv6).
    pub(crate) async fn start(address: &str, routes: Vec<Route>) -> Option<Self> {
        let listener = TcpListener::bind(address).await.ok()?;
        let site = Self {
            port: listener.local_addr().unwrap().port(),
            record: Arc::default(),
        };
        let record = site.record.clone();
        let routes = Arc::new(routes);
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                record.lock().unwrap().connections += 1;
                let (record, routes) = (record.clone(), routes.clone());
                tokio::spawn(async move {
                    let mut head = Vec::new();
                    let mut chunk = [0u8; 4096];
                    while !head.windows(4).any(|window| window == b"\r\n\r\n") {
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(read) => head.extend_from_slice(&chunk[..read]),
                        }
                    }
                    let head = String::from_utf8_lossy(&head).into_owned();
                    let mut words = head.split_whitespace();
                    let method = words.next().unwrap_or_default().to_string();
                    let path = words.next().unwrap_or_default().to_string();
                    let user_agent = head
                        .lines()
                        .find_map(|line| {
                            let (name, value) = line.split_once(':')?;
                            name.eq_ignore_ascii_case("user-agent")
                                .then(|| value.trim().to_string())
                        })
                        .unwrap_or_default();
                    let route = routes.iter().find(|route| route.path == path);
                    let status = match route {
                        Some(route) if route.head_refused && method == "HEAD" => 405,
                        Some(route) => route.status,
                        None => 404,
                    };
                    let location = route
                        .and_then(|route| route.location.as_deref())
                        .map(|location| format!("location: {location}\r\n"))
                        .unwrap_or_default();
                    record.lock().unwrap().requests.push(Seen {
                        method,
                        path,
                        user_agent,
                    });
                    let answer = format!(
                        "HTTP/1.1 {status} X\r\n{location}content-length: 0\r\nconnection: close\r\n\r\n"
                    );
                    let _ = stream.write_all(answer.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        Some(site)
    }

    /// Connections accepted so far.
    pub(crate) fn connections(&self) -> usize {
        self.record.lock().unwrap().connections
    }

    pub(crate) fn requests(&self) -> Vec<Seen> {
        self.record.lock().unwrap().requests.clone()
    }
}
