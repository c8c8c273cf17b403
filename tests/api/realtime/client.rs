//! A Phoenix channel client over tokio-tungstenite, as much of one as the realtime tests need:
//! every wait has a deadline, so a server that never answers fails the test.
use std::time::{Duration, Instant};

use cb_tests::{DEMO_ANON_KEY, DEMO_JWT_SECRET, TestApp};
use futures_util::{SinkExt as _, StreamExt as _};
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

/// How long a frame the server owes us may take.
pub(crate) const WAIT: Duration = Duration::from_secs(5);

pub(crate) type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

// ---------------------------------------------------------------------------------------------
// A Phoenix client, as much of one as the attacks need.

/// A server the sockets connect to: the in-process app, or the server as a process of its own.
pub(crate) trait Server {
    /// Its base URL, `http://127.0.0.1:<port>`.
    fn http(&self) -> &str;
}

impl Server for TestApp {
    fn http(&self) -> &str {
        &self.url
    }
}

pub(crate) fn ws_url(app: &impl Server, key: Option<&str>, vsn: Option<&str>) -> String {
    let mut url = format!(
        "{}/realtime/v1/websocket",
        app.http().replacen("http://", "ws://", 1)
    );
    let mut query = Vec::new();
    if let Some(key) = key {
        query.push(format!("apikey={key}"));
    }
    if let Some(vsn) = vsn {
        query.push(format!("vsn={vsn}"));
    }
    if !query.is_empty() {
        url = format!("{url}?{}", query.join("&"));
    }
    url
}

/// A handshake the server must refuse: its status and its JSON body (Null when the body did not
/// come with the head).
pub(crate) async fn refused(url: &str) -> (u16, Value) {
    match tokio_tungstenite::connect_async(url).await {
        Ok(_) => panic!("{url}: the handshake was accepted"),
        Err(tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_deref()
                .and_then(|body| serde_json::from_slice(body).ok())
                .unwrap_or(Value::Null);
            (response.status().as_u16(), body)
        }
        Err(err) => panic!("{url}: the handshake failed without an HTTP answer: {err}"),
    }
}

/// A JWT with `claims` signed with a secret that is not the project's.
pub(crate) fn forged(claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::default(),
        claims,
        &EncodingKey::from_secret(b"not-the-project-secret-not-the-project-secret"),
    )
    .unwrap()
}

/// A JWT with exactly `claims`, signed with the project's secret.
pub(crate) fn signed(claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::default(),
        claims,
        &EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap()
}

/// A join payload as realtime-js sends it, presence off (no presence_state to skip), acks on.
pub(crate) fn join_payload(private: bool, token: Option<&str>) -> Value {
    let mut payload = json!({"config": {
        "broadcast": {"self": false, "ack": true},
        "presence": {"key": "", "enabled": false},
        "postgres_changes": [],
        "private": private,
    }});
    if let Some(token) = token {
        payload["access_token"] = json!(token);
    }
    payload
}

pub(crate) fn broadcast(event: &str, payload: Value) -> Value {
    let mut message = json!({"type": "broadcast", "event": event});
    message["payload"] = payload;
    message
}

/// One frame from the server, vsn 2.0.0 or 1.0.0.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    pub(crate) reference: Option<String>,
    pub(crate) topic: String,
    pub(crate) event: String,
    pub(crate) payload: Value,
}

impl Frame {
    pub(crate) fn parse(text: &str) -> Frame {
        let value: Value =
            serde_json::from_str(text).unwrap_or_else(|err| panic!("not JSON ({err}): {text}"));
        let text_of = |v: &Value| v.as_str().map(str::to_string);
        match &value {
            Value::Array(parts) if parts.len() == 5 => Frame {
                reference: text_of(&parts[1]),
                topic: text_of(&parts[2]).expect("a topic"),
                event: text_of(&parts[3]).expect("an event"),
                payload: parts[4].clone(),
            },
            Value::Object(_) => Frame {
                reference: text_of(&value["ref"]),
                topic: text_of(&value["topic"]).expect("a topic"),
                event: text_of(&value["event"]).expect("an event"),
                payload: value["payload"].clone(),
            },
            _ => panic!("not a Phoenix frame: {text}"),
        }
    }

    pub(crate) fn is_broadcast(&self, event: &str) -> bool {
        self.event == "broadcast" && self.payload["event"] == event
    }
}

/// What reading the socket gave.
#[derive(Debug)]
pub(crate) enum Next {
    Frame(Frame),
    Binary(Vec<u8>),
    /// A close frame (its code), the stream's end or an error: the socket is gone.
    Closed(Option<u16>),
}

pub(crate) struct Socket {
    pub(crate) ws: Ws,
    pub(crate) refs: u64,
    pub(crate) vsn2: bool,
}

impl Socket {
    /// A vsn 2.0.0 socket with the anon key.
    pub(crate) async fn open(app: &impl Server) -> Socket {
        Self::open_as(app, DEMO_ANON_KEY, "2.0.0").await
    }

    pub(crate) async fn open_as(app: &impl Server, key: &str, vsn: &str) -> Socket {
        let url = ws_url(app, Some(key), Some(vsn));
        let (ws, _) = tokio_tungstenite::connect_async(&url)
            .await
            .unwrap_or_else(|err| panic!("{url}: {err}"));
        Socket {
            ws,
            refs: 0,
            vsn2: vsn.starts_with('2'),
        }
    }

    pub(crate) fn next_ref(&mut self) -> String {
        self.refs += 1;
        self.refs.to_string()
    }

    pub(crate) async fn send_text(&mut self, text: String) -> Result<(), tungstenite::Error> {
        self.ws.send(Message::text(text)).await
    }

    /// Sends a push; its ref.
    pub(crate) async fn push(
        &mut self,
        join_ref: Option<&str>,
        topic: &str,
        event: &str,
        payload: Value,
    ) -> String {
        let reference = self.next_ref();
        let frame = if self.vsn2 {
            json!([join_ref, reference, topic, event, payload])
        } else {
            json!({"join_ref": join_ref, "ref": reference, "topic": topic, "event": event, "payload": payload})
        };
        self.send_text(frame.to_string())
            .await
            .expect("send a push");
        reference
    }

    /// The next thing the socket gives within `within`; None when nothing came.
    pub(crate) async fn next(&mut self, within: Duration) -> Option<Next> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let read = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()?;
            return Some(match read {
                None | Some(Err(_)) => Next::Closed(None),
                Some(Ok(Message::Close(frame))) => Next::Closed(frame.map(|f| u16::from(f.code))),
                Some(Ok(Message::Text(text))) => Next::Frame(Frame::parse(text.as_str())),
                Some(Ok(Message::Binary(bytes))) => Next::Binary(bytes.to_vec()),
                Some(Ok(_)) => continue,
            });
        }
    }

    /// The first frame `wanted` accepts within `within`, the frames skipped before it; fails
    /// the test when the socket closes or the time passes.
    pub(crate) async fn expect_within(
        &mut self,
        within: Duration,
        what: &str,
        wanted: impl Fn(&Frame) -> bool,
    ) -> (Frame, Vec<Frame>) {
        let deadline = Instant::now() + within;
        let mut skipped = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next(left).await {
                None => panic!("{what}: nothing within {within:?}; before that: {skipped:?}"),
                Some(Next::Closed(code)) => {
                    panic!("{what}: the socket closed ({code:?}); before that: {skipped:?}")
                }
                Some(Next::Binary(_)) => {}
                Some(Next::Frame(frame)) if wanted(&frame) => return (frame, skipped),
                Some(Next::Frame(frame)) => skipped.push(frame),
            }
        }
    }

    pub(crate) async fn expect(&mut self, what: &str, wanted: impl Fn(&Frame) -> bool) -> Frame {
        self.expect_within(WAIT, what, wanted).await.0
    }

    /// The `phx_reply` to the push `reference`.
    pub(crate) async fn reply(&mut self, reference: &str) -> Frame {
        self.expect(&format!("the reply to push {reference}"), |f| {
            f.event == "phx_reply" && f.reference.as_deref() == Some(reference)
        })
        .await
    }

    /// Joins `topic`: Ok(response) or Err(reason); the join's ref is the channel's join_ref.
    pub(crate) async fn join(&mut self, topic: &str, payload: Value) -> Result<Value, String> {
        let reference = self.next_ref();
        let frame = json!([reference, reference, topic, "phx_join", payload]);
        self.send_text(frame.to_string())
            .await
            .expect("send a join");
        let reply = self.reply(&reference).await;
        match reply.payload["status"].as_str() {
            Some("ok") => Ok(reply.payload["response"].clone()),
            Some("error") => Err(reply.payload["response"]["reason"]
                .as_str()
                .unwrap_or_else(|| panic!("a refusal without a reason: {reply:?}"))
                .to_string()),
            _ => panic!("a join reply without a status: {reply:?}"),
        }
    }

    pub(crate) async fn joined(&mut self, topic: &str, payload: Value) {
        if let Err(reason) = self.join(topic, payload).await {
            panic!("joining {topic}: {reason}");
        }
    }

    /// A broadcast push (acked: the channels here join with `ack`); the reply.
    pub(crate) async fn broadcast(&mut self, topic: &str, event: &str, payload: Value) -> Frame {
        let reference = self
            .push(None, topic, "broadcast", broadcast(event, payload))
            .await;
        self.reply(&reference).await
    }

    /// A broadcast pushed on `topic` as from a joined channel (join ref "1"), whether or not
    /// one is; the reply.
    pub(crate) async fn broadcast_as_joined(&mut self, topic: &str) -> Frame {
        let reference = self
            .push(Some("1"), topic, "broadcast", broadcast("x", json!({})))
            .await;
        self.reply(&reference).await
    }

    /// The socket answers a heartbeat.
    pub(crate) async fn heartbeat(&mut self) {
        let reference = self.push(None, "phoenix", "heartbeat", json!({})).await;
        let reply = self.reply(&reference).await;
        assert_eq!(reply.payload["status"], "ok", "{reply:?}");
    }

    /// Reads until the socket is gone, which must happen within `within`; the close code, if a
    /// close frame came, and the frames before it.
    pub(crate) async fn closed_within(
        &mut self,
        within: Duration,
        what: &str,
    ) -> (Option<u16>, Vec<Frame>) {
        let deadline = Instant::now() + within;
        let mut frames = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next(left).await {
                None => {
                    panic!("{what}: the socket is still open after {within:?}; read {frames:?}")
                }
                Some(Next::Closed(code)) => return (code, frames),
                Some(Next::Binary(_)) => {}
                Some(Next::Frame(frame)) => frames.push(frame),
            }
        }
    }

    /// The channel-level close: the `system` error naming `topic` with a message containing
    /// `message`, then `phx_close` on the topic.
    pub(crate) async fn channel_closed(
        &mut self,
        topic: &str,
        message: &str,
        within: Duration,
    ) -> Frame {
        let (system, _) = self
            .expect_within(within, &format!("the system error on {topic}"), |f| {
                f.topic == topic && f.event == "system"
            })
            .await;
        assert_eq!(system.payload["extension"], "system", "{system:?}");
        assert_eq!(system.payload["status"], "error", "{system:?}");
        assert_eq!(
            system.payload["channel"],
            topic.strip_prefix("realtime:").unwrap(),
            "{system:?}"
        );
        let text = system.payload["message"].as_str().unwrap_or_default();
        assert!(text.contains(message), "expected {message:?} in {system:?}");
        self.expect(&format!("phx_close on {topic}"), |f| {
            f.topic == topic && f.event == "phx_close"
        })
        .await;
        system
    }
}
