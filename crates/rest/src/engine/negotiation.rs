//! Content negotiation: which handler renders the rows and with which media type, or (with
//! `db-plan-enabled` and the plan media type) the statement's EXPLAIN instead.
use cb_postgrest_syntax::{MediaType, PlanFormat, PlanOption, media_type_error};

use crate::api_request::ApiRequest;
use crate::error::ApiError;
use crate::query::{Handler, Sql};

/// What a request asked to see: the rows through a handler, or (with the plan media type) the
/// statement's EXPLAIN.
#[derive(Debug, Clone)]
pub(crate) struct Negotiated {
    pub(crate) handler: Handler,
    pub(crate) media: MediaType,
    pub(crate) explain: Option<Explain>,
}

/// `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=…`.
#[derive(Debug, Clone)]
pub(crate) struct Explain {
    format: PlanFormat,
    options: Vec<PlanOption>,
}

impl Explain {
    /// The statement prefixed with `EXPLAIN (FORMAT …, <options>)`, same parameters.
    pub(super) fn of(&self, main: &Sql) -> Sql {
        let mut text = String::from(match self.format {
            PlanFormat::Json => "EXPLAIN (FORMAT JSON",
            PlanFormat::Text => "EXPLAIN (FORMAT TEXT",
        });
        for option in &self.options {
            text.push_str(", ");
            text.push_str(&option.name().to_ascii_uppercase());
        }
        text.push_str(") ");
        text.push_str(&main.text);
        Sql {
            text,
            params: main.params.clone(),
        }
    }
}

/// PostgREST's `negotiateContent` for the built-in handlers; the plan media type only with
/// `db-plan-enabled`, rendering what its `for` names.
pub(super) fn negotiate(req: &ApiRequest, plan_enabled: bool) -> Result<Negotiated, ApiError> {
    for media in &req.accept {
        let (target, explain) = match media {
            MediaType::VndPlan {
                for_media,
                format,
                options,
            } if plan_enabled => (
                for_media.as_ref(),
                Some(Explain {
                    format: *format,
                    options: options.clone(),
                }),
            ),
            other => (other, None),
        };
        let picked = match target {
            MediaType::VndSingularJson { strip_nulls } => Some(Handler::Singular {
                strip_nulls: *strip_nulls,
            }),
            MediaType::VndArrayJsonStrip => Some(Handler::Json { strip_nulls: true }),
            MediaType::ApplicationJson | MediaType::Any => {
                Some(Handler::Json { strip_nulls: false })
            }
            MediaType::TextCsv => Some(Handler::Csv),
            MediaType::GeoJson => Some(Handler::GeoJson),
            _ => None,
        };
        if let Some(handler) = picked {
            let media = match media {
                MediaType::Any => MediaType::ApplicationJson,
                other => other.clone(),
            };
            return Ok(Negotiated {
                handler,
                media,
                explain,
            });
        }
    }
    Err(media_type_error(&req.accept).into())
}

pub(super) fn is_singular(media: &MediaType) -> bool {
    matches!(media, MediaType::VndSingularJson { .. })
}
