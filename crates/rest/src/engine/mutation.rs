//! A write on a table or view: insert, update, upsert, delete.
use axum::response::Response;
use cb_postgrest_syntax::{PreferHandling, PreferReturn};

use super::negotiation::{Negotiated, is_singular, negotiate};
use super::scope::Exec;
use super::{check_strict, find_table};
use crate::api_request::Mutation;
use crate::error::ApiError;
use crate::plan::read::ReadKind;
use crate::plan::{mutate_plan, read_plan};
use crate::query::{self, Handler};
use crate::response;
use crate::schema_cache::{Qi, SchemaCache};

pub(super) async fn relation_mutation(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    name: &str,
    mutation: Mutation,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let qi = Qi::new(req.schema.clone(), name.to_owned());
    let table = find_table(cache, &qi)?;
    let ctx = exec.context(cache, ReadKind::Mutation);
    let read = read_plan(&ctx, &qi, req)?;
    let plan = mutate_plan(&ctx, mutation, table, req, &read)?;
    check_strict(req)?;
    let Negotiated {
        handler,
        media,
        explain,
    } = negotiate(req, cache, &qi, &read)?;
    let handler = if req.prefs.representation == Some(PreferReturn::Representation) {
        handler
    } else {
        Handler::NoAgg
    };
    let headers_only = req.prefs.representation == Some(PreferReturn::HeadersOnly);
    let main = query::main_write(&read, &plan, req.payload.as_ref(), &handler, headers_only);
    if let Some(explain) = explain {
        return exec.explain(cache, false, &explain.of(&main), &media).await;
    }
    let singular = is_singular(&media);
    let max_affected = (req.prefs.handling == Some(PreferHandling::Strict))
        .then_some(req.prefs.max_affected)
        .flatten();
    let refusable = mutation == Mutation::SingleUpsert || singular || max_affected.is_some();
    let (rs, _) = exec
        .transaction(cache, false, refusable, &main, None, |rs| match mutation {
            Mutation::SingleUpsert if rs.page_total != 1 => Err(ApiError::PutMatchingPk),
            Mutation::SingleUpsert => Ok(()),
            _ if singular && rs.page_total != 1 => Err(ApiError::Singularity(rs.page_total)),
            Mutation::Update | Mutation::Delete
                if max_affected.is_some_and(|n| rs.page_total > n) =>
            {
                Err(ApiError::MaxAffected(rs.page_total))
            }
            _ => Ok(()),
        })
        .await?;
    let insert_has_target = !table.pk.is_empty() || req.query.on_conflict.is_some();
    Ok(
        response::mutation_response(req, name, mutation, &media, insert_has_target, rs)?
            .into_response(),
    )
}
