//! One request, start to end, in PostgREST's stages: the schema cache (with the settings in
//! force), the caller and its turn, the api request (or its compiled read), then per action the
//! plan, the negotiated media type, the transaction with its one main statement, and the
//! response.
//!
//! * [`negotiation`] — which handler and media type answer (`Accept`, the plan media type).
//! * [`scope`] — who the request runs as and the settings it sets before its statement.
//! * [`transaction`] — the transaction runner: round trips, refusals, rollbacks, EXPLAIN.
//! * [`timing`] — Server-Timing, when it is enabled.
//! * [`read`], [`mutation`], [`call`], [`schema_read`], [`info`] — one action each.
mod call;
mod info;
mod mutation;
mod negotiation;
mod read;
mod schema_read;
mod scope;
mod timing;
mod transaction;

use std::net::IpAddr;
use std::sync::Arc;

use axum::response::Response;
use bytes::Bytes;
use cb_gateway::{CallerRules, resolve_caller};
use cb_postgrest_syntax::{PreferCount, parse_prefer};
use http::{HeaderMap, HeaderName, Method};

use crate::RestState;
use crate::api_request::{self, Action, ApiRequest, ParseSettings};
use crate::compiled_reads;
use crate::error::ApiError;
use crate::plan::ReadContext;
use crate::plan::read::ReadKind;
use crate::query::CountMode;
use crate::schema_cache::{Qi, SchemaCache, Table};
use scope::{Call, Exec};
use timing::{Mark, Stages};

const SERVER_TIMING: HeaderName = HeaderName::from_static("server-timing");

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
    // The settings in force come with the cache, and the caller needs them: the database's
    // `pgrst.*` may name the anonymous role and the audience.
    let cache = state
        .cache
        .get_or_wait(state.settings.first_load_patience)
        .await
        .ok_or(ApiError::SchemaCacheNotReady)?;
    let config = &cache.config;
    let stages = config.server_timing_enabled.then(Stages::start);
    let rules = CallerRules {
        audience: config.jwt_aud.as_deref(),
        anon_role: config.anon_role.as_deref(),
    };
    let caller = resolve_caller(headers, &state.verifier, rules)
        .map_err(ApiError::Jwt)?
        .ok_or(ApiError::AnonymousDisabled)?;
    mark(stages.as_ref(), Mark::CallerResolved);
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
    mark(stages.as_ref(), Mark::TurnTaken);
    let request = Request {
        call: Call {
            state,
            caller: &caller,
            anon: config.anon_role.as_ref() == Some(&caller.role),
            headers,
            client,
            path,
            stages: stages.as_ref(),
        },
        cache: &cache,
    };
    let mut response = request.answer(method, query, body).await?;
    if let Some(stages) = &stages {
        response
            .headers_mut()
            .insert(SERVER_TIMING, stages.header());
    }
    Ok(response)
}

fn mark(stages: Option<&Stages>, mark: Mark) {
    if let Some(stages) = stages {
        stages.mark(mark);
    }
}

/// A request whose caller is known, to be parsed and answered.
struct Request<'a> {
    call: Call<'a>,
    cache: &'a SchemaCache,
}

impl Request<'_> {
    fn exec<'r>(&'r self, req: &'r ApiRequest) -> Exec<'r> {
        Exec {
            call: &self.call,
            req,
        }
    }

    async fn answer(
        &self,
        method: &Method,
        query: Option<&str>,
        body: Bytes,
    ) -> Result<Response, ApiError> {
        let Call {
            state,
            headers,
            path,
            stages,
            ..
        } = self.call;
        let cache = self.cache;
        let read_key = compiled_reads::key(method, path, query, headers, &body);
        if let Some(compiled) = read_key
            .as_deref()
            .and_then(|key| state.reads.get(cache.generation, key))
        {
            mark(stages, Mark::Parsed);
            return read::run_read(&self.exec(&compiled.req), cache, &compiled).await;
        }

        let tx_allow_override = cache.config.tx_end.allows_override();
        let prefs = parse_prefer(
            headers
                .get_all("prefer")
                .iter()
                .filter_map(|v| v.to_str().ok()),
            tx_allow_override,
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
                tx_allow_override,
                max_select_items: state.settings.max_select_items,
                max_filters: state.settings.max_filters,
            },
        )?;
        mark(stages, Mark::Parsed);

        match req.action.clone() {
            Action::RelationInfo { name } => info::relation(cache, &req, name),
            Action::RoutineInfo { name } => info::routine(cache, &req, name),
            Action::SchemaInfo => Ok(info::schema()),
            Action::SchemaRead { head } => {
                schema_read::schema_read(&self.exec(&req), cache, head).await
            }
            Action::RelationRead { name, head } => {
                let compiled = Arc::new(read::compile_read(cache, req, name, head)?);
                if let Some(key) = read_key {
                    state
                        .reads
                        .insert(cache.generation, key, Arc::clone(&compiled));
                }
                read::run_read(&self.exec(&compiled.req), cache, &compiled).await
            }
            Action::RelationMut { name, mutation } => {
                mutation::relation_mutation(&self.exec(&req), cache, &name, mutation).await
            }
            Action::Routine { name, invoke } => {
                call::routine_call(&self.exec(&req), cache, &name, invoke).await
            }
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
