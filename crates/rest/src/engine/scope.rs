//! Who a request runs as and the scope it sets before its statement: role, claims, method,
//! path, headers, cookies, search path, timezone, the role's statement timeout, the
//! configured `app.settings.*`.
use std::net::IpAddr;
use std::sync::Arc;

use cb_db::{RequestContext, ScopeOptions, quote_ident};
use cb_gateway::{Caller, headers_json};
use http::HeaderMap;
use serde_json::{Map, Value};

use super::read_context;
use super::timing::{Mark, Stages};
use crate::RestState;
use crate::api_request::ApiRequest;
use crate::error::ApiError;
use crate::plan::ReadContext;
use crate::plan::read::ReadKind;
use crate::pool::DbError;
use crate::query::builder::qi_sql;
use crate::schema_cache::SchemaCache;

/// Who is calling and how: the same for every statement of one request.
pub(super) struct Call<'a> {
    pub(super) state: &'a RestState,
    pub(super) caller: &'a Caller,
    /// The caller is the anonymous role (a refused privilege is 401, not 403).
    pub(super) anon: bool,
    pub(super) headers: &'a HeaderMap,
    /// The client's IP as the gateway resolved it (request.headers' x-real-ip).
    pub(super) client: Option<IpAddr>,
    pub(super) path: &'a str,
    /// Server-Timing's clock, when it is enabled.
    pub(super) stages: Option<&'a Stages>,
}

/// Everything needed to run the request's transaction: the call and its parsed request.
pub(super) struct Exec<'a> {
    pub(super) call: &'a Call<'a>,
    pub(super) req: &'a ApiRequest,
}

impl<'a> Exec<'a> {
    pub(super) fn mark(&self, mark: Mark) {
        super::mark(self.call.stages, mark);
    }

    pub(super) fn db_error(&self, err: &DbError) -> ApiError {
        ApiError::from_db(err, self.call.anon)
    }

    pub(super) fn context<'c>(&self, cache: &'c SchemaCache, kind: ReadKind) -> ReadContext<'c>
    where
        'a: 'c,
    {
        read_context(cache, &self.req.schema, kind)
    }

    pub(super) fn scope(
        &self,
        cache: &SchemaCache,
        read_only: bool,
    ) -> Result<(RequestContext, ScopeOptions), ApiError> {
        check_role(cache, &self.call.caller.role)?;
        let mut search_path = vec![quote_ident(&self.req.schema)];
        search_path.extend(
            cache
                .config
                .extra_search_path
                .iter()
                .map(|s| quote_ident(s)),
        );
        Ok((
            RequestContext {
                role: self.call.caller.role.clone(),
                claims: self.call.caller.claims_json.clone(),
                sub: self.call.caller.sub.clone(),
                method: self.req.method.clone(),
                path: self.call.path.to_owned(),
                headers: headers_json(self.call.headers, self.call.client),
            },
            ScopeOptions {
                read_only,
                search_path: Some(search_path.join(", ")),
                cookies: Some(cookies(self.call.headers)),
                timezone: self.req.prefs.timezone.clone(),
                role_statement_timeout: cache.roles.get(&self.call.caller.role).cloned().flatten(),
                pre_request: cache.config.pre_request.as_ref().map(qi_sql),
                app_settings: Arc::clone(&self.call.state.settings.app_settings),
            },
        ))
    }
}

/// Request cookies as a JSON object (PostgREST's `request.cookies`).
fn cookies(headers: &HeaderMap) -> Value {
    let mut object = Map::new();
    for value in headers.get_all(http::header::COOKIE) {
        let Ok(value) = value.to_str() else { continue };
        for pair in value.split(';') {
            let pair = pair.trim();
            if pair.is_empty() {
                continue;
            }
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            object.insert(k.to_owned(), Value::String(v.to_owned()));
        }
    }
    Value::Object(object)
}

/// A JWT may only name a role the engine may switch to; anything else is refused before the
/// database sees it, with the texts PostgreSQL would give.
fn check_role(cache: &SchemaCache, role: &str) -> Result<(), ApiError> {
    if cache.roles.contains_key(role) {
        return Ok(());
    }
    Err(ApiError::Pg {
        code: "22023".into(),
        message: format!("role \"{role}\" does not exist"),
        details: None,
        hint: None,
        anon: false,
    })
}
