//! The `Prefer` request header (RFC 7240) as PostgREST v14 interprets it
//! (`ApiRequest/Preferences.hs`).

use nom::{IResult, Parser, bytes::complete::tag, combinator::rest, sequence::preceded};

use crate::error::{ErrorCode, SyntaxError};
use crate::haskell::read_int64;

/// `resolution=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferResolution {
    MergeDuplicates,
    IgnoreDuplicates,
}

/// `return=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferReturn {
    /// `return=representation`
    Representation,
    /// `return=minimal`
    Minimal,
    /// `return=headers-only`
    HeadersOnly,
}

/// `count=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferCount {
    Exact,
    Planned,
    Estimated,
}

impl PreferCount {
    /// Whether a `COUNT(*)` query is needed (`exact`, `estimated`).
    pub fn should_count(self) -> bool {
        matches!(self, PreferCount::Exact | PreferCount::Estimated)
    }

    /// Whether an `EXPLAIN` estimate is needed (`planned`, `estimated`).
    pub fn should_explain(self) -> bool {
        matches!(self, PreferCount::Planned | PreferCount::Estimated)
    }
}

/// `tx=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferTransaction {
    Commit,
    Rollback,
}

/// `missing=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferMissing {
    /// `missing=default`
    ApplyDefaults,
    /// `missing=null`
    ApplyNulls,
}

/// `handling=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferHandling {
    Strict,
    Lenient,
}

/// Parsed preferences. For every family the first occurrence (across all `Prefer` headers, in
/// order) wins.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preferences {
    pub resolution: Option<PreferResolution>,
    pub representation: Option<PreferReturn>,
    pub count: Option<PreferCount>,
    /// Only set when the caller allows transaction overrides (`db-tx-end` =
    /// `*-allow-override`); otherwise `tx=` is accepted but ignored.
    pub transaction: Option<PreferTransaction>,
    pub missing: Option<PreferMissing>,
    pub handling: Option<PreferHandling>,
    /// `timezone=<tz>`, only when the caller's validator accepted the (first) value.
    pub timezone: Option<String>,
    /// `max-affected=<n>` (first occurrence; unparseable values give `None`).
    pub max_affected: Option<i64>,
    /// Unrecognised preferences, verbatim (after trimming), in order.
    pub invalid: Vec<String>,
}

const FAMILIES: &[(&str, Pref)] = &[
    (
        "resolution=merge-duplicates",
        Pref::Resolution(PreferResolution::MergeDuplicates),
    ),
    (
        "resolution=ignore-duplicates",
        Pref::Resolution(PreferResolution::IgnoreDuplicates),
    ),
    (
        "return=representation",
        Pref::Return(PreferReturn::Representation),
    ),
    ("return=minimal", Pref::Return(PreferReturn::Minimal)),
    (
        "return=headers-only",
        Pref::Return(PreferReturn::HeadersOnly),
    ),
    ("count=exact", Pref::Count(PreferCount::Exact)),
    ("count=planned", Pref::Count(PreferCount::Planned)),
    ("count=estimated", Pref::Count(PreferCount::Estimated)),
    ("tx=commit", Pref::Tx(PreferTransaction::Commit)),
    ("tx=rollback", Pref::Tx(PreferTransaction::Rollback)),
    (
        "missing=default",
        Pref::Missing(PreferMissing::ApplyDefaults),
    ),
    ("missing=null", Pref::Missing(PreferMissing::ApplyNulls)),
    ("handling=strict", Pref::Handling(PreferHandling::Strict)),
    ("handling=lenient", Pref::Handling(PreferHandling::Lenient)),
];

#[derive(Debug, Clone, Copy)]
enum Pref {
    Resolution(PreferResolution),
    Return(PreferReturn),
    Count(PreferCount),
    Tx(PreferTransaction),
    Missing(PreferMissing),
    Handling(PreferHandling),
}

fn known(p: &str) -> Option<Pref> {
    FAMILIES
        .iter()
        .find(|(text, _)| *text == p)
        .map(|(_, v)| *v)
}

fn strip_prefix<'a>(prefix: &'static str, p: &'a str) -> Option<&'a str> {
    let parsed: IResult<&str, &str> = preceded(tag(prefix), rest).parse(p);
    parsed.ok().map(|(_, v)| v)
}

/// `Data.ByteString.Char8.strip`: ASCII whitespace and NBSP.
fn bs_strip(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{A0}'))
}

/// Parses all `Prefer` header values of a request (pass every `Prefer` header, in order;
/// header names are case-insensitive, so collect them before calling).
///
/// * `allow_tx_override`: whether `tx=commit|rollback` is honoured (PostgREST's
///   `db-tx-end = commit-allow-override | rollback-allow-override`).
/// * `is_valid_timezone`: whether a `timezone=` value names a zone known to the database
///   (`pg_timezone_names`); rejected zones are ignored (and count as invalid preferences).
pub fn parse_prefer<'h>(
    headers: impl IntoIterator<Item = &'h str>,
    allow_tx_override: bool,
    is_valid_timezone: impl Fn(&str) -> bool,
) -> Preferences {
    let prefs: Vec<&str> = headers
        .into_iter()
        .flat_map(|h| h.split(','))
        .map(bs_strip)
        .collect();
    let mut out = Preferences::default();
    for p in &prefs {
        match known(p) {
            Some(Pref::Resolution(v)) => {
                out.resolution.get_or_insert(v);
            }
            Some(Pref::Return(v)) => {
                out.representation.get_or_insert(v);
            }
            Some(Pref::Count(v)) => {
                out.count.get_or_insert(v);
            }
            Some(Pref::Tx(v)) if allow_tx_override => {
                out.transaction.get_or_insert(v);
            }
            Some(Pref::Tx(_)) => {}
            Some(Pref::Missing(v)) => {
                out.missing.get_or_insert(v);
            }
            Some(Pref::Handling(v)) => {
                out.handling.get_or_insert(v);
            }
            None => {}
        }
    }
    let first_timezone = prefs.iter().find_map(|p| strip_prefix("timezone=", p));
    let timezone_accepted = first_timezone.is_some_and(&is_valid_timezone);
    if timezone_accepted {
        out.timezone = first_timezone.map(str::to_owned);
    }
    out.max_affected = prefs
        .iter()
        .find_map(|p| strip_prefix("max-affected=", p))
        .and_then(read_int64);
    out.invalid = prefs
        .iter()
        .filter(|p| {
            known(p).is_none()
                && (strip_prefix("timezone=", p).is_none() || !timezone_accepted)
                && strip_prefix("max-affected=", p).is_none()
        })
        .map(|p| (*p).to_owned())
        .collect();
    out
}

impl Preferences {
    /// `PGRST122` when `handling=strict` and some preference was not recognised.
    pub fn check_strict(&self) -> Result<(), SyntaxError> {
        if self.handling == Some(PreferHandling::Strict) && !self.invalid.is_empty() {
            return Err(SyntaxError::new(
                ErrorCode::InvalidPreferences,
                "Invalid preferences given with handling=strict".into(),
                Some(format!("Invalid preferences: {}", self.invalid.join(", "))),
                None,
            ));
        }
        Ok(())
    }

    /// `Preference-Applied` value listing every parsed preference in PostgREST's order
    /// (resolution, missing, return, count, tx, handling, timezone, max-affected with strict
    /// handling). PostgREST filters this per action (e.g. `return` only for mutations); the
    /// caller must drop the preferences it did not honour.
    pub fn applied_header(&self) -> Option<String> {
        let mut vals: Vec<String> = Vec::new();
        if let Some(r) = self.resolution {
            vals.push(
                match r {
                    PreferResolution::MergeDuplicates => "resolution=merge-duplicates",
                    PreferResolution::IgnoreDuplicates => "resolution=ignore-duplicates",
                }
                .into(),
            );
        }
        if let Some(m) = self.missing {
            vals.push(
                match m {
                    PreferMissing::ApplyDefaults => "missing=default",
                    PreferMissing::ApplyNulls => "missing=null",
                }
                .into(),
            );
        }
        if let Some(r) = self.representation {
            vals.push(
                match r {
                    PreferReturn::Representation => "return=representation",
                    PreferReturn::Minimal => "return=minimal",
                    PreferReturn::HeadersOnly => "return=headers-only",
                }
                .into(),
            );
        }
        if let Some(c) = self.count {
            vals.push(
                match c {
                    PreferCount::Exact => "count=exact",
                    PreferCount::Planned => "count=planned",
                    PreferCount::Estimated => "count=estimated",
                }
                .into(),
            );
        }
        if let Some(t) = self.transaction {
            vals.push(
                match t {
                    PreferTransaction::Commit => "tx=commit",
                    PreferTransaction::Rollback => "tx=rollback",
                }
                .into(),
            );
        }
        if let Some(h) = self.handling {
            vals.push(
                match h {
                    PreferHandling::Strict => "handling=strict",
                    PreferHandling::Lenient => "handling=lenient",
                }
                .into(),
            );
        }
        if let Some(tz) = &self.timezone {
            vals.push(format!("timezone={tz}"));
        }
        if self.handling == Some(PreferHandling::Strict)
            && let Some(n) = self.max_affected
        {
            vals.push(format!("max-affected={n}"));
        }
        if vals.is_empty() {
            None
        } else {
            Some(vals.join(", "))
        }
    }
}
