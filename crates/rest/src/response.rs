//! From a statement's result to the HTTP answer (PostgREST's `Response`): statuses,
//! `Content-Range`, `Content-Location`, `Location`, `Preference-Applied`, `Content-Profile`,
//! and the `response.status` / `response.headers` overrides set from SQL.
use axum::body::Body;
use axum::response::Response;
use cb_postgrest_syntax::{
    MediaType, NonnegRange, PreferCount, PreferResolution, PreferReturn, Preferences, content_range,
};
use http::{HeaderName, HeaderValue, StatusCode, header};
use serde_json::Value;

use crate::api_request::{ApiRequest, Mutation};
use crate::error::ApiError;

/// The decoded row of a main statement (PostgREST's `ResultSet`).
#[derive(Debug, Clone, Default)]
pub struct ResultSet {
    pub total: Option<i64>,
    pub page_total: i64,
    pub location: Vec<String>,
    /// As the database sent it: text for the built-in handlers, the bytes of a bytea media
    /// type for a handler defined in SQL.
    pub body: Vec<u8>,
    pub guc_headers: Option<String>,
    pub guc_status: Option<String>,
    pub inserted: Option<i32>,
}

/// Collects headers in order, then builds the response.
pub struct Answer {
    pub status: StatusCode,
    pub headers: Vec<(HeaderName, String)>,
    pub body: Body,
}

impl Answer {
    pub fn new(status: StatusCode) -> Self {
        Answer {
            status,
            headers: Vec::new(),
            body: Body::empty(),
        }
    }

    pub fn header(&mut self, name: HeaderName, value: impl Into<String>) {
        self.headers.push((name, value.into()));
    }

    pub fn into_response(self) -> Response {
        let mut response = Response::new(self.body);
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        for (name, value) in self.headers {
            if let Ok(v) = HeaderValue::from_str(&value) {
                headers.append(name, v);
            }
        }
        response
    }
}

fn should_count(prefs: &Preferences) -> bool {
    prefs.count.is_some_and(PreferCount::should_count)
}

/// `rangeStatusHeader`.
fn range_status(range: &NonnegRange, page_total: i64, total: Option<i64>) -> (StatusCode, String) {
    let lower = range.offset().unwrap_or(0);
    let upper = lower + i128::from(page_total) - 1;
    let header = content_range(lower, upper, total);
    let status = match total {
        None => StatusCode::OK,
        Some(t) if lower > i128::from(t) => StatusCode::RANGE_NOT_SATISFIABLE,
        Some(t) if 1 + upper - lower < i128::from(t) => StatusCode::PARTIAL_CONTENT,
        Some(_) => StatusCode::OK,
    };
    (status, header)
}

/// `Content-Type` (and `Content-Profile`) of a body.
fn content_type_headers(answer: &mut Answer, media: &MediaType, req: &ApiRequest) {
    let media = match media {
        MediaType::Any => MediaType::ApplicationJson,
        other => other.clone(),
    };
    answer.header(header::CONTENT_TYPE, media.content_type());
    profile_header(answer, req);
}

/// The body of a plan media type request: the EXPLAIN output (JSON, or text lines joined).
pub fn plan_response(req: &ApiRequest, media: &MediaType, body: String) -> Answer {
    let mut answer = Answer::new(StatusCode::OK);
    set_body(&mut answer, body);
    content_type_headers(&mut answer, media, req);
    answer
}

fn profile_header(answer: &mut Answer, req: &ApiRequest) {
    if req.negotiated_by_profile {
        answer.header(
            HeaderName::from_static("content-profile"),
            req.schema.clone(),
        );
    }
}

/// The preferences PostgREST reports as applied for this kind of request.
fn applied(
    req: &ApiRequest,
    mutation: Option<Mutation>,
    is_call: bool,
    insert_has_target: bool,
) -> Option<String> {
    let p = &req.prefs;
    let applied = Preferences {
        resolution: match mutation {
            Some(Mutation::Create) if insert_has_target => p.resolution,
            _ => None,
        },
        representation: mutation.and(p.representation),
        count: p.count,
        transaction: p.transaction,
        missing: match mutation {
            Some(Mutation::Create | Mutation::Update) => p.missing,
            _ => None,
        },
        handling: p.handling,
        timezone: p.timezone.clone(),
        max_affected: match mutation {
            Some(Mutation::Update | Mutation::Delete) => p.max_affected,
            _ if is_call => p.max_affected,
            _ => None,
        },
        invalid: Vec::new(),
    };
    applied.applied_header()
}

fn pref_header(answer: &mut Answer, value: Option<String>) {
    if let Some(v) = value {
        answer.header(HeaderName::from_static("preference-applied"), v);
    }
}

fn set_body(answer: &mut Answer, body: impl Into<Body>) {
    answer.body = body.into();
}

/// `response.status` / `response.headers` as set from SQL.
struct Gucs {
    guc_headers: Option<String>,
    guc_status: Option<String>,
}

/// Splits the body from the GUC overrides.
fn split(rs: ResultSet) -> (Vec<u8>, Gucs) {
    (
        rs.body,
        Gucs {
            guc_headers: rs.guc_headers,
            guc_status: rs.guc_status,
        },
    )
}

/// Applies `response.status` / `response.headers` set from SQL.
fn overrides(mut answer: Answer, rs: &Gucs) -> Result<Answer, ApiError> {
    if let Some(status) = &rs.guc_status {
        let code: u16 = status.trim().parse().map_err(|_| ApiError::GucStatus)?;
        answer.status = StatusCode::from_u16(code).map_err(|_| ApiError::GucStatus)?;
    }
    if let Some(headers) = &rs.guc_headers {
        let parsed: Value = serde_json::from_str(headers).map_err(|_| ApiError::GucHeaders)?;
        let Value::Array(items) = parsed else {
            return Err(ApiError::GucHeaders);
        };
        let mut guc = Vec::new();
        for item in items {
            let Value::Object(object) = item else {
                return Err(ApiError::GucHeaders);
            };
            if object.len() != 1 {
                return Err(ApiError::GucHeaders);
            }
            for (k, v) in object {
                let Value::String(v) = v else {
                    return Err(ApiError::GucHeaders);
                };
                let name =
                    HeaderName::from_bytes(k.as_bytes()).map_err(|_| ApiError::GucHeaders)?;
                guc.push((name, v));
            }
        }
        answer
            .headers
            .retain(|(name, _)| !guc.iter().any(|(g, _)| g == name));
        answer.headers.extend(guc);
    }
    Ok(answer)
}

/// GET/HEAD on a relation.
pub fn read_response(
    req: &ApiRequest,
    relation: &str,
    media: &MediaType,
    head: bool,
    rs: ResultSet,
) -> Result<Answer, ApiError> {
    let (status, range, body, gucs) = ranged(req, rs);
    let mut answer = Answer::new(status);
    answer.header(header::CONTENT_RANGE, range);
    let location = if req.query.canonical.is_empty() {
        format!("/{relation}")
    } else {
        format!("/{relation}?{}", req.query.canonical)
    };
    answer.header(header::CONTENT_LOCATION, location);
    // A HEAD request too gets the out-of-bounds error as its body.
    if !head || status == StatusCode::RANGE_NOT_SATISFIABLE {
        set_body(&mut answer, body);
    }
    content_type_headers(&mut answer, media, req);
    pref_header(&mut answer, applied(req, None, false, false));
    overrides(answer, &gucs)
}

/// A read's or a call's status and `Content-Range` from its range and counts, the body it
/// answers (the rows, or the offset-out-of-bounds error when the range cannot be satisfied) and
/// its GUC overrides.
fn ranged(req: &ApiRequest, rs: ResultSet) -> (StatusCode, String, Vec<u8>, Gucs) {
    let (status, range) = range_status(&req.top_level_range, rs.page_total, rs.total);
    let total = rs.total;
    let (rows, gucs) = split(rs);
    let body = if status == StatusCode::RANGE_NOT_SATISFIABLE {
        out_of_bounds(req, total).into_bytes()
    } else {
        rows
    };
    (status, range, body, gucs)
}

fn out_of_bounds(req: &ApiRequest, total: Option<i64>) -> String {
    ApiError::OffsetOutOfBounds {
        offset: req.top_level_range.offset().unwrap_or(0),
        total,
    }
    .body()
}

/// POST/PATCH/PUT/DELETE on a relation.
pub fn mutation_response(
    req: &ApiRequest,
    relation: &str,
    mutation: Mutation,
    media: &MediaType,
    insert_has_target: bool,
    rs: ResultSet,
) -> Result<Answer, ApiError> {
    let full = req.prefs.representation == Some(PreferReturn::Representation);
    let count = should_count(&req.prefs).then_some(rs.page_total);
    let prefs = applied(req, Some(mutation), false, insert_has_target);
    let (page_total, inserted, location) = (rs.page_total, rs.inserted, rs.location.clone());
    let (body, gucs) = split(rs);
    // `return=representation`: the rows, with their content type.
    let representation = |answer: &mut Answer| {
        if full {
            set_body(answer, body);
            content_type_headers(answer, media, req);
        }
    };
    let mut answer;
    match mutation {
        Mutation::Create => {
            let merge = req.prefs.resolution == Some(PreferResolution::MergeDuplicates);
            let status = if merge && inserted.unwrap_or(0) <= 0 {
                StatusCode::OK
            } else {
                StatusCode::CREATED
            };
            answer = Answer::new(status);
            if !location.is_empty() {
                let pairs: Vec<String> = location
                    .iter()
                    .map(|kv| {
                        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                        format!("{}={}", encode_query(k), encode_query(v))
                    })
                    .collect();
                answer.header(header::LOCATION, format!("/{relation}?{}", pairs.join("&")));
            }
            answer.header(header::CONTENT_RANGE, content_range(1, 0, count));
            pref_header(&mut answer, prefs);
            representation(&mut answer);
        }
        Mutation::Update => {
            answer = Answer::new(if full {
                StatusCode::OK
            } else {
                StatusCode::NO_CONTENT
            });
            answer.header(
                header::CONTENT_RANGE,
                content_range(0, i128::from(page_total) - 1, count),
            );
            pref_header(&mut answer, prefs);
            representation(&mut answer);
        }
        Mutation::SingleUpsert => {
            let status = if !full {
                StatusCode::NO_CONTENT
            } else if inserted.unwrap_or(0) > 0 {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            answer = Answer::new(status);
            representation(&mut answer);
            pref_header(&mut answer, prefs);
        }
        Mutation::Delete => {
            answer = Answer::new(if full {
                StatusCode::OK
            } else {
                StatusCode::NO_CONTENT
            });
            answer.header(header::CONTENT_RANGE, content_range(1, 0, count));
            pref_header(&mut answer, prefs);
            representation(&mut answer);
        }
    }
    overrides(answer, &gucs)
}

/// `/rpc/` calls.
pub fn call_response(
    req: &ApiRequest,
    media: &MediaType,
    head: bool,
    void: bool,
    rs: ResultSet,
) -> Result<Answer, ApiError> {
    let (status, range, body, gucs) = ranged(req, rs);
    let mut answer = Answer::new(if void { StatusCode::NO_CONTENT } else { status });
    answer.header(header::CONTENT_RANGE, range);
    pref_header(&mut answer, applied(req, None, true, false));
    if !void {
        if !head {
            set_body(&mut answer, body);
        }
        content_type_headers(&mut answer, media, req);
    }
    overrides(answer, &gucs)
}

/// `OPTIONS`: 200, empty, `Allow`.
pub fn info_response(allow: &str) -> Answer {
    let mut answer = Answer::new(StatusCode::OK);
    answer.header(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    answer.header(header::ALLOW, allow);
    answer
}

/// `Network.HTTP.Types.renderSimpleQuery` encoding of one key or value.
fn encode_query(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
