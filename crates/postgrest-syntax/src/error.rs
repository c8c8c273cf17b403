//! The error type: PostgREST's request errors (`PGRST1xx`) that a pure parser can raise, with
//! their texts exactly as PostgREST v14 renders them.

use std::fmt;

/// Which PostgREST error a [`SyntaxError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorCode {
    /// `PGRST100` (400): a query parameter failed to parse.
    QueryParam,
    /// `PGRST103` (416): requested range not satisfiable (negative limit, bad `Range` header).
    InvalidRange,
    /// `PGRST106` (406): the profile header names a schema that is not exposed.
    UnacceptableSchema,
    /// `PGRST107` (406): none of the accepted media types can be produced.
    MediaType,
    /// `PGRST114` (400): `limit`/`offset` on `PUT`.
    PutLimitNotAllowed,
    /// `PGRST122` (400): unknown preferences with `Prefer: handling=strict`.
    InvalidPreferences,
}

impl ErrorCode {
    /// The `PGRSTnnn` code string.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::QueryParam => "PGRST100",
            ErrorCode::InvalidRange => "PGRST103",
            ErrorCode::UnacceptableSchema => "PGRST106",
            ErrorCode::MediaType => "PGRST107",
            ErrorCode::PutLimitNotAllowed => "PGRST114",
            ErrorCode::InvalidPreferences => "PGRST122",
        }
    }

    /// The HTTP status PostgREST answers with.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::QueryParam
            | ErrorCode::PutLimitNotAllowed
            | ErrorCode::InvalidPreferences => 400,
            ErrorCode::UnacceptableSchema | ErrorCode::MediaType => 406,
            ErrorCode::InvalidRange => 416,
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A request error with PostgREST's `code`, `message`, `details` and `hint`.
///
/// For parse failures (`PGRST100`) the message is parsec's position line, e.g.
/// `"failed to parse filter (noop.0)" (line 1, column 1)`, and the details its expectation
/// text, e.g. `unexpected "o" expecting "not" or operator (eq, gt, ...)`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct SyntaxError {
    code: ErrorCode,
    message: String,
    details: Option<String>,
    hint: Option<String>,
}

impl SyntaxError {
    pub(crate) fn new(
        code: ErrorCode,
        message: String,
        details: Option<String>,
        hint: Option<String>,
    ) -> Self {
        SyntaxError {
            code,
            message,
            details,
            hint,
        }
    }

    /// Which error this is.
    pub fn kind(&self) -> ErrorCode {
        self.code
    }

    /// The `code` field (`"PGRST100"`, …).
    pub fn code(&self) -> &'static str {
        self.code.as_str()
    }

    /// The HTTP status PostgREST answers with.
    pub fn http_status(&self) -> u16 {
        self.code.http_status()
    }

    /// The `message` field.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The `details` field (`null` when `None`).
    pub fn details(&self) -> Option<&str> {
        self.details.as_deref()
    }

    /// The `hint` field (`null` when `None`).
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    /// `PGRST100` for a request past one of the parser's size limits: refused before it
    /// reaches the database, where it would fail with a server error or run for long.
    pub(crate) fn too_many(param: &str, what: &str, count: usize, limit: usize) -> Self {
        Self::new(
            ErrorCode::QueryParam,
            format!("\"failed to parse {param} parameter\" (too many {what})"),
            Some(format!(
                "The request has {count} {what}; at most {limit} are allowed."
            )),
            Some("Split the request into several smaller ones.".into()),
        )
    }

    /// `PGRST103` "Limit should be greater than or equal to zero."
    pub(crate) fn negative_limit() -> Self {
        Self::new(
            ErrorCode::InvalidRange,
            "Requested range not satisfiable".into(),
            Some("Limit should be greater than or equal to zero.".into()),
            None,
        )
    }

    /// `PGRST103` for a `Range` header whose lower bound exceeds the upper one.
    pub(crate) fn lower_gt_upper() -> Self {
        Self::new(
            ErrorCode::InvalidRange,
            "Requested range not satisfiable".into(),
            Some("The lower boundary must be lower than or equal to the upper boundary in the Range header.".into()),
            None,
        )
    }

    /// `PGRST103` for an offset past the end of a counted result ("An offset of N was
    /// requested, but there are only M rows."). The server raises this after counting.
    pub fn offset_out_of_bounds(offset: i128, total: Option<i64>) -> Self {
        let total = total.map_or_else(|| "0".to_owned(), |t| t.to_string());
        Self::new(
            ErrorCode::InvalidRange,
            "Requested range not satisfiable".into(),
            Some(format!(
                "An offset of {offset} was requested, but there are only {total} rows."
            )),
            None,
        )
    }

    /// `PGRST114`.
    pub(crate) fn put_limit_not_allowed() -> Self {
        Self::new(
            ErrorCode::PutLimitNotAllowed,
            "limit/offset querystring parameters are not allowed for PUT".into(),
            None,
            None,
        )
    }
}
