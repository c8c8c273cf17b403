//! Media types of the `Accept` and `Content-Type` headers (PostgREST's `MediaType.hs` and
//! wai-extra's `parseHttpAccept`).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::{take_until, take_while, take_while1},
    character::complete::char as nchar,
    combinator::opt,
    multi::many0,
    sequence::{delimited, preceded, separated_pair},
};

use crate::error::{ErrorCode, SyntaxError};
use crate::haskell::{is_space, reads_double};

/// `EXPLAIN` output format of `application/vnd.pgrst.plan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlanFormat {
    Text,
    Json,
}

/// `EXPLAIN` options of `application/vnd.pgrst.plan; options=a|b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlanOption {
    Analyze,
    Verbose,
    Settings,
    Buffers,
    Wal,
}

impl PlanOption {
    pub fn name(self) -> &'static str {
        match self {
            PlanOption::Analyze => "analyze",
            PlanOption::Verbose => "verbose",
            PlanOption::Settings => "settings",
            PlanOption::Buffers => "buffers",
            PlanOption::Wal => "wal",
        }
    }
}

/// A media type as PostgREST classifies it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MediaType {
    /// `application/json` (also `application/vnd.pgrst.array+json` without `nulls=stripped`).
    ApplicationJson,
    /// `application/geo+json`
    GeoJson,
    /// `text/csv`
    TextCsv,
    /// `text/plain`
    TextPlain,
    /// `text/xml`
    TextXml,
    /// `application/openapi+json`
    OpenApi,
    /// `application/x-www-form-urlencoded`
    UrlEncoded,
    /// `application/octet-stream`
    OctetStream,
    /// `*/*`
    Any,
    /// Anything else, verbatim (e.g. `text/html`, `application/vnd.twkb`, `text/*`).
    Other(String),
    /// `application/vnd.pgrst.array+json;nulls=stripped`
    VndArrayJsonStrip,
    /// `application/vnd.pgrst.object+json` (also without `+json`), optionally `nulls=stripped`.
    VndSingularJson { strip_nulls: bool },
    /// `application/vnd.pgrst.plan[+text|+json]; for="…"; options=…`
    VndPlan {
        for_media: Box<MediaType>,
        format: PlanFormat,
        options: Vec<PlanOption>,
    },
}

impl MediaType {
    /// PostgREST's `toMime`.
    pub fn to_mime(&self) -> String {
        match self {
            MediaType::ApplicationJson => "application/json".into(),
            MediaType::VndArrayJsonStrip => {
                "application/vnd.pgrst.array+json;nulls=stripped".into()
            }
            MediaType::GeoJson => "application/geo+json".into(),
            MediaType::TextCsv => "text/csv".into(),
            MediaType::TextPlain => "text/plain".into(),
            MediaType::TextXml => "text/xml".into(),
            MediaType::OpenApi => "application/openapi+json".into(),
            MediaType::VndSingularJson { strip_nulls: true } => {
                "application/vnd.pgrst.object+json;nulls=stripped".into()
            }
            MediaType::VndSingularJson { strip_nulls: false } => {
                "application/vnd.pgrst.object+json".into()
            }
            MediaType::UrlEncoded => "application/x-www-form-urlencoded".into(),
            MediaType::OctetStream => "application/octet-stream".into(),
            MediaType::Any => "*/*".into(),
            MediaType::Other(s) => s.clone(),
            MediaType::VndPlan {
                for_media,
                format,
                options,
            } => {
                let mut s = format!(
                    "application/vnd.pgrst.plan+{}; for=\"{}\"",
                    match format {
                        PlanFormat::Json => "json",
                        PlanFormat::Text => "text",
                    },
                    for_media.to_mime()
                );
                if !options.is_empty() {
                    s.push_str("; options=");
                    s.push_str(
                        &options
                            .iter()
                            .map(|o| o.name())
                            .collect::<Vec<_>>()
                            .join("|"),
                    );
                }
                s
            }
        }
    }

    /// The response `Content-Type` value (`toContentType`): the mime type plus
    /// `; charset=utf-8`, except for `application/octet-stream` and unknown types.
    pub fn content_type(&self) -> String {
        match self {
            MediaType::OctetStream | MediaType::Other(_) => self.to_mime(),
            _ => format!("{}; charset=utf-8", self.to_mime()),
        }
    }
}

type Tokens = (String, String, Vec<(String, String)>);

fn is_alnum(c: char) -> bool {
    c.is_alphanumeric()
}

fn spaces(i: &str) -> IResult<&str, &str> {
    take_while(is_space)(i)
}

fn key_val(i: &str) -> IResult<&str, (&str, &str)> {
    let key = take_while1(|c: char| is_alnum(c) || c == '-');
    let quoted = delimited(nchar('"'), take_until("\""), nchar('"'));
    let unquoted = take_while1(|c: char| is_alnum(c) || c == '|' || c == '-');
    separated_pair(key, (spaces, nchar('='), spaces), alt((quoted, unquoted))).parse(i)
}

/// `tokenizeMediaType`: `main/sub(;key=value)*[;]`, trailing input ignored.
fn tokenize(s: &str) -> Option<Tokens> {
    let main = take_while1(|c: char| is_alnum(c) || c == '.' || c == '*');
    let sub = take_while1(|c: char| is_alnum(c) || matches!(c, '.' | '*' | '+' | '-'));
    let param = preceded((spaces, nchar(';'), spaces), key_val);
    let mut parser = (
        main,
        nchar('/'),
        sub,
        many0(param),
        opt((spaces, nchar(';'))),
    );
    let (_, (main, _, sub, params, _)) = parser.parse(s).ok()?;
    Some((
        main.to_owned(),
        sub.to_owned(),
        params
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect(),
    ))
}

/// PostgREST's `decodeMediaType` (type and subtype case-insensitive).
pub fn decode_media_type(s: &str) -> MediaType {
    let (main, sub, params) =
        tokenize(s).unwrap_or_else(|| (s.to_owned(), String::new(), Vec::new()));
    let params: BTreeMap<String, String> = params
        .into_iter()
        .map(|(k, v)| (k.to_lowercase(), v))
        .collect();
    let strip_nulls = params.get("nulls").map(String::as_str) == Some("stripped");
    let plan = |format: PlanFormat| {
        let for_media =
            decode_media_type(params.get("for").map_or("application/json", String::as_str));
        let opts: Vec<&str> = params
            .get("options")
            .map_or_else(|| vec![""], |o| o.split('|').collect());
        let options = [
            PlanOption::Analyze,
            PlanOption::Verbose,
            PlanOption::Settings,
            PlanOption::Buffers,
            PlanOption::Wal,
        ]
        .into_iter()
        .filter(|o| opts.contains(&o.name()))
        .collect();
        MediaType::VndPlan {
            for_media: Box::new(for_media),
            format,
            options,
        }
    };
    match (main.to_lowercase().as_str(), sub.to_lowercase().as_str()) {
        ("application", "json") => MediaType::ApplicationJson,
        ("application", "geo+json") => MediaType::GeoJson,
        ("text", "csv") => MediaType::TextCsv,
        ("text", "plain") => MediaType::TextPlain,
        ("text", "xml") => MediaType::TextXml,
        ("application", "openapi+json") => MediaType::OpenApi,
        ("application", "x-www-form-urlencoded") => MediaType::UrlEncoded,
        ("application", "octet-stream") => MediaType::OctetStream,
        ("application", "vnd.pgrst.plan" | "vnd.pgrst.plan+text") => plan(PlanFormat::Text),
        ("application", "vnd.pgrst.plan+json") => plan(PlanFormat::Json),
        ("application", "vnd.pgrst.object+json" | "vnd.pgrst.object") => {
            MediaType::VndSingularJson { strip_nulls }
        }
        ("application", "vnd.pgrst.array+json" | "vnd.pgrst.array") => {
            if strip_nulls {
                MediaType::VndArrayJsonStrip
            } else {
                MediaType::ApplicationJson
            }
        }
        ("*", "*") => MediaType::Any,
        _ => MediaType::Other(s.to_owned()),
    }
}

/// wai-extra's `parseHttpAccept`: the comma-separated entries with all spaces removed and the
/// `;q=…` part cut off, sorted (stably) by descending q value, then by descending specificity
/// (`;` count minus `*` count). Entries with `q=0` are kept (last).
pub fn accept_entries(header: &str) -> Vec<String> {
    let mut entries: Vec<(String, f64, i64)> = header
        .split(',')
        .map(|entry| {
            let compact: String = entry.chars().filter(|&c| c != ' ').collect();
            let (media, q) = match compact.find(";q=") {
                Some(i) => {
                    let after = &compact[i + 3..];
                    let q_text = after.split(';').next().unwrap_or("");
                    (compact[..i].to_owned(), reads_double(q_text).unwrap_or(1.0))
                }
                None => (compact.clone(), 1.0),
            };
            let specificity = media.matches(';').count() as i64 - media.matches('*').count() as i64;
            (media, q, specificity)
        })
        .collect();
    // Haskell's `compare` on Double: NaN compares GT to everything.
    let cmp_q = |a: f64, b: f64| -> Ordering {
        if a < b {
            Ordering::Less
        } else if a == b {
            Ordering::Equal
        } else {
            Ordering::Greater
        }
    };
    entries.sort_by(|a, b| cmp_q(b.1, a.1).then(b.2.cmp(&a.2)));
    entries.into_iter().map(|(m, _, _)| m).collect()
}

/// The media types a request accepts, best first. No `Accept` header means `*/*`.
pub fn parse_accept(header: Option<&str>) -> Vec<MediaType> {
    match header {
        None => vec![MediaType::Any],
        Some(h) => accept_entries(h)
            .iter()
            .map(|m| decode_media_type(m))
            .collect(),
    }
}

/// The request body's media type. No `Content-Type` header means `application/json`.
pub fn parse_content_type(header: Option<&str>) -> MediaType {
    header.map_or(MediaType::ApplicationJson, decode_media_type)
}

/// `PGRST107` (406) "None of these media types are available: …" for the given accepted
/// types, for when the caller cannot produce any of them.
pub fn media_type_error(accepted: &[MediaType]) -> SyntaxError {
    let list: Vec<String> = accepted.iter().map(MediaType::to_mime).collect();
    SyntaxError::new(
        ErrorCode::MediaType,
        format!(
            "None of these media types are available: {}",
            list.join(", ")
        ),
        None,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_like_postgrest() {
        assert_eq!(
            decode_media_type("application/json"),
            MediaType::ApplicationJson
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.plan;"),
            MediaType::VndPlan {
                for_media: Box::new(MediaType::ApplicationJson),
                format: PlanFormat::Text,
                options: vec![]
            }
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.plan ; for=\"text/xml\" ; options=analyze"),
            MediaType::VndPlan {
                for_media: Box::new(MediaType::TextXml),
                format: PlanFormat::Text,
                options: vec![PlanOption::Analyze]
            }
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.plan+json;for=\"text/csv\""),
            MediaType::VndPlan {
                for_media: Box::new(MediaType::TextCsv),
                format: PlanFormat::Json,
                options: vec![]
            }
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.array+json;nulls=stripped"),
            MediaType::VndArrayJsonStrip
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.array+json"),
            MediaType::ApplicationJson
        );
        assert_eq!(
            decode_media_type("application/vnd.pgrst.object+json;nulls=stripped"),
            MediaType::VndSingularJson { strip_nulls: true }
        );
        assert_eq!(
            decode_media_type("ApplicatIon/vnd.PgRsT.object+json"),
            MediaType::VndSingularJson { strip_nulls: false }
        );
        assert_eq!(
            decode_media_type("application/vnd.twkb"),
            MediaType::Other("application/vnd.twkb".into())
        );
        assert_eq!(decode_media_type("*/*"), MediaType::Any);
    }

    #[test]
    fn accept_order_like_wai() {
        assert_eq!(
            accept_entries(
                "text/plain; q=0.5, text/html;charset=utf-8, text/*;q=0.8;ext=blah, text/x-dvi; q=0.8, text/x-c"
            ),
            vec![
                "text/html;charset=utf-8",
                "text/x-c",
                "text/x-dvi",
                "text/*",
                "text/plain"
            ]
        );
    }
}
