//! `GET /admin/users?page=&per_page=&filter=` (service role): users newest first, paged as
//! GoTrue pages them (`X-Total-Count`, `Link` with rel next and last).
use axum::Json;
use axum::extract::{OriginalUri, RawQuery, State};
use axum::response::{IntoResponse, Response};
use http::HeaderValue;
use serde_json::json;
use uuid::Uuid;

use crate::model::UserBundle;
use crate::request::query_param;
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

const DEFAULT_PER_PAGE: u64 = 50;
/// A page holds at most this many users (GoTrue sets no bound; an unbounded page is a way to
/// make the server load every user at once).
const MAX_PER_PAGE: u64 = 1000;

fn number(query: Option<&str>, name: &str, default: u64) -> Result<u64, AuthError> {
    match query_param(query, name).filter(|value| !value.is_empty()) {
        None => Ok(default),
        Some(text) => text.parse::<u64>().map_err(|err| {
            AuthError::validation(format!(
                "Bad Pagination Parameters: strconv.ParseUint: parsing {text:?}: {err}"
            ))
        }),
    }
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    OriginalUri(uri): OriginalUri,
    _admin: AdminCaller,
) -> Result<Response, AuthError> {
    let query = query.as_deref();
    let page = number(query, "page", 1)?.max(1);
    let per_page = number(query, "per_page", DEFAULT_PER_PAGE)?.clamp(1, MAX_PER_PAGE);
    let filter = query_param(query, "filter").filter(|filter| !filter.is_empty());
    let pattern = filter.map(|filter| {
        format!(
            "%{}%",
            filter
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        )
    });
    let rows: Vec<(Uuid, i64)> = sqlx::query_as(
        "select id, count(*) over ()
           from auth.users
          where aud = 'authenticated'
            and ($1::text is null or email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1)
          order by created_at desc, id desc
          limit $2 offset $3",
    )
    .bind(&pattern)
    .bind(i64::try_from(per_page).unwrap_or(i64::MAX))
    .bind(i64::try_from((page - 1).saturating_mul(per_page)).unwrap_or(i64::MAX))
    .fetch_all(&state.pool)
    .await?;
    let total = match rows.first() {
        Some((_, total)) => *total as u64,
        None => sqlx::query_scalar::<_, i64>(
            "select count(*) from auth.users
              where aud = 'authenticated'
                and ($1::text is null or email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1)",
        )
        .bind(&pattern)
        .fetch_one(&state.pool)
        .await? as u64,
    };
    let mut users = Vec::with_capacity(rows.len());
    for (id, _) in rows {
        if let Some(bundle) = UserBundle::load(&state.pool, id, None).await? {
            users.push(bundle.to_json());
        }
    }
    let mut response = Json(json!({ "users": users, "aud": "authenticated" })).into_response();
    let link = links(uri.path(), query, page, per_page, total);
    let headers = response.headers_mut();
    if let Ok(link) = HeaderValue::from_str(&link) {
        headers.insert(http::header::LINK, link);
    }
    headers.insert("x-total-count", HeaderValue::from(total));
    Ok(response)
}

/// GoTrue's `Link`: rel next (when there is a next page) and rel last.
fn links(path: &str, query: Option<&str>, page: u64, per_page: u64, total: u64) -> String {
    let pages = total.div_ceil(per_page);
    let with_page = |number: u64| {
        let mut pairs: Vec<(String, String)> =
            url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
                .filter(|(key, _)| key != "page")
                .map(|(key, value)| (key.into_owned(), value.into_owned()))
                .collect();
        pairs.push(("page".into(), number.to_string()));
        pairs.sort();
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        format!("{path}?{query}")
    };
    let mut header = String::new();
    if pages > page {
        header.push_str(&format!("<{}>; rel=\"next\", ", with_page(page + 1)));
    }
    header.push_str(&format!("<{}>; rel=\"last\"", with_page(pages)));
    header
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_name_the_next_and_last_pages() {
        assert_eq!(
            super::links("/admin/users", Some("per_page=2&page=1"), 1, 2, 5),
            "</admin/users?page=2&per_page=2>; rel=\"next\", </admin/users?page=3&per_page=2>; rel=\"last\""
        );
        assert_eq!(
            super::links("/admin/users", None, 3, 2, 5),
            "</admin/users?page=3>; rel=\"last\""
        );
    }
}
