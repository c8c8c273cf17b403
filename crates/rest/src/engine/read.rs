//! A read on a table or view: compiled once (see `compiled_reads`), run as the caller.
use axum::response::Response;
use cb_postgrest_syntax::PreferCount;

use super::negotiation::{Negotiated, is_singular, negotiate};
use super::scope::Exec;
use super::{check_strict, count_mode, find_table, read_context};
use crate::api_request::ApiRequest;
use crate::compiled_reads::{CompiledRead, ReadStatements};
use crate::error::ApiError;
use crate::plan::read::ReadKind;
use crate::plan::read_plan;
use crate::query::{self, CountMode, Handler};
use crate::response;
use crate::schema_cache::{Qi, SchemaCache};

/// Everything a read on a table or view needs before the database (see `compiled_reads`).
pub(super) fn compile_read(
    cache: &SchemaCache,
    req: ApiRequest,
    relation: String,
    head: bool,
) -> Result<CompiledRead, ApiError> {
    let qi = Qi::new(req.schema.clone(), relation.clone());
    let row_security = find_table(cache, &qi)?.row_security;
    let plan = read_plan(&read_context(cache, &req.schema, ReadKind::Read), &qi, &req)?;
    let Negotiated {
        handler,
        media,
        explain: plan_explain,
    } = negotiate(&req, cache, &qi, &plan)?;
    check_strict(&req)?;
    let handler = if head { Handler::NoAgg } else { handler };
    let count = count_mode(&req, cache.config.max_rows);
    let main = query::main_read(&plan, count, &handler);
    if let Some(plan_explain) = plan_explain {
        return Ok(CompiledRead {
            req,
            relation,
            head,
            media,
            statements: ReadStatements::Plan(plan_explain.of(&main)),
        });
    }
    let explain = req
        .prefs
        .count
        .filter(|c| c.should_explain())
        .map(|_| query::explain_count(&plan));
    let exact_instead = (explain.is_some() && row_security)
        .then(|| query::main_read(&plan, CountMode::Exact, &handler));
    Ok(CompiledRead {
        req,
        relation,
        head,
        media,
        statements: ReadStatements::Rows {
            main,
            explain,
            exact_instead,
        },
    })
}

/// Runs a compiled read as the caller.
pub(super) async fn run_read(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    read: &CompiledRead,
) -> Result<Response, ApiError> {
    let req = &read.req;
    let (main, explain, exact_instead) = match &read.statements {
        ReadStatements::Plan(plan) => return exec.explain(cache, true, plan, &read.media).await,
        ReadStatements::Rows {
            main,
            explain,
            exact_instead,
        } => (main, explain, exact_instead),
    };
    let max_rows = cache.config.max_rows;
    let singular = is_singular(&read.media);
    let exact_instead = exact_instead
        .as_ref()
        .filter(|_| !cache.rls_bypass.contains(&exec.call.caller.role));
    let (main, explain) = match exact_instead {
        Some(exact) => (exact, None),
        None => (main, explain.as_ref()),
    };
    let (mut rs, planned) = exec
        .transaction(cache, true, false, main, explain, |rs| {
            if singular && rs.page_total != 1 {
                return Err(ApiError::Singularity(rs.page_total));
            }
            Ok(())
        })
        .await?;
    rs.total = match req.prefs.count {
        _ if exact_instead.is_some() => rs.total,
        Some(PreferCount::Planned) => planned,
        Some(PreferCount::Estimated) => match (rs.total, max_rows) {
            (Some(total), Some(max)) if total > max => Some(total.max(planned.unwrap_or(0))),
            (total, _) => total,
        },
        _ => rs.total,
    };
    Ok(response::read_response(req, &read.relation, &read.media, read.head, rs)?.into_response())
}
