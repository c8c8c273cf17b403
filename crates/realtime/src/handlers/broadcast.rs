//! The HTTP broadcast API: `POST /api/broadcast {messages:[{topic,event,payload,private}]}` and
//! `POST /api/broadcast/{topic}/events/{event}[?private=true]`, both 202. Private topics need
//! the caller's write policy, as a socket's broadcast does.
use std::collections::HashSet;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use cb_gateway::bearer_token;
use http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::Value;

use crate::Realtime;
use crate::authorize::authorize;
use crate::error::RealtimeError;
use crate::hub::TopicKey;
use crate::protocol::BroadcastBody;
use crate::token::Verified;

/// Messages one request may carry.
const MAX_MESSAGES: usize = 100;

#[derive(Debug, Deserialize)]
pub(crate) struct Messages {
    messages: Vec<Message>,
}

#[derive(Debug, Deserialize)]
struct Message {
    topic: String,
    event: String,
    #[serde(default)]
    payload: Value,
    #[serde(default)]
    private: bool,
}

fn caller(realtime: &Realtime, headers: &HeaderMap) -> Result<Verified, RealtimeError> {
    let key = headers
        .get("apikey")
        .and_then(|v| v.to_str().ok())
        .filter(|key| !key.is_empty());
    let token = bearer_token(headers).filter(|t| !t.is_empty()).or(key);
    let Some(token) = token else {
        return Err(RealtimeError::MissingApiKey);
    };
    crate::token::verify(&realtime.0.verifier, token)
        .map_err(|err| RealtimeError::Unauthorized(err.to_string()))
}

pub(crate) async fn messages(
    State(realtime): State<Realtime>,
    headers: HeaderMap,
    body: Result<Json<Messages>, axum::extract::rejection::JsonRejection>,
) -> Result<Response, RealtimeError> {
    let verified = caller(&realtime, &headers)?;
    let Json(body) = body.map_err(|err| RealtimeError::BadRequest(err.body_text()))?;
    if body.messages.len() > MAX_MESSAGES {
        return Err(RealtimeError::BadRequest(format!(
            "at most {MAX_MESSAGES} messages per request"
        )));
    }
    // Every message is checked before any is sent: a refused one sends none. The policies are
    // asked once per private topic, however many of the messages go to it.
    let mut checked = Vec::with_capacity(body.messages.len());
    let mut writable = HashSet::new();
    for message in body.messages {
        let private_topic = message.private.then(|| message.topic.clone());
        let known = private_topic
            .as_ref()
            .is_some_and(|topic| writable.contains(topic));
        checked.push(check(&realtime, &verified, message, known).await?);
        writable.extend(private_topic);
    }
    for (key, event, payload) in checked {
        send(&realtime, &key, &event, BroadcastBody::Json(payload)).await?;
    }
    Ok(StatusCode::ACCEPTED.into_response())
}

#[derive(Debug, Deserialize)]
pub(crate) struct OneQuery {
    #[serde(default)]
    private: Option<String>,
}

pub(crate) async fn one(
    State(realtime): State<Realtime>,
    Path((topic, event)): Path<(String, String)>,
    Query(query): Query<OneQuery>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, RealtimeError> {
    let verified = caller(&realtime, &headers)?;
    // httpSend posts bytes as application/octet-stream: they reach vsn 2 sockets as bytes.
    let binary = headers
        .get(http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/octet-stream"));
    let payload: Value = if binary || body.is_empty() {
        Value::Object(Default::default())
    } else {
        serde_json::from_slice(&body)
            .map_err(|err| RealtimeError::BadRequest(format!("the body is not JSON: {err}")))?
    };
    if body.len() > realtime.0.limits.max_payload_bytes {
        return Err(RealtimeError::PayloadTooLarge);
    }
    let message = Message {
        topic,
        event,
        payload,
        private: query.private.as_deref() == Some("true"),
    };
    let (key, event, payload) = check(&realtime, &verified, message, false).await?;
    let body = if binary {
        BroadcastBody::Binary(body)
    } else {
        BroadcastBody::Json(payload)
    };
    send(&realtime, &key, &event, body).await?;
    Ok(StatusCode::ACCEPTED.into_response())
}

/// A message's sizes, and its private topic's write policy unless `known_writable`.
async fn check(
    realtime: &Realtime,
    verified: &Verified,
    message: Message,
    known_writable: bool,
) -> Result<(TopicKey, String, Value), RealtimeError> {
    if message.topic.is_empty() || message.topic.len() > 255 || message.event.len() > 255 {
        return Err(RealtimeError::BadRequest(
            "topic and event are 1 to 255 bytes".into(),
        ));
    }
    if message.payload.to_string().len() > realtime.0.limits.max_payload_bytes {
        return Err(RealtimeError::PayloadTooLarge);
    }
    let key = TopicKey::named(&message.topic, message.private);
    if message.private && !known_writable {
        let grants = authorize(&realtime.0.pool, &verified.caller, &message.topic).await?;
        if !grants.write_broadcast {
            return Err(RealtimeError::Forbidden(message.topic));
        }
    }
    Ok((key, message.event, message.payload))
}

async fn send(
    realtime: &Realtime,
    key: &TopicKey,
    event: &str,
    body: BroadcastBody,
) -> Result<(), RealtimeError> {
    Ok(realtime.broadcast(key, event, &body, None, None).await?)
}
