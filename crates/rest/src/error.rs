//! Every error the engine answers with, rendered as PostgREST renders it: a JSON body with
//! exactly `code`, `details`, `hint` and `message` (nulls included), the status of PostgREST's
//! table, `Proxy-Status: PostgREST; error=<code>`, `WWW-Authenticate` on 401s and
//! `Retry-After` while the schema cache is loading.
use axum::body::Body;
use axum::response::Response;
use cb_db::sqlx;
use cb_gateway::JwtError;
use cb_postgrest_syntax::SyntaxError;
use http::{HeaderValue, StatusCode, header};
use serde_json::Value;

/// One entry of PGRST201's `details`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmbiguousRel {
    pub cardinality: &'static str,
    pub embedding: String,
    pub relationship: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// Parser errors (PGRST100, 103, 106, 107, 114, 122).
    Syntax(SyntaxError),
    Jwt(JwtError),
    /// PGRST002: the schema cache is not loaded yet.
    SchemaCacheNotReady,
    /// PGRST003.
    PoolTimeout,
    /// PGRST001: the database connection failed mid-request.
    ConnectionLost,
    /// 429: the client already has this many statements running (and more waiting).
    ClientBusy(usize),
    /// A PostgreSQL error, passed through.
    Pg {
        code: String,
        message: String,
        details: Option<String>,
        hint: Option<String>,
        /// The request ran as the anonymous role (42501 → 401 instead of 403).
        anon: bool,
    },
    /// PGRST101.
    InvalidRpcMethod(String),
    /// PGRST102.
    InvalidBody(String),
    /// PGRST105.
    InvalidFilters,
    /// PGRST108.
    NotEmbedded(String),
    /// PGRST115.
    PutMatchingPk,
    /// PGRST116.
    Singularity(i64),
    /// PGRST117.
    UnsupportedMethod(String),
    /// PGRST118.
    RelatedOrderNotToOne {
        origin: String,
        target: String,
    },
    /// PGRST120.
    UnacceptableFilter(String),
    /// PGRST123.
    AggregatesNotAllowed,
    /// PGRST124.
    MaxAffected(i64),
    /// PGRST125.
    InvalidResourcePath,
    /// PGRST127.
    NotImplemented(String),
    /// PGRST128.
    MaxAffectedRpc,
    /// PGRST103 for an offset past the counted total.
    OffsetOutOfBounds {
        offset: i128,
        total: Option<i64>,
    },
    /// PGRST200.
    NoRelationship {
        parent: String,
        child: String,
        hint: Option<String>,
        schema: String,
        suggestion: Option<String>,
    },
    /// PGRST201.
    AmbiguousRelationship {
        parent: String,
        child: String,
        relationships: Vec<AmbiguousRel>,
        hints: Vec<String>,
    },
    /// PGRST202.
    NoFunction {
        message: String,
        details: String,
        hint: Option<String>,
    },
    /// PGRST203.
    AmbiguousFunction(String),
    /// PGRST204.
    ColumnNotFound {
        table: String,
        column: String,
    },
    /// PGRST205.
    TableNotFound {
        schema: String,
        table: String,
        suggestion: Option<String>,
    },
    /// PGRST111.
    GucHeaders,
    /// PGRST112.
    GucStatus,
    /// `RAISE SQLSTATE 'PGRST'`: the raising function chose the whole response.
    Raised(Box<RaisedResponse>),
    /// PGRST121: a `RAISE SQLSTATE 'PGRST'` whose MESSAGE or DETAIL is not the JSON expected.
    RaiseUnreadable(RaiseUnreadable),
    /// PGRSTX00.
    Internal,
}

/// The response a `RAISE SQLSTATE 'PGRST'` asks for: MESSAGE is the JSON object `{code,
/// message, details?, hint?}`, DETAIL the JSON object `{status, status_text?, headers}`.
#[derive(Debug, Clone, PartialEq)]
pub struct RaisedResponse {
    pub code: String,
    pub message: String,
    pub details: Option<String>,
    pub hint: Option<String>,
    pub status: StatusCode,
    pub status_text: Option<String>,
    pub headers: Vec<(String, String)>,
}

/// What was wrong with a `RAISE SQLSTATE 'PGRST'` (the offending text, for the details).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RaiseUnreadable {
    Message(String),
    Detail(String),
    NoDetail,
}

impl RaisedResponse {
    /// Reads the MESSAGE and DETAIL of a `RAISE SQLSTATE 'PGRST'` as PostgREST does: both must
    /// be JSON objects with the obligatory keys, the optional ones null or strings.
    pub fn parse(message: &str, detail: Option<&str>) -> Result<Self, RaiseUnreadable> {
        fn text(object: &serde_json::Map<String, Value>, key: &str) -> Option<String> {
            object.get(key)?.as_str().map(str::to_owned)
        }
        fn optional_text(
            object: &serde_json::Map<String, Value>,
            key: &str,
        ) -> Result<Option<String>, ()> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(()),
            }
        }
        let unreadable_message = || RaiseUnreadable::Message(message.to_owned());
        let body: Value = serde_json::from_str(message).map_err(|_| unreadable_message())?;
        let body = body.as_object().ok_or_else(unreadable_message)?;
        let code = text(body, "code").ok_or_else(unreadable_message)?;
        let message_text = text(body, "message").ok_or_else(unreadable_message)?;
        let details = optional_text(body, "details").map_err(|()| unreadable_message())?;
        let hint = optional_text(body, "hint").map_err(|()| unreadable_message())?;

        let detail = detail.ok_or(RaiseUnreadable::NoDetail)?;
        let unreadable_detail = || RaiseUnreadable::Detail(detail.to_owned());
        let response: Value = serde_json::from_str(detail).map_err(|_| unreadable_detail())?;
        let response = response.as_object().ok_or_else(unreadable_detail)?;
        let status = response
            .get("status")
            .and_then(Value::as_u64)
            .and_then(|n| u16::try_from(n).ok())
            .and_then(|n| StatusCode::from_u16(n).ok())
            .ok_or_else(unreadable_detail)?;
        let status_text =
            optional_text(response, "status_text").map_err(|()| unreadable_detail())?;
        let headers = response
            .get("headers")
            .and_then(Value::as_object)
            .ok_or_else(unreadable_detail)?
            .iter()
            .map(|(name, value)| Some((name.clone(), value.as_str()?.to_owned())))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(unreadable_detail)?;
        Ok(RaisedResponse {
            code,
            message: message_text,
            details,
            hint,
            status,
            status_text,
            headers,
        })
    }
}

impl From<SyntaxError> for ApiError {
    fn from(err: SyntaxError) -> Self {
        ApiError::Syntax(err)
    }
}

impl ApiError {
    /// Maps a database error. Connection details never reach the client.
    pub fn from_sqlx(err: &sqlx::Error, anon: bool) -> Self {
        match err {
            sqlx::Error::Database(db) => {
                let code = db.code().map(|c| c.into_owned()).unwrap_or_default();
                let pg = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>();
                if code == "PGRST" {
                    return match RaisedResponse::parse(db.message(), pg.and_then(|e| e.detail())) {
                        Ok(raised) => ApiError::Raised(Box::new(raised)),
                        Err(unreadable) => ApiError::RaiseUnreadable(unreadable),
                    };
                }
                ApiError::Pg {
                    code,
                    message: db.message().to_owned(),
                    details: pg.and_then(|e| e.detail().map(str::to_owned)),
                    hint: pg.and_then(|e| e.hint().map(str::to_owned)),
                    anon,
                }
            }
            sqlx::Error::PoolTimedOut => ApiError::PoolTimeout,
            sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => {
                ApiError::ConnectionLost
            }
            sqlx::Error::Protocol(_) | sqlx::Error::WorkerCrashed => ApiError::ConnectionLost,
            other => {
                tracing::error!(err = %other, "rest: unexpected database client error");
                ApiError::Internal
            }
        }
    }

    pub fn code(&self) -> String {
        match self {
            ApiError::Syntax(e) => e.code().to_owned(),
            ApiError::Jwt(JwtError::Expired | JwtError::Claim(_)) => "PGRST303".into(),
            ApiError::Jwt(_) => "PGRST301".into(),
            ApiError::SchemaCacheNotReady => "PGRST002".into(),
            ApiError::PoolTimeout => "PGRST003".into(),
            ApiError::ConnectionLost => "PGRST001".into(),
            ApiError::Pg { code, .. } => code.clone(),
            ApiError::InvalidRpcMethod(_) => "PGRST101".into(),
            ApiError::InvalidBody(_) => "PGRST102".into(),
            ApiError::OffsetOutOfBounds { .. } => "PGRST103".into(),
            ApiError::InvalidFilters => "PGRST105".into(),
            ApiError::NotEmbedded(_) => "PGRST108".into(),
            ApiError::GucHeaders => "PGRST111".into(),
            ApiError::GucStatus => "PGRST112".into(),
            ApiError::PutMatchingPk => "PGRST115".into(),
            ApiError::Singularity(_) => "PGRST116".into(),
            ApiError::UnsupportedMethod(_) => "PGRST117".into(),
            ApiError::RelatedOrderNotToOne { .. } => "PGRST118".into(),
            ApiError::UnacceptableFilter(_) => "PGRST120".into(),
            ApiError::AggregatesNotAllowed => "PGRST123".into(),
            ApiError::MaxAffected(_) => "PGRST124".into(),
            ApiError::InvalidResourcePath => "PGRST125".into(),
            ApiError::NotImplemented(_) => "PGRST127".into(),
            ApiError::MaxAffectedRpc => "PGRST128".into(),
            ApiError::NoRelationship { .. } => "PGRST200".into(),
            ApiError::AmbiguousRelationship { .. } => "PGRST201".into(),
            ApiError::NoFunction { .. } => "PGRST202".into(),
            ApiError::AmbiguousFunction(_) => "PGRST203".into(),
            ApiError::ColumnNotFound { .. } => "PGRST204".into(),
            ApiError::TableNotFound { .. } => "PGRST205".into(),
            ApiError::Raised(raised) => raised.code.clone(),
            ApiError::RaiseUnreadable(_) => "PGRST121".into(),
            ApiError::Internal => "PGRSTX00".into(),
            // Not PostgREST's (it has no such limit): a code of ours, outside its PGRST range.
            ApiError::ClientBusy(_) => "CB429".into(),
        }
    }

    pub fn status(&self) -> StatusCode {
        let code = match self {
            ApiError::Syntax(e) => e.http_status(),
            ApiError::Jwt(_) => 401,
            ApiError::SchemaCacheNotReady | ApiError::ConnectionLost => 503,
            ApiError::PoolTimeout => 504,
            ApiError::ClientBusy(_) => 429,
            ApiError::Pg {
                code,
                message,
                anon,
                ..
            } => pg_status(code, message, *anon),
            ApiError::InvalidRpcMethod(_)
            | ApiError::UnsupportedMethod(_)
            | ApiError::InvalidFilters => 405,
            ApiError::OffsetOutOfBounds { .. } => 416,
            ApiError::Singularity(_) => 406,
            ApiError::InvalidResourcePath
            | ApiError::NoFunction { .. }
            | ApiError::TableNotFound { .. } => 404,
            ApiError::AmbiguousRelationship { .. } | ApiError::AmbiguousFunction(_) => 300,
            ApiError::Raised(raised) => return raised.status,
            ApiError::GucHeaders
            | ApiError::GucStatus
            | ApiError::RaiseUnreadable(_)
            | ApiError::Internal => 500,
            ApiError::InvalidBody(_)
            | ApiError::NotEmbedded(_)
            | ApiError::PutMatchingPk
            | ApiError::RelatedOrderNotToOne { .. }
            | ApiError::UnacceptableFilter(_)
            | ApiError::AggregatesNotAllowed
            | ApiError::MaxAffected(_)
            | ApiError::NotImplemented(_)
            | ApiError::MaxAffectedRpc
            | ApiError::NoRelationship { .. }
            | ApiError::ColumnNotFound { .. } => 400,
        };
        StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub fn message(&self) -> String {
        match self {
            ApiError::Syntax(e) => e.message().to_owned(),
            ApiError::Jwt(e) => e.to_string(),
            ApiError::SchemaCacheNotReady => {
                "Could not query the database for the schema cache. Retrying.".into()
            }
            ApiError::PoolTimeout => "Timed out acquiring connection from connection pool.".into(),
            ApiError::ConnectionLost => "Database client error. Retrying the connection.".into(),
            ApiError::Pg { message, .. } => message.clone(),
            ApiError::InvalidRpcMethod(m) => format!("Cannot use the {m} method on RPC"),
            ApiError::InvalidBody(m) => m.clone(),
            ApiError::OffsetOutOfBounds { .. } => "Requested range not satisfiable".into(),
            ApiError::InvalidFilters => {
                "Filters must include all and only primary key columns with 'eq' operators".into()
            }
            ApiError::NotEmbedded(r) => format!("'{r}' is not an embedded resource in this request"),
            ApiError::GucHeaders => "response.headers guc must be a JSON array composed of objects with a single key and a string value".into(),
            ApiError::GucStatus => "response.status guc must be a valid status code".into(),
            ApiError::PutMatchingPk => "Payload values do not match URL in primary key column(s)".into(),
            ApiError::Singularity(_) => "Cannot coerce the result to a single JSON object".into(),
            ApiError::UnsupportedMethod(m) => format!("Unsupported HTTP method: {m}"),
            ApiError::RelatedOrderNotToOne { target, .. } => {
                format!("A related order on '{target}' is not possible")
            }
            ApiError::UnacceptableFilter(t) => format!("Bad operator on the '{t}' embedded resource"),
            ApiError::AggregatesNotAllowed => "Use of aggregate functions is not allowed".into(),
            ApiError::MaxAffected(_) => "Query result exceeds max-affected preference constraint".into(),
            ApiError::InvalidResourcePath => "Invalid path specified in request URL".into(),
            ApiError::NotImplemented(_) => "Feature not implemented".into(),
            ApiError::MaxAffectedRpc => "Function must return SETOF or TABLE when max-affected preference is used with handling=strict".into(),
            ApiError::NoRelationship { parent, child, .. } => format!(
                "Could not find a relationship between '{parent}' and '{child}' in the schema cache"
            ),
            ApiError::AmbiguousRelationship { parent, child, .. } => format!(
                "Could not embed because more than one relationship was found for '{parent}' and '{child}'"
            ),
            ApiError::NoFunction { message, .. } => message.clone(),
            ApiError::AmbiguousFunction(m) => m.clone(),
            ApiError::ColumnNotFound { table, column } => {
                format!("Could not find the '{column}' column of '{table}' in the schema cache")
            }
            ApiError::TableNotFound { schema, table, .. } => {
                format!("Could not find the table '{schema}.{table}' in the schema cache")
            }
            ApiError::Raised(raised) => raised.message.clone(),
            ApiError::RaiseUnreadable(_) => {
                "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error".into()
            }
            ApiError::Internal => "Internal server error".into(),
            ApiError::ClientBusy(_) => "Too many requests from this client at once".into(),
        }
    }

    pub fn details(&self) -> Value {
        let text = |s: &str| Value::String(s.to_owned());
        match self {
            ApiError::Syntax(e) => e.details().map_or(Value::Null, text),
            ApiError::Pg { details, .. } => details.as_deref().map_or(Value::Null, text),
            ApiError::OffsetOutOfBounds { offset, total } => Value::String(format!(
                "An offset of {offset} was requested, but there are only {} rows.",
                total.unwrap_or(0)
            )),
            ApiError::Singularity(n) => Value::String(format!("The result contains {n} rows")),
            ApiError::RelatedOrderNotToOne { origin, target } => Value::String(format!(
                "'{origin}' and '{target}' do not form a many-to-one or one-to-one relationship"
            )),
            ApiError::UnacceptableFilter(_) => {
                text("Only is null or not is null filters are allowed on embedded resources")
            }
            ApiError::MaxAffected(n) => Value::String(format!("The query affects {n} rows")),
            ApiError::NotImplemented(d) => text(d),
            ApiError::NoRelationship {
                parent,
                child,
                hint,
                schema,
                ..
            } => Value::String(format!(
                "Searched for a foreign key relationship between '{parent}' and '{child}{}' in the schema '{schema}', but no matches were found.",
                hint.as_deref()
                    .map(|h| format!("' using the hint '{h}"))
                    .unwrap_or_default()
            )),
            ApiError::AmbiguousRelationship { relationships, .. } => Value::Array(
                relationships
                    .iter()
                    .map(|r| {
                        let mut object = serde_json::Map::new();
                        object.insert("cardinality".into(), text(r.cardinality));
                        object.insert("embedding".into(), text(&r.embedding));
                        object.insert("relationship".into(), text(&r.relationship));
                        Value::Object(object)
                    })
                    .collect(),
            ),
            ApiError::NoFunction { details, .. } => text(details),
            ApiError::ClientBusy(limit) => Value::String(format!(
                "At most {limit} requests from one client run at a time, and a few more wait for their turn."
            )),
            ApiError::Raised(raised) => raised.details.as_deref().map_or(Value::Null, text),
            ApiError::RaiseUnreadable(unreadable) => Value::String(match unreadable {
                RaiseUnreadable::Message(m) => format!("Invalid JSON value for MESSAGE: '{m}'"),
                RaiseUnreadable::Detail(d) => format!("Invalid JSON value for DETAIL: '{d}'"),
                RaiseUnreadable::NoDetail => "DETAIL is missing in the RAISE statement".into(),
            }),
            _ => Value::Null,
        }
    }

    pub fn hint(&self) -> Value {
        let text = |s: &str| Value::String(s.to_owned());
        match self {
            ApiError::Syntax(e) => e.hint().map_or(Value::Null, text),
            ApiError::Pg { hint, .. } => hint.as_deref().map_or(Value::Null, text),
            ApiError::NotEmbedded(r) => Value::String(format!(
                "Verify that '{r}' is included in the 'select' query parameter."
            )),
            ApiError::NoRelationship { suggestion, .. } => {
                suggestion.as_deref().map_or(Value::Null, text)
            }
            ApiError::AmbiguousRelationship { child, hints, .. } => Value::String(format!(
                "Try changing '{child}' to one of the following: {}. Find the desired relationship in the 'details' key.",
                hints.join(", ")
            )),
            ApiError::NoFunction { hint, .. } => hint.as_deref().map_or(Value::Null, text),
            ApiError::ClientBusy(_) => {
                text("Retry after the Retry-After delay, or send fewer requests in parallel.")
            }
            ApiError::AmbiguousFunction(_) => text(
                "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
            ),
            ApiError::TableNotFound { suggestion, .. } => {
                suggestion.as_deref().map_or(Value::Null, text)
            }
            ApiError::Raised(raised) => raised.hint.as_deref().map_or(Value::Null, text),
            ApiError::RaiseUnreadable(RaiseUnreadable::Message(_)) => text(
                "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
            ),
            ApiError::RaiseUnreadable(_) => text(
                "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
            ),
            _ => Value::Null,
        }
    }

    /// The JSON body, keys in Aeson's (sorted) order.
    pub fn body(&self) -> String {
        let mut out = String::from("{\"code\":");
        out.push_str(&Value::String(self.code()).to_string());
        out.push_str(",\"details\":");
        out.push_str(&self.details().to_string());
        out.push_str(",\"hint\":");
        out.push_str(&self.hint().to_string());
        out.push_str(",\"message\":");
        out.push_str(&Value::String(self.message()).to_string());
        out.push('}');
        out
    }

    pub fn into_response(self) -> Response {
        let status = self.status();
        let code = self.code();
        let body = self.body();
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = status;
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json; charset=utf-8"),
        );
        if let Ok(value) = HeaderValue::from_str(&format!("PostgREST; error={code}")) {
            headers.insert("proxy-status", value);
        }
        match &self {
            // The raising function's headers and reason phrase, and nothing else.
            ApiError::Raised(raised) => {
                for (name, value) in &raised.headers {
                    if let (Ok(name), Ok(value)) = (
                        http::HeaderName::from_bytes(name.as_bytes()),
                        HeaderValue::from_str(value),
                    ) {
                        headers.insert(name, value);
                    }
                }
                if let Some(phrase) = raised
                    .status_text
                    .as_deref()
                    .and_then(|t| hyper::ext::ReasonPhrase::try_from(t.as_bytes().to_vec()).ok())
                {
                    response.extensions_mut().insert(phrase);
                }
            }
            ApiError::Jwt(err) => {
                let value = format!(
                    "Bearer error=\"invalid_token\", error_description={}",
                    Value::String(err.to_string())
                );
                if let Ok(value) = HeaderValue::from_str(&value) {
                    headers.insert(header::WWW_AUTHENTICATE, value);
                }
            }
            // Every 503 tells clients when to retry (supabase-js retries GET/HEAD on 503).
            _ if status == StatusCode::SERVICE_UNAVAILABLE
                || status == StatusCode::TOO_MANY_REQUESTS =>
            {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            _ if status == StatusCode::UNAUTHORIZED => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            _ => {}
        }
        response
    }
}

/// PostgREST's SQLSTATE → HTTP status table.
fn pg_status(code: &str, message: &str, anon: bool) -> u16 {
    let prefix = code.get(..2).unwrap_or("");
    match code {
        "23503" | "23505" => return 409,
        "25006" => return 405,
        "21000" => {
            return if message.ends_with("requires a WHERE clause") {
                400
            } else {
                500
            };
        }
        "22023" => {
            return if message.starts_with("role") && message.ends_with("does not exist") {
                401
            } else {
                400
            };
        }
        "53400" => return 500,
        "57P01" => return 503,
        "P0001" => return 400,
        "42883" => {
            return if message.starts_with("function xmlagg(") {
                406
            } else {
                404
            };
        }
        "42P01" => return 404,
        "42P17" => return 500,
        "42501" => return if anon { 401 } else { 403 },
        _ => {}
    }
    if let Some(status) = code.strip_prefix("PT") {
        return status
            .parse::<u16>()
            .ok()
            .filter(|s| (100..600).contains(s))
            .unwrap_or(500);
    }
    match prefix {
        "08" => 503,
        "09" => 500,
        "0L" | "0P" => 403,
        "25" => 500,
        "28" => 403,
        "2D" | "38" | "39" | "3B" | "40" => 500,
        "53" => 503,
        // Program limits (too many columns or arguments, statement too complex) are reached by
        // what the request asks for; PostgREST answers 500, which blames the server.
        "54" => 400,
        "55" | "57" | "58" | "F0" | "HV" | "XX" => 500,
        "P0" => 500,
        _ => 400,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlstate_table() {
        assert_eq!(pg_status("23505", "", true), 409);
        assert_eq!(pg_status("54011", "", true), 400);
        assert_eq!(pg_status("42501", "", true), 401);
        assert_eq!(pg_status("42501", "", false), 403);
        assert_eq!(pg_status("25006", "", false), 405);
        assert_eq!(pg_status("22023", "role \"x\" does not exist", false), 401);
        assert_eq!(pg_status("22023", "other", false), 400);
        assert_eq!(pg_status("PT418", "", false), 418);
        assert_eq!(pg_status("08006", "", false), 503);
        assert_eq!(pg_status("57P01", "", false), 503);
        assert_eq!(pg_status("57014", "", false), 500);
        assert_eq!(pg_status("22P02", "", false), 400);
        assert_eq!(pg_status("42P01", "", false), 404);
        assert_eq!(pg_status("42883", "function xmlagg(x)", false), 406);
    }

    #[test]
    fn a_loading_schema_cache_is_503_with_retry_after() {
        let response = ApiError::SchemaCacheNotReady.into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        assert_eq!(
            response.headers()["proxy-status"],
            "PostgREST; error=PGRST002"
        );
        assert_eq!(
            ApiError::SchemaCacheNotReady.body(),
            r#"{"code":"PGRST002","details":null,"hint":null,"message":"Could not query the database for the schema cache. Retrying."}"#
        );
    }

    #[test]
    fn jwt_errors_carry_www_authenticate() {
        let response = ApiError::Jwt(JwtError::Expired).into_response();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            response.headers()[header::WWW_AUTHENTICATE],
            "Bearer error=\"invalid_token\", error_description=\"JWT expired\""
        );
        assert_eq!(ApiError::Jwt(JwtError::Expired).code(), "PGRST303");
        assert_eq!(ApiError::Jwt(JwtError::Parts(2)).code(), "PGRST301");
    }

    #[test]
    fn body_has_every_key_with_nulls() {
        let body = ApiError::Singularity(0).body();
        assert_eq!(
            body,
            r#"{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}"#
        );
    }

    #[test]
    fn a_raise_with_sqlstate_pgrst_sets_the_whole_response() {
        let raised = RaisedResponse::parse(
            r#"{"code":"123","message":"Payment Required","details":"Quota exceeded","hint":null}"#,
            Some(r#"{"status":402,"status_text":"Pay Up","headers":{"X-Powered-By":"Nerd Rage"}}"#),
        )
        .unwrap();
        let error = ApiError::Raised(Box::new(raised));
        assert_eq!(
            error.body(),
            r#"{"code":"123","details":"Quota exceeded","hint":null,"message":"Payment Required"}"#
        );
        let response = error.into_response();
        assert_eq!(response.status(), StatusCode::PAYMENT_REQUIRED);
        assert_eq!(response.headers()["x-powered-by"], "Nerd Rage");
        assert_eq!(response.headers()["proxy-status"], "PostgREST; error=123");
        assert_eq!(
            response
                .extensions()
                .get::<hyper::ext::ReasonPhrase>()
                .map(|p| p.as_bytes()),
            Some(&b"Pay Up"[..])
        );
        // A 401 chosen by the function carries only the function's headers.
        let unauthorized = RaisedResponse::parse(
            r#"{"code":"AUTH","message":"no"}"#,
            Some(r#"{"status":401,"headers":{}}"#),
        )
        .unwrap();
        let response = ApiError::Raised(Box::new(unauthorized)).into_response();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert!(response.headers().get(header::WWW_AUTHENTICATE).is_none());
    }

    #[test]
    fn an_unreadable_raise_is_pgrst121_with_postgrests_texts() {
        let cases = [
            (
                "not json",
                Some(r#"{"status":400,"headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for MESSAGE: 'not json'","hint":"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1"}"#,
                Some(r#"{"status":400,"headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for MESSAGE: '{\"code\":\"1\"}'","hint":"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1","message":"m"}"#,
                None,
                r#"{"code":"PGRST121","details":"DETAIL is missing in the RAISE statement","hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
            (
                r#"{"code":"1","message":"m"}"#,
                Some(r#"{"status":"400","headers":{}}"#),
                r#"{"code":"PGRST121","details":"Invalid JSON value for DETAIL: '{\"status\":\"400\",\"headers\":{}}'","hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.","message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}"#,
            ),
        ];
        for (message, detail, body) in cases {
            let error = match RaisedResponse::parse(message, detail) {
                Ok(raised) => panic!("{message} {detail:?} was read as {raised:?}"),
                Err(unreadable) => ApiError::RaiseUnreadable(unreadable),
            };
            assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
            assert_eq!(error.body(), body);
        }
    }
}
