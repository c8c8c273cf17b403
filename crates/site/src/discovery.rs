//! What the archive and search pages ask of a request and of the database: the page number and
//! the query, read from the URL the one way the pages read them, and the answers of
//! public.blog_archive, public.search_site and public.related_posts, read as `anon` (row-level
//! security decides, as for the browser's calls of the same functions).
use std::borrow::Cow;

use cb_db::sqlx::{self, PgPool};

use crate::site_manifest::ArchiveKind;

/// Posts on a page of an archive (the page's query asks for as many).
pub(crate) const ARCHIVE_PAGE_SIZE: u32 = 12;

/// Most digits a page number may have (the pages read it the same way).
const MAX_PAGE_DIGITS: usize = 6;

/// The first value of the query parameter `name`, decoded.
fn query_param<'a>(query: Option<&'a str>, name: &str) -> Option<Cow<'a, str>> {
    url::form_urlencoded::parse(query?.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value)
}

/// The page a listing's `?page=` asks for: 1 when absent, None when it is not a page number as
/// the pages read one (`^[1-9][0-9]{0,5}$`: `0`, `01`, `-1` and `abc` are not).
pub(crate) fn page_number(query: Option<&str>) -> Option<u32> {
    let Some(text) = query_param(query, "page") else {
        return Some(1);
    };
    let digits = text.len() <= MAX_PAGE_DIGITS
        && !text.starts_with('0')
        && !text.is_empty()
        && text.bytes().all(|byte| byte.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

/// Whether `?page=1` is spelled out: page 1's one URL has no page parameter.
pub(crate) fn names_first_page(query: Option<&str>) -> bool {
    query_param(query, "page").is_some_and(|page| page == "1")
}

/// `query` without its page parameter.
pub(crate) fn without_page(query: &str) -> Option<String> {
    let kept: Vec<(Cow<'_, str>, Cow<'_, str>)> = url::form_urlencoded::parse(query.as_bytes())
        .filter(|(key, _)| key != "page")
        .collect();
    if kept.is_empty() {
        return None;
    }
    Some(
        url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(kept)
            .finish(),
    )
}

/// The query string a listing page is rendered with: only what the page reads, so its embedded
/// data and its rendering do not depend on tracking parameters.
pub(crate) fn listing_query(search: Option<&str>, page: u32) -> Option<String> {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if let Some(search) = search {
        query.append_pair("q", search);
    }
    if page > 1 {
        query.append_pair("page", &page.to_string());
    }
    Some(query.finish()).filter(|query| !query.is_empty())
}

/// What `/search` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SearchRequest {
    /// The query as typed (trimmed); the database refuses one that is too long.
    pub(crate) q: String,
    pub(crate) page: u32,
}

impl SearchRequest {
    /// A page parameter that is not a page number asks for the first page, as the search page
    /// reads it.
    pub(crate) fn from_query(query: Option<&str>) -> Self {
        Self {
            q: query_param(query, "q")
                .unwrap_or_default()
                .trim()
                .to_string(),
            page: page_number(query).unwrap_or(1),
        }
    }
}

/// The database's answer to a search.
#[derive(Debug)]
pub(crate) enum SearchAnswer {
    /// public.search_site's JSON.
    Found(serde_json::Value),
    /// Refused as the API would refuse it (too long, 400): the page asks again and shows why.
    Refused,
}

/// public.blog_archive(kind, slug, page): null for an archive that does not exist.
pub(crate) async fn archive(
    pool: &PgPool,
    kind: ArchiveKind,
    slug: &str,
    page: u32,
) -> Result<serde_json::Value, sqlx::Error> {
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true).await?;
    let found: Option<serde_json::Value> =
        sqlx::query_scalar("select public.blog_archive($1, $2, $3, $4)")
            .bind(kind.as_str())
            .bind(slug)
            .bind(i32::try_from(page).unwrap_or(i32::MAX))
            .bind(i32::try_from(ARCHIVE_PAGE_SIZE).unwrap_or(12))
            .fetch_one(&mut *tx)
            .await?;
    tx.rollback().await?;
    Ok(found.unwrap_or(serde_json::Value::Null))
}

/// public.search_site(q, page).
pub(crate) async fn search(
    pool: &PgPool,
    request: &SearchRequest,
) -> Result<SearchAnswer, sqlx::Error> {
    // Read-write, as the stock client's POST: the function keeps its answer for the next search.
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), false).await?;
    let found = sqlx::query_scalar::<_, serde_json::Value>("select public.search_site($1, $2)")
        .bind(&request.q)
        .bind(i32::try_from(request.page).unwrap_or(i32::MAX))
        .fetch_one(&mut *tx)
        .await;
    match found {
        Ok(found) => {
            tx.commit().await?;
            Ok(SearchAnswer::Found(found))
        }
        // The function's refusal (22023: PostgREST answers 400).
        Err(sqlx::Error::Database(err)) if err.code().as_deref() == Some("22023") => {
            tx.rollback().await?;
            Ok(SearchAnswer::Refused)
        }
        Err(err) => Err(err),
    }
}

/// public.related_posts(slug) as the browser's RPC call returns it (an array).
pub(crate) async fn related_posts(
    pool: &PgPool,
    slug: &str,
) -> Result<serde_json::Value, sqlx::Error> {
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true).await?;
    let related: serde_json::Value = sqlx::query_scalar(
        "select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) from public.related_posts($1) r",
    )
    .bind(slug)
    .fetch_one(&mut *tx)
    .await?;
    tx.rollback().await?;
    Ok(related)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers_are_positive_and_bounded() {
        assert_eq!(page_number(None), Some(1));
        assert_eq!(page_number(Some("utm_source=x")), Some(1));
        assert_eq!(page_number(Some("page=2")), Some(2));
        assert_eq!(page_number(Some("page=2&page=3")), Some(2));
        assert_eq!(page_number(Some("page=999999")), Some(999_999));
        for bad in [
            "page=0",
            "page=01",
            "page=-1",
            "page=abc",
            "page=",
            "page=1000000",
            "page=1e9",
        ] {
            assert_eq!(page_number(Some(bad)), None, "{bad}");
        }
        assert!(names_first_page(Some("page=1")));
        assert_eq!(without_page("page=1"), None);
        assert_eq!(without_page("q=a+b&page=1").as_deref(), Some("q=a+b"));
        assert!(!names_first_page(Some("page=01")));
    }

    #[test]
    fn a_listing_is_rendered_with_only_what_it_reads() {
        assert_eq!(listing_query(None, 1), None);
        assert_eq!(listing_query(None, 3).as_deref(), Some("page=3"));
        assert_eq!(
            listing_query(Some("prior auth & CMN"), 2).as_deref(),
            Some("q=prior+auth+%26+CMN&page=2")
        );
        let request = SearchRequest::from_query(Some("utm=1&q=+%20oxygen++&page=1"));
        assert_eq!(request.q, "oxygen");
        assert_eq!(request.page, 1);
        assert_eq!(SearchRequest::from_query(Some("q=x&page=0")).page, 1);
        assert_eq!(SearchRequest::from_query(Some("q=x&page=7")).page, 7);
    }
}
