//! Compiled reads: a GET or HEAD on a table or view, parsed, planned and rendered to SQL once
//! and then reused for every request that asks the same thing.
//!
//! A public website asks the same few questions over and over (every visitor of a blog post
//! sends the same query string), and parsing, planning and writing the SQL cost about a tenth
//! of such a request's CPU. What they produce depends only on the method, the path, the query
//! string, the headers [`crate::api_request::parse`] and `Prefer` parsing read, the engine's
//! settings and the schema cache, so those (the cache by its generation) are the key; who asks
//! is not part of it, since the caller only enters with the request's scope (role, claims),
//! which is set for every request. Requests with a body, and failures, are never kept.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use cb_postgrest_syntax::MediaType;
use http::{HeaderMap, Method};

use crate::api_request::{ApiRequest, PARSED_HEADERS};
use crate::query::Sql;

/// Keys longer than this are not kept: they bound the memory a full cache can take.
const MAX_KEY_BYTES: usize = 2048;

/// Entries kept before the cache starts over (a site has a few dozen distinct reads; random
/// query strings from a crawler or a fuzzer only ever cost the uncached path).
const MAX_ENTRIES: usize = 256;

/// A read ready to run: everything the engine derives from the request before the database.
#[derive(Debug)]
pub(crate) struct CompiledRead {
    pub(crate) req: ApiRequest,
    pub(crate) relation: String,
    pub(crate) head: bool,
    pub(crate) media: MediaType,
    pub(crate) statements: ReadStatements,
}

/// What a compiled read sends to the database.
#[derive(Debug)]
pub(crate) enum ReadStatements {
    /// The rows.
    Rows {
        main: Sql,
        /// The EXPLAIN of a planned or estimated count.
        explain: Option<Sql>,
        /// For a planned or estimated count on a relation under row-level security: the read
        /// with an exact count, run instead of `main` and `explain` for callers the policies
        /// apply to (the planner's estimate would tell them how many rows they cannot see).
        exact_instead: Option<Sql>,
    },
    /// The EXPLAIN the plan media type asked for, instead of the rows.
    Plan(Sql),
}

/// The key of a request that may be a compiled read: `None` when it cannot be one (another
/// method, a body, a key too long to keep). Header values and URIs cannot contain NUL, so NUL
/// separates the parts, and an absent header is told apart from an empty one.
pub(crate) fn key(
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
    body: &[u8],
) -> Option<String> {
    if !(method == Method::GET || method == Method::HEAD) || !body.is_empty() {
        return None;
    }
    let mut key = String::with_capacity(256);
    key.push_str(method.as_str());
    key.push('\0');
    key.push_str(path);
    key.push('\0');
    key.push_str(query.unwrap_or(""));
    for name in PARSED_HEADERS {
        match headers.get(name).and_then(|v| v.to_str().ok()) {
            Some(value) => {
                key.push('\0');
                key.push_str(value);
            }
            None => key.push('\u{1}'),
        }
    }
    for value in headers.get_all("prefer") {
        key.push('\0');
        // The Prefer parser skips values that are not text; so does the key.
        key.push_str(value.to_str().unwrap_or("\u{1}"));
    }
    (key.len() <= MAX_KEY_BYTES).then_some(key)
}

/// The compiled reads of the current schema cache generation.
#[derive(Debug, Default)]
pub(crate) struct CompiledReads {
    inner: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    generation: u64,
    by_key: HashMap<String, Arc<CompiledRead>>,
}

impl CompiledReads {
    pub(crate) fn get(&self, generation: u64, key: &str) -> Option<Arc<CompiledRead>> {
        let found = {
            let entries = self.inner.lock().ok()?;
            (entries.generation == generation)
                .then(|| entries.by_key.get(key).cloned())
                .flatten()
        };
        let result = if found.is_some() { "hit" } else { "miss" };
        metrics::counter!("claimbridge_rest_compiled_reads_total", "result" => result).increment(1);
        found
    }

    /// Keeps `compiled` for `generation`; entries of an earlier generation are dropped, and a
    /// full cache starts over.
    pub(crate) fn insert(&self, generation: u64, key: String, compiled: Arc<CompiledRead>) {
        let Ok(mut entries) = self.inner.lock() else {
            return;
        };
        if entries.generation != generation {
            // A request still holding an older cache must not bring its entries back.
            if entries.generation > generation {
                return;
            }
            entries.generation = generation;
            entries.by_key.clear();
        }
        if entries.by_key.len() >= MAX_ENTRIES {
            entries.by_key.clear();
        }
        entries.by_key.insert(key, compiled);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.inner.lock().map(|e| e.by_key.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use http::HeaderValue;

    use super::*;

    fn compiled() -> Arc<CompiledRead> {
        let settings = crate::api_request::ParseSettings {
            schemas: &["public".to_owned()],
            tx_allow_override: true,
            max_select_items: cb_postgrest_syntax::DEFAULT_MAX_SELECT_ITEMS,
            max_filters: cb_postgrest_syntax::DEFAULT_MAX_FILTERS,
        };
        let req = crate::api_request::parse(
            "GET",
            "/t",
            "",
            &HeaderMap::new(),
            &bytes::Bytes::new(),
            Default::default(),
            &settings,
        )
        .expect("a plain read");
        Arc::new(CompiledRead {
            req,
            relation: "t".into(),
            head: false,
            media: MediaType::ApplicationJson,
            statements: ReadStatements::Rows {
                main: Sql::new(),
                explain: None,
                exact_instead: None,
            },
        })
    }

    fn key_of(
        method: &Method,
        uri: &str,
        headers: &[(&'static str, &'static str)],
    ) -> Option<String> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.append(*name, HeaderValue::from_static(value));
        }
        let (path, query) = uri
            .split_once('?')
            .map_or((uri, None), |(path, query)| (path, Some(query)));
        key(method, path, query, &map, b"")
    }

    #[test]
    fn only_bodiless_gets_and_heads_of_bounded_size_have_keys() {
        assert!(key_of(&Method::GET, "/t?a=eq.1", &[]).is_some());
        assert!(key_of(&Method::HEAD, "/t?a=eq.1", &[]).is_some());
        assert!(key_of(&Method::POST, "/t", &[]).is_none());
        assert!(key_of(&Method::PATCH, "/t?a=eq.1", &[]).is_none());
        let with_body = key(&Method::GET, "/t", None, &HeaderMap::new(), b"{}");
        assert!(with_body.is_none());
        let long = format!("/t?a=eq.{}", "x".repeat(MAX_KEY_BYTES));
        assert!(key_of(&Method::GET, &long, &[]).is_none());
    }

    #[test]
    fn everything_that_shapes_a_read_is_in_its_key() {
        let base = key_of(&Method::GET, "/t?select=a", &[]);
        let differing = [
            key_of(&Method::HEAD, "/t?select=a", &[]),
            key_of(&Method::GET, "/u?select=a", &[]),
            key_of(&Method::GET, "/t?select=b", &[]),
            key_of(&Method::GET, "/t?select=a", &[("accept", "text/csv")]),
            key_of(&Method::GET, "/t?select=a", &[("accept-profile", "other")]),
            key_of(&Method::GET, "/t?select=a", &[("content-profile", "other")]),
            key_of(&Method::GET, "/t?select=a", &[("content-type", "text/csv")]),
            key_of(&Method::GET, "/t?select=a", &[("range", "0-9")]),
            key_of(&Method::GET, "/t?select=a", &[("prefer", "count=exact")]),
            key_of(&Method::GET, "/t?select=a", &[("accept", "")]),
        ];
        for (i, other) in differing.iter().enumerate() {
            assert_ne!(&base, other, "case {i}");
        }
        // Two Prefer values are not one with a separator in it.
        assert_ne!(
            key_of(
                &Method::GET,
                "/t",
                &[("prefer", "count=exact"), ("prefer", "return=minimal")]
            ),
            key_of(&Method::GET, "/t", &[("prefer", "count=exact")]),
        );
        // Headers that do not shape the read do not split the cache.
        assert_eq!(
            base,
            key_of(
                &Method::GET,
                "/t?select=a",
                &[("authorization", "Bearer x"), ("x-client-info", "y")]
            )
        );
    }

    #[test]
    fn entries_belong_to_one_generation_and_are_bounded() {
        let reads = CompiledReads::default();
        reads.insert(2, "k".into(), compiled());
        assert!(reads.get(2, "k").is_some());
        assert!(
            reads.get(3, "k").is_none(),
            "a newer schema cache does not see it"
        );
        reads.insert(1, "old".into(), compiled());
        assert!(
            reads.get(1, "old").is_none(),
            "an older request does not bring its cache back"
        );
        assert!(reads.get(2, "k").is_some());
        reads.insert(3, "new".into(), compiled());
        assert!(
            reads.get(2, "k").is_none(),
            "a newer generation drops the older entries"
        );
        for i in 0..MAX_ENTRIES + 10 {
            reads.insert(3, format!("k{i}"), compiled());
        }
        assert!(reads.len() <= MAX_ENTRIES);
    }
}
