//! A function call (`/rpc/name`) by GET, HEAD or POST.
use std::collections::BTreeSet;

use axum::response::Response;
use cb_postgrest_syntax::PreferHandling;

use super::check_strict;
use super::negotiation::{Negotiated, is_singular, negotiate};
use super::scope::Exec;
use crate::api_request::{Invoke, Payload};
use crate::error::ApiError;
use crate::plan::call::{call_plan, direct_args};
use crate::plan::read::ReadKind;
use crate::plan::{CallArgs, find_routine, read_plan};
use crate::query::{self, CountMode, Handler};
use crate::response;
use crate::schema_cache::{Qi, ReturnKind, SchemaCache, Volatility};

pub(super) async fn routine_call(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    name: &str,
    invoke: Invoke,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let qi = Qi::new(req.schema.clone(), name.to_owned());
    let keys: BTreeSet<String> = match invoke {
        Invoke::Read { .. } => req.query.rpc_args.iter().map(|(k, _)| k.clone()).collect(),
        Invoke::Post => req.columns.clone(),
    };
    let is_post = invoke == Invoke::Post;
    let routine = find_routine(cache, &qi, &keys, &req.content_type, is_post)?;
    let root = Qi::new(
        routine.schema.clone(),
        routine.table_name().unwrap_or(&routine.name).to_owned(),
    );
    let root_columns = match &routine.returns {
        ReturnKind::Composite { columns, .. } => Some(columns.as_slice()),
        ReturnKind::Scalar(_) => None,
    };
    let mut ctx = exec.context(cache, ReadKind::Call);
    ctx.root_columns = root_columns;
    let read = read_plan(&ctx, &root, req)?;
    let args = match (invoke, &req.payload) {
        (Invoke::Read { .. }, _) => CallArgs::Direct(direct_args(routine, &req.query.rpc_args)),
        (Invoke::Post, Some(Payload::UrlEncoded(pairs))) => {
            CallArgs::Direct(direct_args(routine, pairs))
        }
        (Invoke::Post, Some(Payload::Raw(bytes))) => CallArgs::Raw(bytes.clone()),
        (Invoke::Post, Some(Payload::Json(text))) => CallArgs::Json(Some(text.clone())),
        (Invoke::Post, None) => CallArgs::Json(None),
    };
    let call = call_plan(routine, &keys, args, &read);
    let read_only = match invoke {
        Invoke::Read { .. } => true,
        Invoke::Post => routine.volatility != Volatility::Volatile,
    };
    let Negotiated {
        handler,
        media,
        explain,
    } = negotiate(req, cache, &root, &read)?;
    check_strict(req)?;
    let strict = req.prefs.handling == Some(PreferHandling::Strict);
    if strict && req.prefs.max_affected.is_some() && routine.returns_single() {
        return Err(ApiError::MaxAffectedRpc);
    }
    let head = matches!(invoke, Invoke::Read { head: true });
    let handler = if head { Handler::NoAgg } else { handler };
    let count = match req.prefs.count {
        Some(c) if c.should_count() => CountMode::Exact,
        _ => CountMode::None,
    };
    let main = query::main_call(routine, &call, &read, count, &handler);
    if let Some(explain) = explain {
        return exec
            .explain(cache, read_only, &explain.of(&main), &media)
            .await;
    }
    let singular = is_singular(&media);
    let max_affected = strict.then_some(req.prefs.max_affected).flatten();
    let refusable = singular || max_affected.is_some();
    let (rs, _) = exec
        .transaction(cache, read_only, refusable, &main, None, |rs| {
            if singular && rs.page_total != 1 {
                return Err(ApiError::Singularity(rs.page_total));
            }
            if max_affected.is_some_and(|n| rs.page_total > n) {
                return Err(ApiError::MaxAffected(rs.page_total));
            }
            Ok(())
        })
        .await?;
    let void = routine.returns_void();
    Ok(response::call_response(req, &media, head, void, rs)?.into_response())
}
