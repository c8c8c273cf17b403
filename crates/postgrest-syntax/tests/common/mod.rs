//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::fmt::{self, Write as _};

use cb_postgrest_syntax::{
    Field, Filter, JsonOperand, LogicTree, NonnegRange, OrderTerm, ParsedQuery, QueryOptions,
    SelectItem, SyntaxError, parse_query_with,
};

mod parts;
pub(crate) use parts::*;

/// `application/x-www-form-urlencoded` serialisation as WHATWG `URLSearchParams` does it (what
/// postgrest-js sends): `A-Z a-z 0-9 * - . _` literal, space as `+`, the rest percent-encoded.
pub(crate) fn form_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// Builds a query string from decoded pairs, encoded like postgrest-js.
pub(crate) fn encode_pairs(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", form_encode(k), form_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Renders an error like PostgREST's JSON body (keys sorted, nulls explicit).
pub(crate) fn render_error(e: &SyntaxError) -> String {
    fn j(s: Option<&str>) -> String {
        s.map_or_else(|| "null".to_owned(), |s| format!("{s:?}"))
    }
    format!(
        "{} {{\"code\":{:?},\"details\":{},\"hint\":{},\"message\":{:?}}}",
        e.http_status(),
        e.code(),
        j(e.details()),
        j(e.hint()),
        e.message()
    )
}

pub(crate) fn field(f: &Field) -> String {
    let mut s = format!("{:?}", f.name);
    for (arrow, operand) in json_steps(f) {
        match operand {
            JsonOperand::Key(k) => {
                let _ = write!(s, "{arrow}{k:?}");
            }
            JsonOperand::Idx(i) => {
                let _ = write!(s, "{arrow}[{i}]");
            }
        }
    }
    s
}

/// ` label=value` (the value as `{:?}` writes it), or nothing when absent.
fn opt(label: &str, v: Option<impl fmt::Debug>) -> String {
    v.map_or_else(String::new, |v| format!(" {label}={v:?}"))
}

pub(crate) fn select_item(out: &mut String, indent: usize, item: &SelectItem) {
    let pad = "  ".repeat(indent);
    match item_parts(item) {
        ItemParts::Field(f) => {
            let _ = writeln!(
                out,
                "{pad}- field {}{}{}{}{}",
                field(f.field),
                opt("cast", f.cast),
                opt("agg", f.aggregate),
                opt("aggcast", f.aggregate_cast),
                opt("alias", f.alias)
            );
        }
        ItemParts::Embed(embed) => {
            let kind = if embed.spread { "spread" } else { "relation" };
            let join = embed
                .join_type
                .map_or_else(String::new, |j| format!(" join={j}"));
            let _ = writeln!(
                out,
                "{pad}- {kind} {:?}{}{}{join}",
                embed.relation,
                opt("alias", embed.alias),
                opt("hint", embed.hint)
            );
            for c in embed.children {
                select_item(out, indent + 1, c);
            }
        }
    }
}

pub(crate) fn filter(f: &Filter) -> String {
    let OperationParts {
        keyword,
        qualifier,
        operand,
    } = operation_parts(&f.operation);
    let qualifier = match qualifier {
        Some(Qualifier::Quantifier(q)) => format!("({q:?})"),
        Some(Qualifier::Language(l)) => format!("({l:?})"),
        None => String::new(),
    };
    let operand = match operand {
        Operand::Value(v) => format!("{v:?}"),
        Operand::List(items) => format!("{items:?}"),
        Operand::Is(v) => format!("{v:?}"),
    };
    let not = not_prefix(f.negated);
    format!("{} {not}{keyword}{qualifier} {operand}", field(&f.field))
}

pub(crate) fn logic(out: &mut String, indent: usize, t: &LogicTree) {
    let pad = "  ".repeat(indent);
    match t {
        LogicTree::Stmnt(f) => {
            let _ = writeln!(out, "{pad}- {}", filter(f));
        }
        LogicTree::Expr {
            negated,
            op,
            children,
        } => {
            let not = not_prefix(*negated);
            let op = logic_keyword(*op);
            let _ = writeln!(out, "{pad}- {not}{op}");
            for c in children {
                logic(out, indent + 1, c);
            }
        }
    }
}

pub(crate) fn order_term(t: &OrderTerm) -> String {
    let OrderParts {
        relation,
        field: f,
        direction,
        nulls,
    } = order_parts(t);
    let mut s = match relation {
        Some(relation) => format!("{relation:?}({})", field(f)),
        None => field(f),
    };
    if let Some(d) = direction {
        let _ = write!(s, " {d:?}");
    }
    if let Some(n) = nulls {
        let _ = write!(s, " nulls{n:?}");
    }
    s
}

pub(crate) fn range(r: &NonnegRange) -> String {
    if r.is_empty() {
        return format!("EMPTY(offset={:?}, upper={:?})", r.offset(), r.upper());
    }
    match (r.offset(), r.limit()) {
        (Some(o), Some(l)) => format!("offset={o} limit={l}"),
        (Some(o), None) => format!("offset={o} limit=ALL"),
        (o, l) => format!("offset={o:?} limit={l:?}"),
    }
}

/// A compact, explicit rendering of a parsed query (strings shown with Rust escapes).
pub(crate) fn render_query(q: &ParsedQuery) -> String {
    let mut out = String::new();
    out.push_str("select:\n");
    for item in &q.select {
        select_item(&mut out, 1, item);
    }
    for f in &q.filters {
        let _ = writeln!(out, "filter {:?}: {}", f.embed_path, filter(&f.filter));
    }
    for l in &q.logic {
        let _ = writeln!(out, "logic {:?}:", l.embed_path);
        logic(&mut out, 1, &l.tree);
    }
    for o in &q.order {
        let terms: Vec<String> = o.terms.iter().map(order_term).collect();
        let _ = writeln!(out, "order {:?}: {}", o.embed_path, terms.join(", "));
    }
    for r in &q.ranges {
        let _ = writeln!(
            out,
            "range {:?} {:?}: {}",
            r.key,
            r.embed_path,
            range(&r.range)
        );
    }
    if let Some(c) = &q.columns {
        let _ = writeln!(out, "columns: {c:?}");
    }
    if let Some(c) = &q.on_conflict {
        let _ = writeln!(out, "on_conflict: {c:?}");
    }
    for (k, v) in &q.rpc_args {
        let _ = writeln!(out, "rpc arg {k:?} = {v:?}");
    }
    if !q.filter_fields.is_empty() {
        let _ = writeln!(out, "filter fields: {:?}", q.filter_fields);
    }
    let _ = writeln!(out, "canonical: {}", q.canonical);
    out
}

/// Renders the result of parsing one query for a snapshot.
pub(crate) fn render_result(query: &str, r: &Result<ParsedQuery, SyntaxError>) -> String {
    match r {
        Ok(q) => format!("### {query}\n{}", render_query(q)),
        Err(e) => format!("### {query}\nERROR {}\n", render_error(e)),
    }
}

/// Parses each query and renders all results into one snapshot text.
pub(crate) fn render_all(queries: &[String], opts: &QueryOptions) -> String {
    queries
        .iter()
        .map(|q| render_result(q, &parse_query_with(q, opts)))
        .collect::<Vec<_>>()
        .join("\n")
}
