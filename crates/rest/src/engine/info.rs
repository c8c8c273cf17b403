//! `OPTIONS`: the methods a relation, a function or the schema root allow.
use std::collections::BTreeSet;

use axum::response::Response;

use super::find_table;
use crate::api_request::ApiRequest;
use crate::error::ApiError;
use crate::plan::find_routine;
use crate::response;
use crate::schema_cache::{Qi, SchemaCache, Volatility};

/// A table or view: what its privileges and primary key let a client do.
pub(super) fn relation(
    cache: &SchemaCache,
    req: &ApiRequest,
    name: String,
) -> Result<Response, ApiError> {
    let qi = Qi::new(req.schema.clone(), name);
    let table = find_table(cache, &qi)?;
    let mut allow = vec!["OPTIONS,GET,HEAD"];
    if table.insertable {
        allow.push("POST");
    }
    if table.insertable && table.updatable && !table.pk.is_empty() {
        allow.push("PUT");
    }
    if table.updatable {
        allow.push("PATCH");
    }
    if table.deletable {
        allow.push("DELETE");
    }
    Ok(response::info_response(&allow.join(",")).into_response())
}

/// A function: volatile ones only by POST.
pub(super) fn routine(
    cache: &SchemaCache,
    req: &ApiRequest,
    name: String,
) -> Result<Response, ApiError> {
    let qi = Qi::new(req.schema.clone(), name);
    let keys: BTreeSet<String> = req.query.rpc_args.iter().map(|(k, _)| k.clone()).collect();
    let routine = find_routine(cache, &qi, &keys, &req.content_type, false)?;
    let allow = if routine.volatility == Volatility::Volatile {
        "OPTIONS,POST"
    } else {
        "OPTIONS,GET,HEAD,POST"
    };
    Ok(response::info_response(allow).into_response())
}

/// The schema root (the OpenAPI document).
pub(super) fn schema() -> Response {
    response::info_response("OPTIONS,GET,HEAD").into_response()
}
