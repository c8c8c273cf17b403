//! One table of every error's parts (code, status, message, details, hint), so a new
//! variant is written in one place.
use cb_gateway::JwtError;
use http::StatusCode;
use serde_json::Value;

use super::sqlstate::pg_status;
use super::{AmbiguousRel, ApiError, RaiseUnreadable};

impl AmbiguousRel {
    fn to_json(&self) -> Value {
        let text = |s: &str| Value::String(s.to_owned());
        let mut object = serde_json::Map::new();
        object.insert("cardinality".into(), text(self.cardinality));
        object.insert("embedding".into(), text(&self.embedding));
        object.insert("relationship".into(), text(&self.relationship));
        Value::Object(object)
    }
}

/// What an error renders as: the body's four keys and the status.
#[derive(Debug, Clone, PartialEq)]
pub struct ErrorParts {
    pub code: String,
    pub status: StatusCode,
    pub message: String,
    /// A string, an array (PGRST201) or null.
    pub details: Value,
    /// A string or null.
    pub hint: Value,
}

impl ErrorParts {
    fn new(code: impl Into<String>, status: u16, message: impl Into<String>) -> Self {
        ErrorParts {
            code: code.into(),
            status: StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            message: message.into(),
            details: Value::Null,
            hint: Value::Null,
        }
    }

    fn details(self, details: impl Into<String>) -> Self {
        self.details_value(Value::String(details.into()))
    }

    fn details_opt(self, details: Option<&str>) -> Self {
        self.details_value(details.map_or(Value::Null, |d| Value::String(d.to_owned())))
    }

    fn details_value(self, details: Value) -> Self {
        ErrorParts { details, ..self }
    }

    fn hint(self, hint: impl Into<String>) -> Self {
        ErrorParts {
            hint: Value::String(hint.into()),
            ..self
        }
    }

    fn hint_opt(self, hint: Option<&str>) -> Self {
        ErrorParts {
            hint: hint.map_or(Value::Null, |h| Value::String(h.to_owned())),
            ..self
        }
    }

    /// The JSON body, keys in Aeson's (sorted) order.
    pub fn body(&self) -> String {
        let mut out = String::from("{\"code\":");
        out.push_str(&Value::String(self.code.clone()).to_string());
        out.push_str(",\"details\":");
        out.push_str(&self.details.to_string());
        out.push_str(",\"hint\":");
        out.push_str(&self.hint.to_string());
        out.push_str(",\"message\":");
        out.push_str(&Value::String(self.message.clone()).to_string());
        out.push('}');
        out
    }
}

/// PGRST121's hints: the shapes PostgREST expects of a raise's MESSAGE and DETAIL.
const MESSAGE_SHAPE: &str = "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const DETAIL_SHAPE: &str = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

impl ApiError {
    /// Every part of the error in one place: code, status, message, details and hint.
    pub fn parts(&self) -> ErrorParts {
        use ApiError as E;
        match self {
            E::Syntax(e) => ErrorParts::new(e.code(), e.http_status(), e.message())
                .details_opt(e.details())
                .hint_opt(e.hint()),
            E::Jwt(e) => {
                let code = match e {
                    JwtError::Expired | JwtError::Claim(_) => "PGRST303",
                    _ => "PGRST301",
                };
                ErrorParts::new(code, 401, e.to_string())
            }
            E::AnonymousDisabled => ErrorParts::new("PGRST302", 401, "Anonymous access is disabled"),
            E::SchemaCacheNotReady => ErrorParts::new(
                "PGRST002",
                503,
                "Could not query the database for the schema cache. Retrying.",
            ),
            E::PoolTimeout => ErrorParts::new(
                "PGRST003",
                504,
                "Timed out acquiring connection from connection pool.",
            ),
            E::ConnectionLost => ErrorParts::new(
                "PGRST001",
                503,
                "Database client error. Retrying the connection.",
            ),
            E::Pg {
                code,
                message,
                details,
                hint,
                anon,
            } => ErrorParts::new(code.as_str(), pg_status(code, message, *anon), message.as_str())
                .details_opt(details.as_deref())
                .hint_opt(hint.as_deref()),
            E::InvalidRpcMethod(m) => {
                ErrorParts::new("PGRST101", 405, format!("Cannot use the {m} method on RPC"))
            }
            E::InvalidBody(m) => ErrorParts::new("PGRST102", 400, m.as_str()),
            E::OffsetOutOfBounds { offset, total } => {
                ErrorParts::new("PGRST103", 416, "Requested range not satisfiable").details(
                    format!(
                        "An offset of {offset} was requested, but there are only {} rows.",
                        total.unwrap_or(0)
                    ),
                )
            }
            E::InvalidFilters => ErrorParts::new(
                "PGRST105",
                405,
                "Filters must include all and only primary key columns with 'eq' operators",
            ),
            E::NotEmbedded(r) => ErrorParts::new(
                "PGRST108",
                400,
                format!("'{r}' is not an embedded resource in this request"),
            )
            .hint(format!(
                "Verify that '{r}' is included in the 'select' query parameter."
            )),
            E::GucHeaders => ErrorParts::new(
                "PGRST111",
                500,
                "response.headers guc must be a JSON array composed of objects with a single key and a string value",
            ),
            E::GucStatus => ErrorParts::new(
                "PGRST112",
                500,
                "response.status guc must be a valid status code",
            ),
            E::PutMatchingPk => ErrorParts::new(
                "PGRST115",
                400,
                "Payload values do not match URL in primary key column(s)",
            ),
            E::Singularity(n) => ErrorParts::new(
                "PGRST116",
                406,
                "Cannot coerce the result to a single JSON object",
            )
            .details(format!("The result contains {n} rows")),
            E::UnsupportedMethod(m) => {
                ErrorParts::new("PGRST117", 405, format!("Unsupported HTTP method: {m}"))
            }
            E::RelatedOrderNotToOne { origin, target } => ErrorParts::new(
                "PGRST118",
                400,
                format!("A related order on '{target}' is not possible"),
            )
            .details(format!(
                "'{origin}' and '{target}' do not form a many-to-one or one-to-one relationship"
            )),
            E::UnacceptableFilter(t) => ErrorParts::new(
                "PGRST120",
                400,
                format!("Bad operator on the '{t}' embedded resource"),
            )
            .details("Only is null or not is null filters are allowed on embedded resources"),
            E::AggregatesNotAllowed => ErrorParts::new(
                "PGRST123",
                400,
                "Use of aggregate functions is not allowed",
            ),
            E::MaxAffected(n) => ErrorParts::new(
                "PGRST124",
                400,
                "Query result exceeds max-affected preference constraint",
            )
            .details(format!("The query affects {n} rows")),
            E::InvalidResourcePath => {
                ErrorParts::new("PGRST125", 404, "Invalid path specified in request URL")
            }
            E::NotImplemented(d) => {
                ErrorParts::new("PGRST127", 400, "Feature not implemented").details(d.as_str())
            }
            E::MaxAffectedRpc => ErrorParts::new(
                "PGRST128",
                400,
                "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
            ),
            E::NoRelationship {
                parent,
                child,
                hint,
                schema,
                suggestion,
            } => ErrorParts::new(
                "PGRST200",
                400,
                format!(
                    "Could not find a relationship between '{parent}' and '{child}' in the schema cache"
                ),
            )
            .details(format!(
                "Searched for a foreign key relationship between '{parent}' and '{child}{}' in the schema '{schema}', but no matches were found.",
                hint.as_deref()
                    .map(|h| format!("' using the hint '{h}"))
                    .unwrap_or_default()
            ))
            .hint_opt(suggestion.as_deref()),
            E::AmbiguousRelationship {
                parent,
                child,
                relationships,
                hints,
            } => ErrorParts::new(
                "PGRST201",
                300,
                format!(
                    "Could not embed because more than one relationship was found for '{parent}' and '{child}'"
                ),
            )
            .details_value(Value::Array(
                relationships.iter().map(AmbiguousRel::to_json).collect(),
            ))
            .hint(format!(
                "Try changing '{child}' to one of the following: {}. Find the desired relationship in the 'details' key.",
                hints.join(", ")
            )),
            E::NoFunction {
                message,
                details,
                hint,
            } => ErrorParts::new("PGRST202", 404, message.as_str())
                .details(details.as_str())
                .hint_opt(hint.as_deref()),
            E::AmbiguousFunction(m) => ErrorParts::new("PGRST203", 300, m.as_str()).hint(
                "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
            ),
            E::ColumnNotFound { table, column } => ErrorParts::new(
                "PGRST204",
                400,
                format!("Could not find the '{column}' column of '{table}' in the schema cache"),
            ),
            E::TableNotFound {
                schema,
                table,
                suggestion,
            } => ErrorParts::new(
                "PGRST205",
                404,
                format!("Could not find the table '{schema}.{table}' in the schema cache"),
            )
            .hint_opt(suggestion.as_deref()),
            E::Raised(raised) => ErrorParts {
                code: raised.code.clone(),
                status: raised.status,
                message: raised.message.clone(),
                details: Value::Null,
                hint: Value::Null,
            }
            .details_opt(raised.details.as_deref())
            .hint_opt(raised.hint.as_deref()),
            E::RaiseUnreadable(unreadable) => {
                let parts = ErrorParts::new(
                    "PGRST121",
                    500,
                    "Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error",
                );
                match unreadable {
                    RaiseUnreadable::Message(m) => parts
                        .details(format!("Invalid JSON value for MESSAGE: '{m}'"))
                        .hint(MESSAGE_SHAPE),
                    RaiseUnreadable::Detail(d) => parts
                        .details(format!("Invalid JSON value for DETAIL: '{d}'"))
                        .hint(DETAIL_SHAPE),
                    RaiseUnreadable::NoDetail => parts
                        .details("DETAIL is missing in the RAISE statement")
                        .hint(DETAIL_SHAPE),
                }
            }
            E::Internal => ErrorParts::new("PGRSTX00", 500, "Internal server error"),
            // Not PostgREST's (it has no such limit): a code of ours, outside its PGRST range.
            E::ClientBusy(limit) => ErrorParts::new(
                "CB429",
                429,
                "Too many requests from this client at once",
            )
            .details(format!(
                "At most {limit} requests from one client run at a time, and a few more wait for their turn."
            ))
            .hint("Retry after the Retry-After delay, or send fewer requests in parallel."),
        }
    }
}
