//! Postgres Changes (being written; this placeholder keeps the crate building).
use std::sync::Arc;

use sqlx::PgPool;
use sqlx::postgres::PgConnectOptions;

#[derive(Debug, Clone)]
pub struct ReplicationSource;

impl ReplicationSource {
    pub fn from_connect_options(_options: &PgConnectOptions, _password: Option<String>) -> Self {
        Self
    }
}

#[derive(Debug, Clone)]
pub struct Subscriber {
    pub role: String,
    pub claims_json: Arc<str>,
}

#[derive(Debug, Clone)]
pub struct ChangeBinding {
    pub event: String,
    pub schema: String,
    pub table: Option<String>,
    pub filter: Option<String>,
}

pub struct ChangeSubscribe {
    pub bindings: Vec<ChangeBinding>,
    pub subscriber: Subscriber,
    pub sink: tokio::sync::mpsc::Sender<ChangeDelivery>,
}

#[derive(Debug)]
pub struct ChangeSubscription;

impl ChangeSubscription {
    pub fn ids(&self) -> &[u32] {
        &[]
    }
    pub fn set_subscriber(&self, _subscriber: Subscriber) {}
}

#[derive(Debug, Clone)]
pub struct ChangeDelivery {
    pub ids: Vec<u32>,
    pub data: Arc<str>,
}

#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    #[error("Postgres Changes are not available yet")]
    Unavailable,
}

pub fn binding_id(_binding: &ChangeBinding) -> u32 {
    0
}

#[derive(Debug, Clone)]
pub struct ChangeFeed;

impl ChangeFeed {
    pub fn new(_pool: PgPool, _source: ReplicationSource, _instance: uuid::Uuid) -> Self {
        Self
    }
    pub async fn subscribe(
        &self,
        _request: ChangeSubscribe,
    ) -> Result<ChangeSubscription, ChangeError> {
        Err(ChangeError::Unavailable)
    }
    pub async fn stop(&self) {}
}
