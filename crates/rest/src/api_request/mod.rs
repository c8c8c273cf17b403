//! From an HTTP request to what the client asks for (PostgREST's `ApiRequest`): the resource
//! and action, the schema, the parsed query string, ranges, preferences, media types and the
//! payload. Everything textual is parsed by `cb_postgrest_syntax`.
mod payload;

use std::collections::BTreeSet;

use bytes::Bytes;
use cb_postgrest_syntax::{
    MediaType, NonnegRange, ParsedQuery, Preferences, QueryOptions, RangeParam, negotiate_schema,
    parse_accept, parse_content_type, parse_query_with,
};
use http::HeaderMap;

pub use payload::Payload;

use crate::error::ApiError;

/// What the path names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resource {
    Schema,
    Relation(String),
    Routine(String),
}

/// PostgREST's mutations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutation {
    Create,
    Update,
    SingleUpsert,
    Delete,
}

/// How a routine is invoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invoke {
    /// GET (false) or HEAD (true) with arguments in the query string.
    Read { head: bool },
    /// POST with arguments in the body.
    Post,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    RelationRead { name: String, head: bool },
    RelationMut { name: String, mutation: Mutation },
    Routine { name: String, invoke: Invoke },
    SchemaRead { head: bool },
    RelationInfo { name: String },
    RoutineInfo { name: String },
    SchemaInfo,
}

/// Engine settings that shape request parsing.
#[derive(Debug, Clone)]
pub struct ParseSettings<'a> {
    pub schemas: &'a [String],
    pub tx_allow_override: bool,
    /// Items of `select=` over every embed level, and filters, allowed in one request.
    pub max_select_items: usize,
    pub max_filters: usize,
}

/// The parsed request.
#[derive(Debug, Clone)]
pub struct ApiRequest {
    pub method: String,
    pub action: Action,
    pub schema: String,
    pub negotiated_by_profile: bool,
    pub query: ParsedQuery,
    pub top_level_range: NonnegRange,
    pub ranges: Vec<RangeParam>,
    pub prefs: Preferences,
    pub accept: Vec<MediaType>,
    pub content_type: MediaType,
    pub payload: Option<Payload>,
    /// Payload keys, or the `columns=` set.
    pub columns: BTreeSet<String>,
}

/// The resource a path names (segments percent-decoded as UTF-8).
pub fn resource(path: &str) -> Result<Resource, ApiError> {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    if trimmed.is_empty() {
        return Ok(Resource::Schema);
    }
    let segments: Vec<String> = trimmed
        .split('/')
        .map(|s| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        })
        .collect();
    match segments.as_slice() {
        [table] => Ok(Resource::Relation(table.clone())),
        [rpc, name] if rpc == "rpc" => Ok(Resource::Routine(name.clone())),
        _ => Err(ApiError::InvalidResourcePath),
    }
}

fn action(resource: Resource, method: &str) -> Result<Action, ApiError> {
    Ok(match (resource, method) {
        (Resource::Routine(name), "HEAD") => Action::Routine {
            name,
            invoke: Invoke::Read { head: true },
        },
        (Resource::Routine(name), "GET") => Action::Routine {
            name,
            invoke: Invoke::Read { head: false },
        },
        (Resource::Routine(name), "POST") => Action::Routine {
            name,
            invoke: Invoke::Post,
        },
        (Resource::Routine(name), "OPTIONS") => Action::RoutineInfo { name },
        (Resource::Routine(_), other) => return Err(ApiError::InvalidRpcMethod(other.to_owned())),
        (Resource::Relation(name), "HEAD") => Action::RelationRead { name, head: true },
        (Resource::Relation(name), "GET") => Action::RelationRead { name, head: false },
        (Resource::Relation(name), method) => {
            let mutation = match method {
                "POST" => Mutation::Create,
                "PUT" => Mutation::SingleUpsert,
                "PATCH" => Mutation::Update,
                "DELETE" => Mutation::Delete,
                "OPTIONS" => return Ok(Action::RelationInfo { name }),
                other => return Err(ApiError::UnsupportedMethod(other.to_owned())),
            };
            Action::RelationMut { name, mutation }
        }
        (Resource::Schema, "HEAD") => Action::SchemaRead { head: true },
        (Resource::Schema, "GET") => Action::SchemaRead { head: false },
        (Resource::Schema, "OPTIONS") => Action::SchemaInfo,
        (Resource::Schema, other) => return Err(ApiError::UnsupportedMethod(other.to_owned())),
    })
}

/// Every header [`parse`] reads (the first value of each). With `Prefer`, these are what shape a
/// request beyond its method and URL, so the compiled reads are keyed on exactly them.
pub(crate) const PARSED_HEADERS: [&str; 5] = [
    "accept",
    "accept-profile",
    "content-profile",
    "content-type",
    "range",
];

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    debug_assert!(
        PARSED_HEADERS.contains(&name),
        "{name} now shapes requests: list it in PARSED_HEADERS"
    );
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Parses the request (PostgREST's `userApiRequest`), in PostgREST's order: resource,
/// schema, action, query string, ranges, payload.
pub fn parse(
    method: &str,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &Bytes,
    prefs: Preferences,
    settings: &ParseSettings<'_>,
) -> Result<ApiRequest, ApiError> {
    let resource = resource(path)?;
    let (schema, negotiated_by_profile) = negotiate_schema(
        method,
        header(headers, "accept-profile"),
        header(headers, "content-profile"),
        settings.schemas,
    )?;
    let action = action(resource, method)?;
    let rpc_read = matches!(
        action,
        Action::Routine {
            invoke: Invoke::Read { .. },
            ..
        }
    );
    let parsed = parse_query_with(
        query,
        &QueryOptions {
            rpc_read,
            max_select_items: settings.max_select_items,
            max_filters: settings.max_filters,
            ..QueryOptions::default()
        },
    )?;
    let resolved = parsed.resolve_ranges(method, header(headers, "range"))?;
    let content_type = parse_content_type(header(headers, "content-type"));
    let (payload, columns) = payload::get_payload(body, &content_type, &parsed, &action)?;
    let accept = parse_accept(header(headers, "accept"));
    Ok(ApiRequest {
        method: method.to_owned(),
        action,
        schema,
        negotiated_by_profile,
        query: parsed,
        top_level_range: resolved.top_level,
        ranges: resolved.ranges,
        prefs,
        accept,
        content_type,
        payload,
        columns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resources_like_postgrest() {
        assert_eq!(resource("/").unwrap(), Resource::Schema);
        assert_eq!(resource("").unwrap(), Resource::Schema);
        assert_eq!(
            resource("/blog_posts").unwrap(),
            Resource::Relation("blog_posts".into())
        );
        assert_eq!(
            resource("/Order%20Items").unwrap(),
            Resource::Relation("Order Items".into())
        );
        assert_eq!(
            resource("/rpc/get_status").unwrap(),
            Resource::Routine("get_status".into())
        );
        assert_eq!(resource("/a/b").unwrap_err(), ApiError::InvalidResourcePath);
        assert_eq!(
            resource("/rpc/a/b").unwrap_err(),
            ApiError::InvalidResourcePath
        );
    }
}
