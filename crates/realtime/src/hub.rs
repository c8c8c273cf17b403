//! This instance's subscribers by topic: where a broadcast, a presence diff or a database
//! message is fanned out to the sockets. Each message is encoded once per protocol version and
//! the frame shared by every socket (`Utf8Bytes` and `Bytes` clone without copying).
use std::collections::HashMap;
use std::sync::Mutex;

use axum::extract::ws::Message;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::protocol::{self, BroadcastBody, Frame, Vsn};

/// A channel's identity in the hub: public and private channels of one name never share
/// messages (a public join needs no policy, so it must not hear what policies protect).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct TopicKey {
    /// The topic as the client names it (`realtime:room`).
    pub(crate) topic: String,
    pub(crate) private: bool,
}

impl TopicKey {
    /// The key of a topic named without realtime-js's `realtime:` prefix (the HTTP API,
    /// `realtime.send`).
    pub(crate) fn named(name: &str, private: bool) -> Self {
        Self {
            topic: format!("realtime:{name}"),
            private,
        }
    }

    /// The name policies see in `realtime.topic()`: without the prefix.
    pub(crate) fn name(&self) -> &str {
        self.topic.strip_prefix("realtime:").unwrap_or(&self.topic)
    }
}

/// One joined channel of one socket.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub(crate) connection: u64,
    pub(crate) vsn: Vsn,
    pub(crate) outbox: mpsc::Sender<Message>,
    /// `broadcast.self`: the sender hears its own broadcasts.
    pub(crate) hears_self: bool,
    /// May receive broadcasts (a private channel's broadcast read policy).
    pub(crate) reads_broadcast: bool,
    /// Receives presence diffs (`presence.enabled` and, when private, the presence read policy).
    pub(crate) reads_presence: bool,
}

#[derive(Debug, Default)]
pub(crate) struct Hub {
    topics: Mutex<HashMap<TopicKey, Vec<Member>>>,
}

/// Frames encoded on first use, once per protocol version.
struct Encoded<F: Fn(Vsn) -> Frame> {
    encode: F,
    v1: Option<Message>,
    v2: Option<Message>,
}

impl<F: Fn(Vsn) -> Frame> Encoded<F> {
    fn new(encode: F) -> Self {
        Self {
            encode,
            v1: None,
            v2: None,
        }
    }

    fn get(&mut self, vsn: Vsn) -> Message {
        let slot = match vsn {
            Vsn::V1 => &mut self.v1,
            Vsn::V2 => &mut self.v2,
        };
        slot.get_or_insert_with(|| match (self.encode)(vsn) {
            Frame::Text(text) => Message::Text(text.into()),
            Frame::Binary(bytes) => Message::Binary(bytes),
        })
        .clone()
    }
}

impl Hub {
    pub(crate) fn join(&self, key: TopicKey, member: Member) {
        let mut topics = self
            .topics
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let members = topics.entry(key).or_default();
        members.retain(|m| m.connection != member.connection);
        members.push(member);
    }

    pub(crate) fn leave(&self, key: &TopicKey, connection: u64) {
        let mut topics = self
            .topics
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(members) = topics.get_mut(key) {
            members.retain(|m| m.connection != connection);
            if members.is_empty() {
                topics.remove(key);
            }
        }
    }

    /// Whether any socket here joined the topic.
    pub(crate) fn has(&self, key: &TopicKey) -> bool {
        let topics = self
            .topics
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        topics.contains_key(key)
    }

    /// A user broadcast to every member that reads broadcasts, but the sender unless it asked
    /// to hear itself.
    pub(crate) fn broadcast(
        &self,
        key: &TopicKey,
        event: &str,
        body: &BroadcastBody,
        meta: Option<&Value>,
        sender: Option<u64>,
    ) {
        let mut frames =
            Encoded::new(|vsn| protocol::encode_broadcast(vsn, &key.topic, event, body, meta));
        self.each(key, |member| {
            let own = sender == Some(member.connection);
            (member.reads_broadcast && (!own || member.hears_self)).then(|| frames.get(member.vsn))
        });
    }

    /// A server push (`presence_diff`) to the members that read presence.
    pub(crate) fn presence(&self, key: &TopicKey, event: &str, payload: &Value) {
        let mut frames = Encoded::new(|vsn| {
            Frame::Text(protocol::encode(
                vsn, None, None, &key.topic, event, payload,
            ))
        });
        self.each(key, |member| {
            member.reads_presence.then(|| frames.get(member.vsn))
        });
    }

    fn each(&self, key: &TopicKey, mut frame_for: impl FnMut(&Member) -> Option<Message>) {
        let topics = self
            .topics
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let Some(members) = topics.get(key) else {
            return;
        };
        for member in members {
            if let Some(frame) = frame_for(member) {
                // A full outbox is a reader too slow for the stream: it misses this message
                // (at-most-once, as Supabase) rather than holding memory for it.
                if member.outbox.try_send(frame).is_err() {
                    metrics::counter!("claimbridge_realtime_dropped_frames_total").increment(1);
                }
            }
        }
    }
}
