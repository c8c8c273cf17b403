//! /realtime/v1 under attack: missing, forged and expired keys at the handshake, too many
//! sockets, join and message floods, oversized payloads and frames, unreadable frames, another
//! person's private topic, tokens forged, swapped or expiring on a joined channel, and sockets
//! that stop reading or go silent. Every case waits for the frames it expects with a deadline,
//! so a server that lets the attack through, or never answers, fails it.
mod frames;
mod handshake_and_floods;
mod joined_tokens;
mod private_topics;
mod slow_sockets;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, add_account, add_staff, mint_jwt, now,
    spawn_app, spawn_app_with,
};
use futures_util::SinkExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use crate::realtime::client::*;

const PRIVATE_TOPIC: &str = "realtime:admin:inbox";

/// A fresh socket on `app` joins and is answered: the server still serves.
async fn still_serving(app: &impl Server) {
    let mut socket = Socket::open(app).await;
    socket.heartbeat().await;
    socket
        .joined("realtime:still-serving", join_payload(false, None))
        .await;
}

/// A user's access token: role authenticated, a random sub, no staff membership.
fn stranger_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"aud": "authenticated", "sub": uuid::Uuid::new_v4()}),
    )
}
