//! The Phoenix channel wire as realtime-js speaks it: vsn 1.0.0 frames are JSON objects, vsn
//! 2.0.0 frames are JSON arrays `[join_ref, ref, topic, event, payload]` plus two binary kinds
//! for user broadcasts (3: client to server, 4: server to client). Pure: no I/O, no state.
use bytes::{BufMut as _, Bytes, BytesMut};
use serde_json::Value;

/// The serializer a socket asked for with `?vsn=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vsn {
    V1,
    V2,
}

impl Vsn {
    /// `1.x` and `2.x` as Phoenix matches them (`~> 1.0.0`, `~> 2.0.0`); absent means 1.0.0.
    pub fn parse(value: Option<&str>) -> Option<Self> {
        match value {
            None => Some(Self::V1),
            Some(text) if text == "1.0.0" || text.starts_with("1.0.") => Some(Self::V1),
            Some(text) if text == "2.0.0" || text.starts_with("2.0.") => Some(Self::V2),
            Some(_) => None,
        }
    }
}

/// A user broadcast's payload: JSON, or bytes a vsn 2 client sent as a binary frame.
#[derive(Debug, Clone, PartialEq)]
pub enum BroadcastBody {
    Json(Value),
    Binary(Bytes),
}

/// What a client sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Inbound {
    pub join_ref: Option<String>,
    pub reference: Option<String>,
    pub topic: String,
    pub event: String,
    pub payload: InboundPayload,
}

#[derive(Debug, Clone, PartialEq)]
pub enum InboundPayload {
    /// Every text frame's payload.
    Json(Value),
    /// A binary user broadcast push (kind 3).
    Broadcast {
        event: String,
        body: BroadcastBody,
        meta: Option<Value>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    #[error("frame is not valid JSON: {0}")]
    Json(String),
    #[error("frame is not a Phoenix message")]
    Shape,
    #[error("binary frames need vsn 2.0.0")]
    BinaryOnV1,
    #[error("binary frame of unknown kind {0}")]
    UnknownKind(u8),
    #[error("binary frame is truncated")]
    Truncated,
    #[error("binary frame field is not UTF-8")]
    Utf8,
}

const KIND_USER_BROADCAST_PUSH: u8 = 3;
const KIND_USER_BROADCAST: u8 = 4;
const ENCODING_BINARY: u8 = 0;
const ENCODING_JSON: u8 = 1;

/// Reads a text frame.
pub fn decode_text(vsn: Vsn, text: &str) -> Result<Inbound, ProtocolError> {
    let value: Value =
        serde_json::from_str(text).map_err(|err| ProtocolError::Json(err.to_string()))?;
    let (join_ref, reference, topic, event, payload) = match (vsn, value) {
        (Vsn::V2, Value::Array(parts)) if parts.len() == 5 => {
            let mut parts = parts.into_iter();
            let mut next = || parts.next().unwrap_or(Value::Null);
            (next(), next(), next(), next(), next())
        }
        (Vsn::V1, Value::Object(mut object)) => (
            object.remove("join_ref").unwrap_or(Value::Null),
            object.remove("ref").unwrap_or(Value::Null),
            object.remove("topic").unwrap_or(Value::Null),
            object.remove("event").unwrap_or(Value::Null),
            object.remove("payload").unwrap_or(Value::Null),
        ),
        _ => return Err(ProtocolError::Shape),
    };
    let (Value::String(topic), Value::String(event)) = (topic, event) else {
        return Err(ProtocolError::Shape);
    };
    Ok(Inbound {
        join_ref: reference_text(join_ref)?,
        reference: reference_text(reference)?,
        topic,
        event,
        payload: InboundPayload::Json(payload),
    })
}

/// Refs are strings on the wire; a number is accepted as its text.
fn reference_text(value: Value) -> Result<Option<String>, ProtocolError> {
    match value {
        Value::Null => Ok(None),
        Value::String(text) => Ok(Some(text)),
        Value::Number(number) => Ok(Some(number.to_string())),
        _ => Err(ProtocolError::Shape),
    }
}

/// Reads a binary frame (vsn 2 only): a user broadcast push, kind 3.
pub fn decode_binary(vsn: Vsn, frame: &[u8]) -> Result<Inbound, ProtocolError> {
    if vsn != Vsn::V2 {
        return Err(ProtocolError::BinaryOnV1);
    }
    let (&kind, rest) = frame.split_first().ok_or(ProtocolError::Truncated)?;
    if kind != KIND_USER_BROADCAST_PUSH {
        return Err(ProtocolError::UnknownKind(kind));
    }
    let header = rest.get(..6).ok_or(ProtocolError::Truncated)?;
    let lengths = [header[0], header[1], header[2], header[3], header[4]].map(usize::from);
    let encoding = header[5];
    let mut cursor = &rest[6..];
    let mut take = |length: usize| -> Result<&[u8], ProtocolError> {
        if cursor.len() < length {
            return Err(ProtocolError::Truncated);
        }
        let (field, tail) = cursor.split_at(length);
        cursor = tail;
        Ok(field)
    };
    let join_ref = text(take(lengths[0])?)?;
    let reference = text(take(lengths[1])?)?;
    let topic = text(take(lengths[2])?)?.to_string();
    let event = text(take(lengths[3])?)?.to_string();
    let meta = text(take(lengths[4])?)?;
    let meta = if meta.is_empty() {
        None
    } else {
        Some(serde_json::from_str(meta).map_err(|err| ProtocolError::Json(err.to_string()))?)
    };
    let body = match encoding {
        ENCODING_JSON => BroadcastBody::Json(
            serde_json::from_slice(cursor).map_err(|err| ProtocolError::Json(err.to_string()))?,
        ),
        _ => BroadcastBody::Binary(Bytes::copy_from_slice(cursor)),
    };
    let optional = |value: &str| (!value.is_empty()).then(|| value.to_string());
    Ok(Inbound {
        join_ref: optional(join_ref),
        reference: optional(reference),
        topic,
        event: "broadcast".into(),
        payload: InboundPayload::Broadcast { event, body, meta },
    })
}

fn text(bytes: &[u8]) -> Result<&str, ProtocolError> {
    std::str::from_utf8(bytes).map_err(|_| ProtocolError::Utf8)
}

/// A frame ready for the socket.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    Text(String),
    Binary(Bytes),
}

/// A server message: a reply, a push, a broadcast.
pub fn encode(
    vsn: Vsn,
    join_ref: Option<&str>,
    reference: Option<&str>,
    topic: &str,
    event: &str,
    payload: &Value,
) -> String {
    match vsn {
        Vsn::V2 => serde_json::json!([join_ref, reference, topic, event, payload]).to_string(),
        Vsn::V1 => serde_json::json!({
            "join_ref": join_ref,
            "ref": reference,
            "topic": topic,
            "event": event,
            "payload": payload,
        })
        .to_string(),
    }
}

/// A server push whose payload is JSON text already (a Postgres Changes delivery, rendered once
/// for every subscriber who sees the same columns), without parsing it back.
pub fn encode_raw(vsn: Vsn, topic: &str, event: &str, payload: &str) -> String {
    let topic = Value::from(topic);
    let event = Value::from(event);
    match vsn {
        Vsn::V2 => format!("[null,null,{topic},{event},{payload}]"),
        Vsn::V1 => format!(
            r#"{{"join_ref":null,"ref":null,"topic":{topic},"event":{event},"payload":{payload}}}"#
        ),
    }
}

/// `phx_reply` with `{status, response}`.
pub fn encode_reply(
    vsn: Vsn,
    join_ref: Option<&str>,
    reference: Option<&str>,
    topic: &str,
    ok: bool,
    response: &Value,
) -> String {
    let status = if ok { "ok" } else { "error" };
    encode(
        vsn,
        join_ref,
        reference,
        topic,
        "phx_reply",
        &serde_json::json!({ "status": status, "response": response }),
    )
}

/// A user broadcast as subscribers receive it. JSON bodies go as text frames (both versions);
/// binary bodies as kind 4 frames (vsn 2), or base64 text for a vsn 1 socket, which cannot
/// carry bytes.
pub fn encode_broadcast(
    vsn: Vsn,
    topic: &str,
    event: &str,
    body: &BroadcastBody,
    meta: Option<&Value>,
) -> Frame {
    match body {
        BroadcastBody::Json(payload) => {
            let mut message = serde_json::json!({
                "type": "broadcast",
                "event": event,
                "payload": payload,
            });
            if let Some(meta) = meta {
                message["meta"] = meta.clone();
            }
            Frame::Text(encode(vsn, None, None, topic, "broadcast", &message))
        }
        BroadcastBody::Binary(bytes) if vsn == Vsn::V2 => {
            let meta = meta.map(Value::to_string).unwrap_or_default();
            let (topic, event, meta) = (clip(topic), clip(event), clip(&meta));
            let mut frame =
                BytesMut::with_capacity(5 + topic.len() + event.len() + meta.len() + bytes.len());
            frame.put_u8(KIND_USER_BROADCAST);
            for field in [topic, event, meta] {
                frame.put_u8(u8::try_from(field.len()).unwrap_or(u8::MAX));
            }
            frame.put_u8(ENCODING_BINARY);
            frame.put_slice(topic);
            frame.put_slice(event);
            frame.put_slice(meta);
            frame.put_slice(bytes);
            Frame::Binary(frame.freeze())
        }
        BroadcastBody::Binary(bytes) => {
            use base64::Engine as _;
            let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
            encode_broadcast(
                vsn,
                topic,
                event,
                &BroadcastBody::Json(encoded.into()),
                meta,
            )
        }
    }
}

/// A binary header field holds at most 255 bytes (the length is one byte); the join checks
/// topics and the push checks events, so this only guards the frame's consistency.
fn clip(text: &str) -> &[u8] {
    let bytes = text.as_bytes();
    &bytes[..bytes.len().min(usize::from(u8::MAX))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_versions() {
        let v2 = decode_text(
            Vsn::V2,
            r#"["1","2","realtime:room","phx_join",{"config":{}}]"#,
        )
        .expect("v2");
        let v1 = decode_text(
            Vsn::V1,
            r#"{"join_ref":"1","ref":"2","topic":"realtime:room","event":"phx_join","payload":{"config":{}}}"#,
        )
        .expect("v1");
        assert_eq!(v1, v2);
        insta::assert_debug_snapshot!(v2);
    }

    #[test]
    fn heartbeat_without_join_ref() {
        let frame = decode_text(Vsn::V2, r#"[null,"7","phoenix","heartbeat",{}]"#).expect("v2");
        assert_eq!(frame.join_ref, None);
        assert_eq!(frame.reference.as_deref(), Some("7"));
    }

    #[test]
    fn refuses_other_shapes() {
        assert_eq!(decode_text(Vsn::V2, "[1,2]"), Err(ProtocolError::Shape));
        assert_eq!(
            decode_text(Vsn::V1, r#"["1","2","t","e",{}]"#),
            Err(ProtocolError::Shape)
        );
        assert_eq!(
            decode_text(Vsn::V2, r#"["1","2",3,"e",{}]"#),
            Err(ProtocolError::Shape)
        );
        assert!(matches!(
            decode_text(Vsn::V2, "{"),
            Err(ProtocolError::Json(_))
        ));
    }

    fn push_frame(encoding: u8, meta: &str, payload: &[u8]) -> Vec<u8> {
        let (join_ref, reference, topic, event) = ("1", "22", "realtime:room", "cursor");
        let mut frame = vec![
            KIND_USER_BROADCAST_PUSH,
            join_ref.len() as u8,
            reference.len() as u8,
            topic.len() as u8,
            event.len() as u8,
            meta.len() as u8,
            encoding,
        ];
        for field in [join_ref, reference, topic, event, meta] {
            frame.extend_from_slice(field.as_bytes());
        }
        frame.extend_from_slice(payload);
        frame
    }

    #[test]
    fn reads_binary_broadcast_pushes() {
        let json = decode_binary(
            Vsn::V2,
            &push_frame(ENCODING_JSON, r#"{"persist":true}"#, br#"{"x":1}"#),
        )
        .expect("json push");
        insta::assert_debug_snapshot!(json);
        let bytes = decode_binary(Vsn::V2, &push_frame(ENCODING_BINARY, "", &[0, 1, 2]))
            .expect("binary push");
        assert_eq!(
            bytes.payload,
            InboundPayload::Broadcast {
                event: "cursor".into(),
                body: BroadcastBody::Binary(Bytes::from_static(&[0, 1, 2])),
                meta: None,
            }
        );
    }

    #[test]
    fn refuses_bad_binary_frames() {
        let frame = push_frame(ENCODING_JSON, "", b"{}");
        assert_eq!(
            decode_binary(Vsn::V1, &frame),
            Err(ProtocolError::BinaryOnV1)
        );
        assert_eq!(
            decode_binary(Vsn::V2, &frame[..9]),
            Err(ProtocolError::Truncated)
        );
        assert_eq!(
            decode_binary(Vsn::V2, &[9]),
            Err(ProtocolError::UnknownKind(9))
        );
        assert_eq!(decode_binary(Vsn::V2, &[]), Err(ProtocolError::Truncated));
    }

    #[test]
    fn a_raw_payload_frame_reads_back_as_the_same_message() {
        for vsn in [Vsn::V1, Vsn::V2] {
            let raw = encode_raw(
                vsn,
                "realtime:db",
                "postgres_changes",
                r#"{"ids":[7],"data":{}}"#,
            );
            let parsed = encode(
                vsn,
                None,
                None,
                "realtime:db",
                "postgres_changes",
                &serde_json::json!({"ids":[7],"data":{}}),
            );
            assert_eq!(decode_text(vsn, &raw), decode_text(vsn, &parsed));
        }
    }

    #[test]
    fn writes_frames() {
        let reply = encode_reply(
            Vsn::V2,
            Some("1"),
            Some("1"),
            "realtime:room",
            true,
            &serde_json::json!({"postgres_changes": []}),
        );
        let broadcast_v1 = encode_broadcast(
            Vsn::V1,
            "realtime:room",
            "hello",
            &BroadcastBody::Json(serde_json::json!({"n": 1})),
            None,
        );
        let binary = encode_broadcast(
            Vsn::V2,
            "realtime:room",
            "bytes",
            &BroadcastBody::Binary(Bytes::from_static(&[7, 8])),
            None,
        );
        insta::assert_debug_snapshot!((reply, broadcast_v1, binary));
    }
}
