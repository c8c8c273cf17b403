//! One request, start to end, in PostgREST's stages: the caller and its turn, the schema
//! cache, the api request (or its compiled read), then per action the plan, the negotiated
//! media type, the transaction with its one main statement, and the response.
//!
//! * [`negotiation`] — which handler and media type answer (`Accept`, the plan media type).
//! * [`scope`] — who the request runs as and the settings it sets before its statement.
//! * [`transaction`] — the transaction runner: round trips, refusals, rollbacks, EXPLAIN.
//! * [`read`], [`mutation`], [`call`], [`schema_read`], [`info`] — one action each.
mod call;
mod info;
mod mutation;
mod negotiation;
mod read;
mod schema_read;
mod scope;
mod transaction;

use std::net::IpAddr;
use std::sync::Arc;

use axum::response::Response;
use bytes::Bytes;
use cb_gateway::resolve_caller;
use cb_postgrest_syntax::{PreferCount, parse_prefer};
use http::{HeaderMap, Method};

use crate::RestState;
use crate::api_request::{self, Action, ApiRequest, ParseSettings};
use crate::compiled_reads;
use crate::error::ApiError;
use crate::plan::ReadContext;
use crate::plan::read::ReadKind;
use crate::query::CountMode;
use crate::schema_cache::{Qi, SchemaCache, Table};
use scope::Exec;

#[allow(clippy::too_many_arguments)]
pub(crate) async fn run(
    state: &RestState,
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
    body: Bytes,
    peer: Option<IpAddr>,
) -> Result<Response, ApiError> {
    let caller = resolve_caller(headers, &state.verifier).map_err(ApiError::Jwt)?;
    // Held until the response is built: the statement has run by then.
    let client = state.settings.trusted_proxies.client_ip(peer, headers);
    let _turn = if caller.is_service_role() {
        None
    } else {
        state
            .clients
            .turn(client)
            .await
            .map_err(|_| {
                metrics::counter!("claimbridge_rate_limit_refusals_total", "limit" => "rest-client-concurrency")
                    .increment(1);
                ApiError::ClientBusy(state.clients.per_client())
            })?
    };
    let cache = state
        .cache
        .get_or_wait(state.settings.first_load_patience)
        .await
        .ok_or(ApiError::SchemaCacheNotReady)?;
    let anon = caller.role == state.settings.anon_role;

    let read_key = compiled_reads::key(method, path, query, headers, &body);
    if let Some(compiled) = read_key
        .as_deref()
        .and_then(|key| state.reads.get(cache.generation, key))
    {
        let exec = Exec::new(state, &caller, anon, &compiled.req, headers, client, path);
        return read::run_read(&exec, &cache, &compiled).await;
    }

    let prefs = parse_prefer(
        headers
            .get_all("prefer")
            .iter()
            .filter_map(|v| v.to_str().ok()),
        cache.config.tx_allow_override,
        |tz| cache.timezones.contains(tz),
    );
    let req = api_request::parse(
        method.as_str(),
        path,
        query.unwrap_or(""),
        headers,
        &body,
        prefs,
        &ParseSettings {
            schemas: &cache.config.schemas,
            tx_allow_override: cache.config.tx_allow_override,
            max_select_items: state.settings.max_select_items,
            max_filters: state.settings.max_filters,
        },
    )?;

    match req.action.clone() {
        Action::RelationInfo { name } => info::relation(&cache, &req, name),
        Action::RoutineInfo { name } => info::routine(&cache, &req, name),
        Action::SchemaInfo => Ok(info::schema()),
        Action::SchemaRead { head } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            schema_read::schema_read(&exec, &cache, head).await
        }
        Action::RelationRead { name, head } => {
            let compiled = Arc::new(read::compile_read(&cache, req, name, head)?);
            if let Some(key) = read_key {
                state
                    .reads
                    .insert(cache.generation, key, Arc::clone(&compiled));
            }
            let exec = Exec::new(state, &caller, anon, &compiled.req, headers, client, path);
            read::run_read(&exec, &cache, &compiled).await
        }
        Action::RelationMut { name, mutation } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            mutation::relation_mutation(&exec, &cache, &name, mutation).await
        }
        Action::Routine { name, invoke } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            call::routine_call(&exec, &cache, &name, invoke).await
        }
    }
}

pub(super) fn find_table<'c>(cache: &'c SchemaCache, qi: &Qi) -> Result<&'c Table, ApiError> {
    cache.table(qi).ok_or_else(|| {
        let names: Vec<&str> = cache
            .relations_in(&qi.schema)
            .map(|t| t.qi.name.as_str())
            .collect();
        let suggestion = if names.len() < 500 {
            crate::plan::fuzzy_one(&names, &qi.name, 0.75)
                .map(|t| format!("Perhaps you meant the table '{}.{t}'", qi.schema))
        } else {
            None
        };
        ApiError::TableNotFound {
            schema: qi.schema.clone(),
            table: qi.name.clone(),
            suggestion,
        }
    })
}

pub(super) fn check_strict(req: &ApiRequest) -> Result<(), ApiError> {
    req.prefs.check_strict().map_err(ApiError::from)
}

pub(super) fn count_mode(req: &ApiRequest, max_rows: Option<i64>) -> CountMode {
    match req.prefs.count {
        Some(PreferCount::Exact) => CountMode::Exact,
        Some(PreferCount::Estimated) => match max_rows {
            Some(max) => CountMode::Limited(max),
            None => CountMode::Exact,
        },
        _ => CountMode::None,
    }
}

/// What planning a read in `schema` needs from the engine's settings and the schema cache.
pub(super) fn read_context<'c>(
    cache: &'c SchemaCache,
    schema: &'c str,
    kind: ReadKind,
) -> ReadContext<'c> {
    ReadContext {
        cache,
        schema,
        max_rows: cache.config.max_rows,
        aggregates_enabled: cache.config.aggregates_enabled,
        kind,
        root_columns: None,
    }
}
