//! Every error the engine answers with, rendered as PostgREST renders it: a JSON body with
//! exactly `code`, `details`, `hint` and `message` (nulls included), the status of PostgREST's
//! table, `Proxy-Status: PostgREST; error=<code>`, `WWW-Authenticate` on 401s and
//! `Retry-After` while the schema cache is loading.
use axum::body::Body;
use axum::response::Response;
use cb_gateway::JwtError;
use cb_postgrest_syntax::SyntaxError;
use http::{HeaderValue, StatusCode, header};
use serde_json::Value;

use crate::pool::DbError;

mod parts;
mod raised;
mod sqlstate;

pub use parts::ErrorParts;
pub use raised::{RaiseUnreadable, RaisedResponse};

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
    /// PGRST302: no token, and no anonymous role to run as (`db-anon-role` unset).
    AnonymousDisabled,
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

impl From<SyntaxError> for ApiError {
    fn from(err: SyntaxError) -> Self {
        ApiError::Syntax(err)
    }
}

impl ApiError {
    /// Maps a database error. Connection details never reach the client.
    pub(crate) fn from_db(err: &DbError, anon: bool) -> Self {
        let err = match err {
            DbError::PoolTimeout => return ApiError::PoolTimeout,
            DbError::PoolClosed => return ApiError::ConnectionLost,
            DbError::Pg(err) => err,
        };
        let Some(db) = err.as_db_error() else {
            if err.is_closed()
                || std::error::Error::source(err).is_some_and(|s| s.is::<std::io::Error>())
            {
                return ApiError::ConnectionLost;
            }
            tracing::error!(%err, "rest: unexpected database client error");
            return ApiError::Internal;
        };
        let code = db.code().code();
        if code == "PGRST" {
            return match RaisedResponse::parse(db.message(), db.detail()) {
                Ok(raised) => ApiError::Raised(Box::new(raised)),
                Err(unreadable) => ApiError::RaiseUnreadable(unreadable),
            };
        }
        ApiError::Pg {
            code: code.to_owned(),
            message: db.message().to_owned(),
            details: db.detail().map(str::to_owned),
            hint: db.hint().map(str::to_owned),
            anon,
        }
    }

    pub fn code(&self) -> String {
        self.parts().code
    }

    pub fn status(&self) -> StatusCode {
        self.parts().status
    }

    /// The JSON body, keys in Aeson's (sorted) order.
    pub fn body(&self) -> String {
        self.parts().body()
    }

    pub fn into_response(self) -> Response {
        let parts = self.parts();
        let (status, code) = (parts.status, &parts.code);
        let mut response = Response::new(Body::from(parts.body()));
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn disabled_anonymous_access_asks_for_a_bearer_token() {
        let response = ApiError::AnonymousDisabled.into_response();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(response.headers()[header::WWW_AUTHENTICATE], "Bearer");
        assert_eq!(
            ApiError::AnonymousDisabled.body(),
            r#"{"code":"PGRST302","details":null,"hint":null,"message":"Anonymous access is disabled"}"#
        );
    }

    #[test]
    fn body_has_every_key_with_nulls() {
        let body = ApiError::Singularity(0).body();
        assert_eq!(
            body,
            r#"{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}"#
        );
    }
}
