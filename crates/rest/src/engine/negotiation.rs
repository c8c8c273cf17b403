//! Content negotiation: which handler renders the rows (built in, or defined in SQL) and with
//! which media type, or (with `db-plan-enabled` and the plan media type) the statement's
//! EXPLAIN instead.
use cb_postgrest_syntax::{MediaType, PlanFormat, PlanOption, media_type_error};

use crate::api_request::ApiRequest;
use crate::error::ApiError;
use crate::plan::ReadPlan;
use crate::query::{Handler, Sql};
use crate::schema_cache::{Qi, SchemaCache};

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

/// PostgREST's `negotiateContent`: the first accepted media type some handler produces. The
/// vendored JSON types are built in; every other one is looked up among the handlers defined in
/// SQL, which override the built-in JSON, CSV and GeoJSON ones: a `*/*` handler of the relation
/// or function (`target`) first, then its handler for that media type (both only when the
/// request selects its whole row, which is what they take), then an anyelement handler. The
/// plan media type only with `db-plan-enabled`, rendering what its `for` names.
pub(super) fn negotiate(
    req: &ApiRequest,
    cache: &SchemaCache,
    target: &Qi,
    read: &ReadPlan,
) -> Result<Negotiated, ApiError> {
    let whole_row = selects_whole_row(read);
    for media in &req.accept {
        let (wanted, explain) = match media {
            MediaType::VndPlan {
                for_media,
                format,
                options,
            } => {
                if !cache.config.plan_enabled {
                    continue;
                }
                (
                    for_media.as_ref(),
                    Some(Explain {
                        format: *format,
                        options: options.clone(),
                    }),
                )
            }
            other => (other, None),
        };
        let picked = match wanted {
            MediaType::VndSingularJson { strip_nulls } => Some(Handler::Singular {
                strip_nulls: *strip_nulls,
            }),
            MediaType::VndArrayJsonStrip => Some(Handler::Json { strip_nulls: true }),
            other => handler_for(cache, target, whole_row, other),
        };
        if let Some(handler) = picked {
            // A handler defined in SQL answers in its own media type (`*/*`: octet-stream).
            let media = match (&handler, &explain) {
                (Handler::Custom(custom), None) => custom.produces.clone(),
                _ => match media {
                    MediaType::Any => MediaType::ApplicationJson,
                    other => other.clone(),
                },
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

/// `lookupHandler`: the handler for `media`.
fn handler_for(
    cache: &SchemaCache,
    target: &Qi,
    whole_row: bool,
    media: &MediaType,
) -> Option<Handler> {
    let custom = whole_row
        .then(|| {
            cache
                .media_handler(Some(target), &MediaType::Any)
                .or_else(|| cache.media_handler(Some(target), media))
        })
        .flatten()
        .or_else(|| cache.media_handler(None, media));
    if let Some(custom) = custom {
        return Some(Handler::Custom(custom.clone()));
    }
    match media {
        MediaType::ApplicationJson | MediaType::Any => Some(Handler::Json { strip_nulls: false }),
        MediaType::TextCsv => Some(Handler::Csv),
        MediaType::GeoJson => Some(Handler::GeoJson),
        _ => None,
    }
}

/// `hasDefaultSelect`: the request reads the whole row and embeds nothing.
fn selects_whole_row(read: &ReadPlan) -> bool {
    read.children.is_empty()
        && match read.select.as_slice() {
            [] => true,
            [only] => only.field.name == "*" && only.field.json_path.is_empty(),
            _ => false,
        }
}

pub(super) fn is_singular(media: &MediaType) -> bool {
    matches!(media, MediaType::VndSingularJson { .. })
}
