//! Schema selection through the `Accept-Profile` / `Content-Profile` headers.

use crate::error::{ErrorCode, SyntaxError};

/// Which profile header a method reads: `Content-Profile` for `POST`, `PATCH`, `PUT` and
/// `DELETE`, `Accept-Profile` for everything else.
pub fn uses_content_profile(method: &str) -> bool {
    matches!(method, "POST" | "PATCH" | "PUT" | "DELETE")
}

/// The schema a request targets (PostgREST's `getSchema`).
///
/// Returns the schema and whether it was *negotiated by profile* (a profile header was given,
/// or more than one schema is exposed) — in that case PostgREST answers with a
/// `Content-Profile` header. A profile naming a schema outside `schemas` is `PGRST106`.
/// `schemas` must not be empty (its first entry is the default).
pub fn negotiate_schema(
    method: &str,
    accept_profile: Option<&str>,
    content_profile: Option<&str>,
    schemas: &[String],
) -> Result<(String, bool), SyntaxError> {
    let profile = if uses_content_profile(method) {
        content_profile
    } else {
        accept_profile
    };
    match profile {
        Some(p) if !schemas.iter().any(|s| s == p) => Err(SyntaxError::new(
            ErrorCode::UnacceptableSchema,
            format!("Invalid schema: {p}"),
            None,
            Some(format!(
                "Only the following schemas are exposed: {}",
                schemas.join(", ")
            )),
        )),
        Some(p) => Ok((p.to_owned(), true)),
        None => Ok((
            schemas.first().cloned().unwrap_or_default(),
            schemas.len() != 1,
        )),
    }
}
