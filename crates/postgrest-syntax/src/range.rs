//! Row ranges: `limit` / `offset` query parameters and the `Range` request header, with
//! PostgREST's `RangeQuery` semantics (ranges over integers from the `ranged-sets` package).

use std::cmp::Ordering;

use nom::{
    IResult, Parser,
    bytes::complete::{tag, take_while, take_while1},
    combinator::{all_consuming, opt},
};

use crate::error::SyntaxError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    BelowAll,
    /// Just below `n` (an inclusive lower bound `n`).
    Below(i128),
    /// Just above `n` (an inclusive upper bound `n`).
    Above(i128),
    AboveAll,
}

impl Bound {
    /// Position on a doubled number line (discrete ordering: `Above(n) == Below(n + 1)`).
    fn key(self) -> (i8, i128) {
        match self {
            Bound::BelowAll => (-1, 0),
            Bound::Below(n) => (0, n.saturating_mul(2).saturating_sub(1)),
            Bound::Above(n) => (0, n.saturating_mul(2).saturating_add(1)),
            Bound::AboveAll => (1, 0),
        }
    }

    fn cmp(self, other: Bound) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// A range of row positions (0-based, both ends inclusive), as PostgREST's `NonnegRange`.
///
/// `limit=n` is `[0, n-1]`, `offset=m` is `[m, ∞)`, both together `[m, m+n-1]`; `limit=0` is
/// the special "limit zero" range `[0, -1]`. An *empty* range (upper below lower) is what a
/// negative limit produces.
#[derive(Debug, Clone, Copy)]
pub struct NonnegRange {
    lower: Bound,
    upper: Bound,
}

impl PartialEq for NonnegRange {
    /// `ranged-sets` equality: all empty ranges are equal; otherwise boundaries compare under
    /// the discrete ordering.
    fn eq(&self, other: &Self) -> bool {
        (self.is_empty() && other.is_empty())
            || (self.lower.cmp(other.lower) == Ordering::Equal
                && self.upper.cmp(other.upper) == Ordering::Equal)
    }
}

impl Eq for NonnegRange {}

impl NonnegRange {
    const EMPTY: NonnegRange = NonnegRange {
        lower: Bound::AboveAll,
        upper: Bound::BelowAll,
    };

    /// `[0, ∞)`: every row (PostgREST's `allRange`).
    pub const ALL: NonnegRange = NonnegRange {
        lower: Bound::Below(0),
        upper: Bound::AboveAll,
    };

    /// The `limit=0` range `[0, -1]`.
    pub const LIMIT_ZERO: NonnegRange = NonnegRange {
        lower: Bound::Below(0),
        upper: Bound::Above(-1),
    };

    /// `[n, ∞)` (`rangeGeq`).
    pub fn from_offset(n: i128) -> NonnegRange {
        NonnegRange {
            lower: Bound::Below(n),
            upper: Bound::AboveAll,
        }
    }

    /// `[lower, upper]`, both inclusive.
    pub fn between(lower: i128, upper: i128) -> NonnegRange {
        NonnegRange {
            lower: Bound::Below(lower),
            upper: Bound::Above(upper),
        }
    }

    fn leq(n: i128) -> NonnegRange {
        NonnegRange {
            lower: Bound::BelowAll,
            upper: Bound::Above(n),
        }
    }

    /// Whether no row can be in the range (`rangeIsEmpty`).
    pub fn is_empty(&self) -> bool {
        self.upper.cmp(self.lower) != Ordering::Greater
    }

    /// Whether this is `[0, ∞)`, i.e. no `LIMIT`/`OFFSET` is needed.
    pub fn is_all(&self) -> bool {
        *self == NonnegRange::ALL
    }

    /// `hasLimitZero`: the upper bound is the one `limit=0` produces.
    pub fn has_limit_zero(&self) -> bool {
        self.upper.cmp(Bound::Above(-1)) == Ordering::Equal
    }

    /// The `OFFSET` (`rangeOffset`); `None` for a range without lower bound (PostgREST would
    /// crash there; it never happens for ranges built by this crate except the internal empty
    /// range).
    pub fn offset(&self) -> Option<i128> {
        match self.lower {
            Bound::Below(n) => Some(n),
            _ => None,
        }
    }

    /// The `LIMIT` (`rangeLimit`): `upper - lower + 1` when both ends are finite.
    pub fn limit(&self) -> Option<i128> {
        match (self.lower, self.upper) {
            (Bound::Below(l), Bound::Above(u)) => Some(u.saturating_sub(l).saturating_add(1)),
            _ => None,
        }
    }

    /// The inclusive upper bound, if finite.
    pub fn upper(&self) -> Option<i128> {
        match self.upper {
            Bound::Above(u) => Some(u),
            _ => None,
        }
    }

    /// `rangeIntersection`.
    pub fn intersection(&self, other: &NonnegRange) -> NonnegRange {
        if self.is_empty() || other.is_empty() {
            return NonnegRange::EMPTY;
        }
        let lower = if self.lower.cmp(other.lower) == Ordering::Less {
            other.lower
        } else {
            self.lower
        };
        let upper = if self.upper.cmp(other.upper) == Ordering::Greater {
            other.upper
        } else {
            self.upper
        };
        NonnegRange { lower, upper }
    }

    /// `restrictRange (Just limit)`: caps the range to `limit` rows from its offset.
    pub fn restrict(&self, limit: i128) -> NonnegRange {
        let offset = self.offset().unwrap_or(0);
        self.intersection(&NonnegRange {
            lower: Bound::BelowAll,
            upper: Bound::Above(offset.saturating_add(limit).saturating_sub(1)),
        })
    }

    /// `convertToLimitZeroRange self fallback`.
    fn limit_zero_or(&self, fallback: NonnegRange) -> NonnegRange {
        if self.has_limit_zero() {
            NonnegRange::LIMIT_ZERO
        } else {
            fallback
        }
    }
}

/// Parses a `Range` request header value as PostgREST does (`^([0-9]+)-([0-9]*)$`, e.g.
/// `0-9` or `10-`); anything else means "all rows". `Range-Unit` is ignored by PostgREST.
///
/// The result may be empty (`5-2`), which [`ParsedQuery::resolve_ranges`](crate::ParsedQuery::resolve_ranges)
/// reports as `PGRST103`.
pub fn parse_range_header(value: &str) -> NonnegRange {
    fn digits(i: &str) -> IResult<&str, &str> {
        take_while1(|c: char| c.is_ascii_digit())(i)
    }
    let parsed: IResult<&str, (&str, &str, Option<&str>)> = all_consuming((
        digits,
        tag("-"),
        opt(take_while(|c: char| c.is_ascii_digit())),
    ))
    .parse(value);
    match parsed {
        Ok((_, (lower, _, upper))) => {
            let lower = lower
                .parse::<i128>()
                .ok()
                .map_or(NonnegRange::EMPTY, NonnegRange::from_offset);
            let upper = match upper {
                Some(u) if !u.is_empty() => {
                    u.parse::<i128>().map_or(NonnegRange::ALL, NonnegRange::leq)
                }
                _ => NonnegRange::ALL,
            };
            lower.intersection(&upper)
        }
        Err(_) => NonnegRange::ALL,
    }
}

/// `Content-Range` header value for rows `lower..=upper` of `total` (PostgREST's
/// `contentRangeH`): `0-9/57`, `*/0`, `0-4/*`, `*/*`.
pub fn content_range(lower: i128, upper: i128, total: Option<i64>) -> String {
    use std::fmt::Write as _;
    // Written into one string: this header is on every read's answer.
    let mut out = String::with_capacity(24);
    if total != Some(0) && lower <= upper {
        let _ = write!(out, "{lower}-{upper}");
    } else {
        out.push('*');
    }
    out.push('/');
    match total {
        Some(total) => {
            let _ = write!(out, "{total}");
        }
        None => out.push('*'),
    }
    out
}

/// A `limit`/`offset` range of one resource level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeParam {
    /// The query key with `.offset` rewritten to `.limit` (`limit`, `actors.limit`), as
    /// PostgREST keys its range map.
    pub key: String,
    /// The embed path parsed from the key (empty for the root).
    pub embed_path: Vec<String>,
    pub range: NonnegRange,
}

/// Ranges after combining the query with the method and `Range` header (PostgREST's
/// `getRanges`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedRanges {
    /// The root range (`iTopLevelRange`).
    pub top_level: NonnegRange,
    /// Every level's range, the root entry (`limit`) replaced by the header-intersected one.
    pub ranges: Vec<RangeParam>,
}

pub(crate) fn resolve(
    params: &[RangeParam],
    method: &str,
    range_header: Option<&str>,
) -> Result<ResolvedRanges, SyntaxError> {
    let header_range = if method == "GET" {
        range_header.map_or(NonnegRange::ALL, parse_range_header)
    } else {
        NonnegRange::ALL
    };
    let limit_range = params
        .iter()
        .find(|p| p.key == "limit")
        .map_or(NonnegRange::ALL, |p| p.range);
    let header_and_limit = header_range.intersection(&limit_range);
    let top_level = limit_range.limit_zero_or(header_and_limit);
    let mut ranges: Vec<RangeParam> = params.to_vec();
    match ranges.iter_mut().find(|p| p.key == "limit") {
        Some(p) => p.range = top_level,
        None => {
            ranges.push(RangeParam {
                key: "limit".into(),
                embed_path: Vec::new(),
                range: top_level,
            });
            ranges.sort_by(|a, b| a.key.cmp(&b.key));
        }
    }
    if top_level.is_empty() && !limit_range.has_limit_zero() {
        return Err(if header_range.is_empty() {
            SyntaxError::lower_gt_upper()
        } else {
            SyntaxError::negative_limit()
        });
    }
    if method == "PUT" && top_level != NonnegRange::ALL {
        return Err(SyntaxError::put_limit_not_allowed());
    }
    Ok(ResolvedRanges { top_level, ranges })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_range_texts() {
        assert_eq!(content_range(0, 9, Some(57)), "0-9/57");
        assert_eq!(content_range(0, -1, Some(0)), "*/0");
        assert_eq!(content_range(0, 4, None), "0-4/*");
        assert_eq!(content_range(0, -1, None), "*/*");
    }

    #[test]
    fn discrete_equality() {
        assert_eq!(NonnegRange::between(0, -1), NonnegRange::LIMIT_ZERO);
        assert!(NonnegRange::LIMIT_ZERO.is_empty());
        assert_eq!(NonnegRange::between(3, 2), NonnegRange::EMPTY);
        assert_eq!(NonnegRange::ALL.restrict(10), NonnegRange::between(0, 9));
        assert_eq!(NonnegRange::ALL.limit(), None);
        assert_eq!(NonnegRange::between(5, 14).limit(), Some(10));
    }
}
