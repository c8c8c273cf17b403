//! `GET /realtime/v1/websocket?apikey=..&vsn=..`: the key is checked before the upgrade, as
//! Supabase's endpoint does, so a bad key never holds a socket.
use std::collections::HashMap;
use std::sync::atomic::Ordering;

use axum::extract::{Query, State, WebSocketUpgrade};
use axum::response::Response;
use http::HeaderMap;

use crate::Realtime;
use crate::error::RealtimeError;
use crate::protocol::Vsn;

pub(crate) async fn upgrade(
    State(realtime): State<Realtime>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let key = query
        .get("apikey")
        .map(String::as_str)
        .or_else(|| headers.get("x-api-key").and_then(|v| v.to_str().ok()))
        .or_else(|| headers.get("apikey").and_then(|v| v.to_str().ok()));
    let Some(key) = key.filter(|key| !key.is_empty()) else {
        return RealtimeError::MissingApiKey.handshake();
    };
    let token = match crate::token::verify(&realtime.0.verifier, key) {
        Ok(token) => token,
        Err(err) => return RealtimeError::Unauthorized(err.to_string()).handshake(),
    };
    let Some(vsn) = Vsn::parse(query.get("vsn").map(String::as_str)) else {
        let asked = query.get("vsn").cloned().unwrap_or_default();
        return RealtimeError::UnsupportedVsn(asked).handshake();
    };
    let limits = &realtime.0.limits;
    // Counted before the upgrade, so a flood of handshakes cannot pass the limit in between.
    if realtime.0.connections.fetch_add(1, Ordering::AcqRel) >= limits.max_connections {
        realtime.0.connections.fetch_sub(1, Ordering::AcqRel);
        return RealtimeError::TooManyConnections.handshake();
    }
    metrics::gauge!("claimbridge_realtime_connections").increment(1.0);
    let guard = ConnectionSlot(realtime.clone());
    upgrade
        // tungstenite's default read buffer (128 KiB, zero-filled up front) would be most of an
        // idle socket's memory: 10,000 sockets held 1.4 GB (tests/bench/realtime).
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(limits.max_frame_bytes)
        .max_frame_size(limits.max_frame_bytes)
        .on_failed_upgrade(|err| tracing::debug!(%err, "realtime: upgrade failed"))
        .on_upgrade(move |socket| async move {
            let guard = guard;
            crate::socket::serve(guard.0.clone(), socket, vsn, token).await;
        })
}

/// A socket's read buffer; larger frames are read in several steps.
const READ_BUFFER_BYTES: usize = 2 * 1024;

/// Gives the connection's place back however the socket ends (or never starts).
struct ConnectionSlot(Realtime);

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.0.connections.fetch_sub(1, Ordering::AcqRel);
        metrics::gauge!("claimbridge_realtime_connections").decrement(1.0);
    }
}
