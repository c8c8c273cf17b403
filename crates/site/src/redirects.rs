//! The redirect rules staff keep in public.redirects (301, 302 and 410; exact paths and
//! prefixes), applied before any page is rendered. The rules are loaded once into memory and
//! reloaded after the 'redirects' notification (see `listen`), so a request pays a hash lookup
//! and a scan of the prefix rules, never a query. Hits are counted in memory and written in one
//! statement per flush (`stats`).
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cb_db::sqlx::{self, PgPool, Row as _};
use http::StatusCode;
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};

use crate::reloadable::Reloadable;

/// After a failed load the site serves without rules for this long, then tries again.
const RETRY_AFTER: Duration = Duration::from_secs(5);

/// What a path's remainder keeps encoded when a prefix rule appends it: besides what a URL path
/// may not hold, the backslash, which browsers read as a slash (`/\host` would leave the site).
const REMAINDER: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'\\');

/// What a rule does with a request it matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Redirected {
    /// 301 or 302 to `location`.
    To {
        status: StatusCode,
        location: String,
    },
    /// 410: the page is gone for good.
    Gone,
}

#[derive(Debug, Clone)]
struct Rule {
    id: String,
    /// The source as staff wrote it, lowercased (paths match case-insensitively, as the app's
    /// static routes do).
    source: String,
    target: Option<String>,
    status: StatusCode,
}

/// The rules as they are matched.
#[derive(Debug, Default)]
pub(crate) struct RuleTable {
    exact: HashMap<String, Rule>,
    /// Longest source first: the most specific prefix wins.
    prefixes: Vec<Rule>,
}

impl RuleTable {
    fn new(rules: Vec<(Rule, bool)>) -> Self {
        let mut table = Self::default();
        for (rule, prefix) in rules {
            if prefix {
                table.prefixes.push(rule);
            } else {
                table.exact.insert(rule.source.clone(), rule);
            }
        }
        table
            .prefixes
            .sort_by_key(|rule| std::cmp::Reverse(rule.source.len()));
        table
    }

    /// The rule for `route` (the decoded path without trailing slashes, see `seo_route`) and
    /// what it answers; `query` is the request's, kept unless the target has its own.
    fn find(&self, route: &str, query: Option<&str>) -> Option<(&Rule, Redirected)> {
        let key = route.to_lowercase();
        if let Some(rule) = self.exact.get(&key) {
            return Some((rule, answer(rule, None, query)));
        }
        // `/old/` covers /old/anything and /old itself.
        let folder = format!("{key}/");
        let rule = self
            .prefixes
            .iter()
            .find(|rule| key.starts_with(&rule.source) || folder == rule.source)?;
        // Lowercasing keeps char boundaries for the ASCII of a source, not for every
        // character: the remainder is taken by characters.
        let skipped = rule.source.chars().count();
        let remainder: String = route.chars().skip(skipped).collect();
        Some((rule, answer(rule, Some(&remainder), query)))
    }
}

fn answer(rule: &Rule, remainder: Option<&str>, query: Option<&str>) -> Redirected {
    let Some(target) = &rule.target else {
        return Redirected::Gone;
    };
    // The target's own ?query and #fragment stay at its end, after the rest of the path.
    let split = target.find(['?', '#']).unwrap_or(target.len());
    let (path, suffix) = target.split_at(split);
    let mut location = path.to_string();
    if let Some(remainder) = remainder {
        if !location.ends_with('/') {
            location.push('/');
        }
        let remainder = remainder.trim_start_matches('/');
        location.extend(utf8_percent_encode(remainder, REMAINDER));
    }
    location.push_str(suffix);
    if let Some(query) = query.filter(|query| !query.is_empty())
        && !target.contains('?')
    {
        match location.find('#') {
            Some(fragment) => location.insert_str(fragment, &format!("?{query}")),
            None => {
                location.push('?');
                location.push_str(query);
            }
        }
    }
    Redirected::To {
        status: rule.status,
        location: stay_on_site(location),
    }
}

/// A site path that a browser could read as another host (`//host`, `/\host`) loses the extra
/// slashes. The database refuses such targets; this holds whatever a remainder adds.
fn stay_on_site(location: String) -> String {
    let bytes = location.as_bytes();
    if bytes.first() == Some(&b'/') && matches!(bytes.get(1), Some(b'/' | b'\\')) {
        let rest = location.trim_start_matches(['/', '\\']);
        return format!("/{rest}");
    }
    location
}

/// The rules, loaded on first use after each change.
#[derive(Debug)]
pub(crate) struct Redirects {
    pool: PgPool,
    current: Reloadable<RuleTable>,
    /// After a failed load: until when requests go without rules.
    retry_at: Mutex<Option<Instant>>,
    /// Hits since the last flush, by rule id.
    hits: Mutex<HashMap<String, u64>>,
}

impl Redirects {
    pub(crate) fn new(pool: PgPool) -> Self {
        Self {
            pool,
            current: Reloadable::default(),
            retry_at: Mutex::new(None),
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Drops the rules; the next request loads them again.
    pub(crate) fn invalidate(&self) {
        self.current.invalidate();
        *lock(&self.retry_at) = None;
    }

    /// What the rules in force, `table`, answer for `route` (see [`RuleTable::find`]), counting
    /// the hit.
    pub(crate) fn find(
        &self,
        table: &RuleTable,
        route: &str,
        query: Option<&str>,
    ) -> Option<Redirected> {
        let (rule, redirected) = table.find(route, query)?;
        *lock(&self.hits).entry(rule.id.clone()).or_default() += 1;
        Some(redirected)
    }

    /// The rules already loaded, if they are (see [`Redirects::table`]).
    pub(crate) fn kept_table(&self) -> Option<Arc<RuleTable>> {
        self.current.kept(|_| true)
    }

    /// The rules in force, loaded on first use; None while they cannot be read (requests then go
    /// without rules for a while).
    pub(crate) async fn table(&self) -> Option<Arc<RuleTable>> {
        if let Some(table) = self.kept_table() {
            return Some(table);
        }
        if lock(&self.retry_at).is_some_and(|at| Instant::now() < at) {
            return None;
        }
        match self
            .current
            .get_or_load(|_| true, || load(&self.pool))
            .await
        {
            Ok(table) => Some(table),
            Err(err) => {
                tracing::warn!(%err, "site: redirect rules unavailable; serving without them for {RETRY_AFTER:?}");
                *lock(&self.retry_at) = Some(Instant::now() + RETRY_AFTER);
                None
            }
        }
    }

    /// Adds the hits counted since the last flush to their rules. Hits that cannot be written
    /// (the database is away) are kept for the next flush.
    pub(crate) async fn flush_hits(&self) {
        let pool = &self.pool;
        let hits = std::mem::take(&mut *lock(&self.hits));
        if hits.is_empty() {
            return;
        }
        let (ids, counts): (Vec<String>, Vec<i64>) = hits
            .iter()
            .map(|(id, count)| (id.clone(), i64::try_from(*count).unwrap_or(i64::MAX)))
            .unzip();
        // Only `hits` and `last_hit_at` change: the rule-change notification does not fire.
        let written = sqlx::query(
            "update public.redirects r
                set hits = r.hits + v.n, last_hit_at = now()
               from unnest($1::uuid[], $2::int8[]) as v(id, n)
              where r.id = v.id",
        )
        .bind(&ids)
        .bind(&counts)
        .execute(pool)
        .await;
        if let Err(err) = written {
            tracing::warn!(%err, "site: redirect hits not written; kept for the next flush");
            let mut pending = lock(&self.hits);
            for (id, count) in hits {
                *pending.entry(id).or_default() += count;
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Read as the server's own role: the rules are the staff's, not anon's to read.
const RULES_SQL: &str = "select id::text as id, lower(source_path) as source, match_type,
        target, status_code
   from public.redirects";

async fn load(pool: &PgPool) -> Result<RuleTable, sqlx::Error> {
    let rows = sqlx::query(RULES_SQL).fetch_all(pool).await?;
    let mut rules = Vec::with_capacity(rows.len());
    for row in rows {
        let status: i32 = row.try_get("status_code")?;
        let status = match status {
            301 => StatusCode::MOVED_PERMANENTLY,
            302 => StatusCode::FOUND,
            _ => StatusCode::GONE,
        };
        let match_type: String = row.try_get("match_type")?;
        let rule = Rule {
            id: row.try_get("id")?,
            source: row.try_get("source")?,
            target: row.try_get("target")?,
            status,
        };
        rules.push((rule, match_type == "prefix"));
    }
    Ok(RuleTable::new(rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(source: &str, target: Option<&str>, status: StatusCode) -> Rule {
        Rule {
            id: source.into(),
            source: source.to_lowercase(),
            target: target.map(String::from),
            status,
        }
    }

    fn table() -> RuleTable {
        RuleTable::new(vec![
            (
                rule(
                    "/blog/old-post",
                    Some("/blog/new-post"),
                    StatusCode::MOVED_PERMANENTLY,
                ),
                false,
            ),
            (
                rule(
                    "/promo",
                    Some("/contact?from=promo#form"),
                    StatusCode::FOUND,
                ),
                false,
            ),
            (rule("/retired", None, StatusCode::GONE), false),
            (
                rule(
                    "/partner",
                    Some("https://partner.example/dme"),
                    StatusCode::FOUND,
                ),
                false,
            ),
            (
                rule(
                    "/docs/",
                    Some("/whitepapers/"),
                    StatusCode::MOVED_PERMANENTLY,
                ),
                true,
            ),
            (
                rule(
                    "/docs/old/",
                    Some("/downloads"),
                    StatusCode::MOVED_PERMANENTLY,
                ),
                true,
            ),
            (rule("/x/", Some("/"), StatusCode::MOVED_PERMANENTLY), true),
            (
                rule("/tagged/", Some("/blog/?from=tags#list"), StatusCode::FOUND),
                true,
            ),
        ])
    }

    fn location(route: &str, query: Option<&str>) -> Option<String> {
        match table().find(route, query)?.1 {
            Redirected::To { location, .. } => Some(location),
            Redirected::Gone => Some("gone".into()),
        }
    }

    #[test]
    fn exact_rules_match_case_insensitively_and_keep_the_query() {
        assert_eq!(
            location("/Blog/Old-Post", None).as_deref(),
            Some("/blog/new-post")
        );
        assert_eq!(
            location("/blog/old-post", Some("utm_source=li")).as_deref(),
            Some("/blog/new-post?utm_source=li")
        );
        // A target with its own query keeps it.
        assert_eq!(
            location("/promo", Some("a=1")).as_deref(),
            Some("/contact?from=promo#form")
        );
        assert_eq!(location("/retired", None).as_deref(), Some("gone"));
        assert_eq!(
            location("/partner", None).as_deref(),
            Some("https://partner.example/dme")
        );
        assert_eq!(location("/blog/old-post-2", None), None);
    }

    #[test]
    fn the_longest_prefix_wins_and_carries_the_rest_of_the_path() {
        assert_eq!(
            location("/docs/guide/part 1", None).as_deref(),
            Some("/whitepapers/guide/part%201")
        );
        assert_eq!(
            location("/docs/old/a", None).as_deref(),
            Some("/downloads/a")
        );
        assert_eq!(location("/docs", None).as_deref(), Some("/whitepapers/"));
        assert_eq!(location("/documents", None), None);
        assert_eq!(
            location("/tagged/oxygen", Some("a=1")).as_deref(),
            Some("/blog/oxygen?from=tags#list")
        );
    }

    #[test]
    fn a_remainder_never_takes_the_visitor_off_the_site() {
        assert_eq!(
            location("/x//evil.example", None).as_deref(),
            Some("/evil.example")
        );
        assert_eq!(
            location("/x/\\evil.example", None).as_deref(),
            Some("/%5Cevil.example")
        );
        assert_eq!(stay_on_site("//evil.example".into()), "/evil.example");
        assert_eq!(stay_on_site("/\\evil.example".into()), "/evil.example");
        assert_eq!(stay_on_site("/fine//path".into()), "/fine//path");
    }
}
