//! One handler per file.
pub(crate) mod jwks;
pub(crate) mod logout;
pub(crate) mod settings;
pub(crate) mod signup;
pub(crate) mod token;
pub(crate) mod user;

/// The value of `name` in a query string (the values GoTrue reads here are plain words).
pub(crate) fn query_param<'a>(query: Option<&'a str>, name: &str) -> Option<&'a str> {
    query?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then_some(value)
    })
}
