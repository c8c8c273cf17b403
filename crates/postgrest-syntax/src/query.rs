//! Query-string splitting, decoding and classification (PostgREST's `QueryParams.parse`).

use std::collections::{BTreeMap, BTreeSet};

use crate::ast::{EmbedPath, Filter, LogicTree, Operation, OrderTerm, SelectItem};
use crate::error::{ErrorCode, SyntaxError};
use crate::grammar;
use crate::haskell::read_integer;
use crate::parsec::{self, Cx, PR, St, alt, map, pure};
use crate::range::{self, NonnegRange, RangeParam, ResolvedRanges};
use crate::urlencoded::{APIKEY, canonical, split_query};

/// Default limit on the nesting of embeds in `select=` and of `and`/`or` trees.
pub const DEFAULT_MAX_DEPTH: u32 = 32;
/// Default cap on the items of `select=` over all embed levels (PostgreSQL stops at 1664 per
/// target list, and a request that size is an attack, not a page).
pub const DEFAULT_MAX_SELECT_ITEMS: usize = 500;
/// Default cap on filters: the filter parameters plus the leaves of every `and`/`or` tree.
pub const DEFAULT_MAX_FILTERS: usize = 200;

/// Options for [`parse_query_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryOptions {
    /// `GET`/`HEAD` on `/rpc/fn`: a parameter whose value is not an operator expression is a
    /// function argument ([`ParsedQuery::rpc_args`]) instead of a `PGRST100` error.
    pub rpc_read: bool,
    /// Maximum nesting of embedded resources in `select=` and of logic trees; deeper input is
    /// rejected with `PGRST100` instead of recursing further.
    pub max_depth: u32,
    /// Maximum items in `select=`, counted over every embed level; more is `PGRST100`.
    pub max_select_items: usize,
    /// Maximum filters (filter parameters plus logic-tree leaves); more is `PGRST100`.
    pub max_filters: usize,
}

impl Default for QueryOptions {
    fn default() -> Self {
        QueryOptions {
            rpc_read: false,
            max_depth: DEFAULT_MAX_DEPTH,
            max_select_items: DEFAULT_MAX_SELECT_ITEMS,
            max_filters: DEFAULT_MAX_FILTERS,
        }
    }
}

/// A filter together with the embed path it applies to (`actors.name=eq.x`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScopedFilter {
    pub embed_path: EmbedPath,
    pub filter: Filter,
}

/// A logic tree (`or=`, `not.and=`, `actors.or=`) with its embed path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScopedLogic {
    pub embed_path: EmbedPath,
    pub tree: LogicTree,
}

/// An `order=` parameter with its embed path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScopedOrder {
    pub embed_path: EmbedPath,
    pub terms: Vec<OrderTerm>,
}

/// The parsed query string of one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedQuery {
    /// `select=`; `*` when absent (an explicit empty `select=` selects nothing).
    pub select: Vec<SelectItem>,
    /// Filters in query order (filters on the same column are AND-ed).
    pub filters: Vec<ScopedFilter>,
    /// `and`/`or` trees in query order.
    pub logic: Vec<ScopedLogic>,
    /// `order` parameters in query order.
    pub order: Vec<ScopedOrder>,
    /// `limit`/`offset` per level, sorted by key (see [`ParsedQuery::resolve_ranges`]).
    pub ranges: Vec<RangeParam>,
    /// `columns=` (a set, as in PostgREST).
    pub columns: Option<BTreeSet<String>>,
    /// `on_conflict=`.
    pub on_conflict: Option<Vec<String>>,
    /// RPC read arguments `(name, raw value)` (only with [`QueryOptions::rpc_read`]).
    pub rpc_args: Vec<(String, String)>,
    /// The raw keys of all filter-like parameters (filters and RPC arguments).
    pub filter_fields: BTreeSet<String>,
    /// Canonical query string (keys sorted, re-encoded, duplicates joined with `,`), used by
    /// PostgREST for `Content-Location`.
    pub canonical: String,
}

impl ParsedQuery {
    /// Filters on the root resource (the ones applied to `UPDATE`/`DELETE`).
    pub fn root_filters(&self) -> impl Iterator<Item = &Filter> {
        self.filters
            .iter()
            .filter(|f| f.embed_path.is_empty())
            .map(|f| &f.filter)
    }

    /// Filters on embedded resources.
    pub fn embedded_filters(&self) -> impl Iterator<Item = &ScopedFilter> {
        self.filters.iter().filter(|f| !f.embed_path.is_empty())
    }

    /// Whether `select=` uses aggregate functions anywhere (PostgREST refuses them with
    /// `PGRST123` unless `db-aggregates-enabled`).
    pub fn uses_aggregates(&self) -> bool {
        self.select.iter().any(SelectItem::uses_aggregates)
    }

    /// The root `limit`/`offset` range as given in the query (before the `Range` header).
    pub fn root_range(&self) -> NonnegRange {
        self.ranges
            .iter()
            .find(|r| r.key == "limit")
            .map_or(NonnegRange::ALL, |r| r.range)
    }

    /// Combines `limit`/`offset` with the request method and `Range` header (honoured on `GET`
    /// only) like PostgREST's `getRanges`: errors are `PGRST103` (negative limit, or a `Range`
    /// whose lower bound exceeds its upper bound) and `PGRST114` (`limit`/`offset` on `PUT`).
    pub fn resolve_ranges(
        &self,
        method: &str,
        range_header: Option<&str>,
    ) -> Result<ResolvedRanges, SyntaxError> {
        range::resolve(&self.ranges, method, range_header)
    }
}

fn count_select_items(items: &[SelectItem]) -> usize {
    items
        .iter()
        .map(|item| match item {
            SelectItem::Field { .. } => 1,
            SelectItem::Relation { children, .. } | SelectItem::Spread { children, .. } => {
                1 + count_select_items(children)
            }
        })
        .sum()
}

fn count_leaves(tree: &LogicTree) -> usize {
    match tree {
        LogicTree::Expr { children, .. } => children.iter().map(count_leaves).sum(),
        LogicTree::Stmnt(_) => 1,
    }
}

/// Parses a raw (still percent-encoded) URL query string, e.g.
/// `select=id,name&id=eq.1&order=name.desc`. A leading `?` is ignored.
///
/// Errors are `PGRST100` with PostgREST's texts. Like PostgREST, parameters are examined in
/// this order and the first failure is reported: every `order`, every `and`/`or`, `columns`,
/// `select`, every filter, `on_conflict`, then the keys of `limit`/`offset` parameters.
pub fn parse_query(query: &str) -> Result<ParsedQuery, SyntaxError> {
    parse_query_with(query, &QueryOptions::default())
}

/// [`parse_query`] with options (RPC reads, nesting limit).
pub fn parse_query_with(query: &str, opts: &QueryOptions) -> Result<ParsedQuery, SyntaxError> {
    let raw = split_query(query.as_bytes());
    let params: Vec<(String, Option<String>)> = raw
        .iter()
        .map(|(k, v)| {
            (
                String::from_utf8_lossy(k).into_owned(),
                v.as_ref().map(|v| String::from_utf8_lossy(v).into_owned()),
            )
        })
        .filter(|(k, _)| k != APIKEY)
        .collect();
    let nonempty: Vec<(&str, &str)> = params
        .iter()
        .filter_map(|(k, v)| v.as_deref().map(|v| (k.as_str(), v)))
        .collect();
    let lookup = |needle: &str| -> Option<&str> {
        params
            .iter()
            .find(|(k, _)| k == needle)
            .and_then(|(_, v)| v.as_deref())
    };
    let max_depth = opts.max_depth;

    let mut order = Vec::new();
    for (k, v) in nonempty.iter().filter(|(k, _)| last_segment(k) == "order") {
        let (embed_path, _) = run_param(
            || format!("tree path ({k})"),
            k,
            max_depth,
            grammar::tree_path,
        )?;
        let terms = run_param(|| format!("order ({v})"), v, max_depth, grammar::order)?;
        order.push(ScopedOrder { embed_path, terms });
    }

    let mut logic = Vec::new();
    for (k, v) in nonempty
        .iter()
        .filter(|(k, _)| matches!(last_segment(k), "and" | "or"))
    {
        let (embed_path, op) = run_param(
            || format!("logic path ({k})"),
            k,
            max_depth,
            grammar::logic_path,
        )?;
        let tree = run_param(
            || format!("logic tree ({v})"),
            &format!("{op}{v}"),
            max_depth,
            grammar::logic_tree,
        )?;
        logic.push(ScopedLogic { embed_path, tree });
    }

    let columns = match lookup("columns") {
        Some(v) => Some(
            run_param(
                || format!("columns parameter ({v})"),
                v,
                max_depth,
                grammar::columns,
            )?
            .into_iter()
            .collect::<BTreeSet<_>>(),
        ),
        None => None,
    };

    let select_text = lookup("select").unwrap_or("*");
    let select = run_param(
        || format!("select parameter ({select_text})"),
        select_text,
        max_depth,
        grammar::field_forest,
    )?;

    let mut filters = Vec::new();
    let mut rpc_args = Vec::new();
    let mut filter_fields = BTreeSet::new();
    for (k, v) in nonempty.iter().filter(|(k, _)| is_filter_key(k)) {
        filter_fields.insert((*k).to_owned());
        let (embed_path, field) = run_param(
            || format!("tree path ({k})"),
            k,
            max_depth,
            grammar::tree_path,
        )?;
        let rpc_read = opts.rpc_read;
        let op = run_param(
            || format!("filter ({v})"),
            v,
            max_depth,
            |cx: &mut Cx<'_>, st: St| -> PR<Option<(bool, Operation)>> {
                if rpc_read {
                    alt(
                        cx,
                        st,
                        |cx, st| map(grammar::op_expr(cx, st, grammar::single_val), Some),
                        |_, st| pure(st, None),
                    )
                } else {
                    map(grammar::op_expr(cx, st, grammar::single_val), Some)
                }
            },
        )?;
        match op {
            Some((negated, operation)) => filters.push(ScopedFilter {
                embed_path,
                filter: Filter {
                    field,
                    negated,
                    operation,
                },
            }),
            None => rpc_args.push((field.name, (*v).to_owned())),
        }
    }

    let on_conflict = match lookup("on_conflict") {
        Some(v) => Some(run_param(
            || format!("on_conflict parameter ({v})"),
            v,
            max_depth,
            grammar::columns,
        )?),
        None => None,
    };

    let ranges = collect_ranges(&nonempty, max_depth)?;

    let select_items = count_select_items(&select);
    if select_items > opts.max_select_items {
        return Err(SyntaxError::too_many(
            "select",
            "items",
            select_items,
            opts.max_select_items,
        ));
    }
    let filter_count = filters.len()
        + logic
            .iter()
            .map(|scoped| count_leaves(&scoped.tree))
            .sum::<usize>();
    if filter_count > opts.max_filters {
        return Err(SyntaxError::too_many(
            "filter",
            "filters",
            filter_count,
            opts.max_filters,
        ));
    }

    Ok(ParsedQuery {
        select,
        filters,
        logic,
        order,
        ranges,
        columns,
        on_conflict,
        rpc_args,
        filter_fields,
        canonical: canonical(&raw),
    })
}

/// Runs one grammar production over a parameter; failures become `PGRST100` with PostgREST's
/// `"failed to parse <what>" (line l, column c)` message.
fn run_param<T>(
    what: impl FnOnce() -> String,
    input: &str,
    max_depth: u32,
    p: impl Fn(&mut Cx<'_>, St) -> PR<T>,
) -> Result<T, SyntaxError> {
    parsec::run(input, max_depth, p).map_err(|err| {
        let (message, details) =
            parsec::render_failure(&format!("failed to parse {}", what()), &err);
        SyntaxError::new(ErrorCode::QueryParam, message, Some(details), None)
    })
}

fn last_segment(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

fn is_filter_key(key: &str) -> bool {
    !matches!(
        last_segment(key),
        "order" | "limit" | "offset" | "and" | "or"
    ) && !matches!(key, "select" | "columns" | "on_conflict")
}

fn collect_ranges(
    nonempty: &[(&str, &str)],
    max_depth: u32,
) -> Result<Vec<RangeParam>, SyntaxError> {
    // HM.fromList: the last occurrence of a key wins.
    let mut limits: BTreeMap<String, NonnegRange> = BTreeMap::new();
    let mut offsets: BTreeMap<String, NonnegRange> = BTreeMap::new();
    for (k, v) in nonempty {
        match last_segment(k) {
            "limit" => {
                let r = read_integer(v).map_or(NonnegRange::ALL, |l| NonnegRange::ALL.restrict(l));
                limits.insert((*k).to_owned(), r);
            }
            "offset" => {
                let key = match k.rfind('.') {
                    Some(i) => format!("{}.limit", &k[..i]),
                    None => "limit".to_owned(),
                };
                let r = read_integer(v).map_or(NonnegRange::ALL, NonnegRange::from_offset);
                offsets.insert(key, r);
            }
            _ => {}
        }
    }
    let mut merged = limits.clone();
    for (k, ro) in offsets {
        let r = match limits.get(&k) {
            Some(rl) => {
                let l = rl.limit().unwrap_or(0);
                let o = ro.offset().unwrap_or(0);
                NonnegRange::between(o, o.saturating_add(l).saturating_sub(1))
            }
            None => ro,
        };
        merged.insert(k, r);
    }
    let mut out = Vec::with_capacity(merged.len());
    for (key, range) in merged {
        let (embed_path, _) = run_param(
            || format!("tree path ({key})"),
            &key,
            max_depth,
            grammar::tree_path,
        )?;
        out.push(RangeParam {
            key,
            embed_path,
            range,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    fn aliased_columns(n: usize) -> String {
        let items: Vec<String> = (0..n).map(|i| format!("c{i}:id")).collect();
        format!("select={}", items.join(","))
    }

    /// An embed is an item of its parent, and its children are items too.
    #[test]
    fn select_items_are_counted_over_every_embed_level() {
        let opts = QueryOptions {
            max_select_items: 5,
            ..QueryOptions::default()
        };
        assert!(parse_query_with("select=id,a(id,b(id))", &opts).is_ok());
        let err = parse_query_with("select=id,a(id,b(id,x))", &opts).unwrap_err();
        assert_eq!(err.code(), "PGRST100");
        assert_eq!(
            err.message(),
            "\"failed to parse select parameter\" (too many items)"
        );
        assert_eq!(
            err.details(),
            Some("The request has 6 items; at most 5 are allowed.")
        );
        let default_cap = parse_query(&aliased_columns(1700)).unwrap_err();
        assert_eq!(default_cap.code(), "PGRST100");
        assert!(parse_query(&aliased_columns(DEFAULT_MAX_SELECT_ITEMS)).is_ok());
    }

    #[test]
    fn filters_count_logic_tree_leaves() {
        let opts = QueryOptions {
            max_filters: 3,
            ..QueryOptions::default()
        };
        assert!(parse_query_with("a=eq.1&or=(b.eq.1,c.eq.2)", &opts).is_ok());
        let err = parse_query_with("a=eq.1&or=(b.eq.1,and(c.eq.2,d.eq.3))", &opts).unwrap_err();
        assert_eq!(
            err.details(),
            Some("The request has 4 filters; at most 3 are allowed.")
        );
    }
}
