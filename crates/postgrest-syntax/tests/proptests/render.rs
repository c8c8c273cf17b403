//! Renders an AST back to PostgREST query syntax (the inverse the round-trip property checks).

use cb_postgrest_syntax::*;

/// Words the grammar reads as keywords: a name equal to one is quoted.
pub(crate) const RESERVED: &[&str] = &[
    "select",
    "columns",
    "on_conflict",
    "order",
    "limit",
    "offset",
    "and",
    "or",
    "not",
    "apikey",
    "count",
    "left",
    "inner",
];

pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Names are quoted unless they are plain identifiers.
pub(crate) fn name(s: &str) -> String {
    let plain = !s.is_empty()
        && !RESERVED.contains(&s)
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit());
    if plain { s.to_owned() } else { quote(s) }
}

pub(crate) fn render_field(f: &Field) -> String {
    let mut s = name(&f.name);
    for op in &f.json_path {
        let (arrow, operand) = match op {
            JsonOperation::Arrow(o) => ("->", o),
            JsonOperation::DoubleArrow(o) => ("->>", o),
        };
        s.push_str(arrow);
        match operand {
            JsonOperand::Key(k) => s.push_str(&name(k)),
            JsonOperand::Idx(i) => s.push_str(i.trim_start_matches('+')),
        }
    }
    s
}

pub(crate) fn render_select(items: &[SelectItem]) -> String {
    items
        .iter()
        .map(|item| match item {
            SelectItem::Field {
                field,
                aggregate,
                aggregate_cast,
                cast,
                alias,
            } => {
                let mut s = alias
                    .as_ref()
                    .map_or_else(String::new, |a| format!("{}:", name(a)));
                if *aggregate == Some(AggregateFunction::Count)
                    && field.name == "*"
                    && field.json_path.is_empty()
                    && cast.is_none()
                {
                    s.push_str("count()");
                } else {
                    let bare_star = field.name == "*"
                        && field.json_path.is_empty()
                        && alias.is_none()
                        && cast.is_none()
                        && aggregate.is_none();
                    s.push_str(&if bare_star {
                        "*".to_owned()
                    } else {
                        render_field(field)
                    });
                    if let Some(c) = cast {
                        s.push_str(&format!("::{c}"));
                    }
                    if let Some(a) = aggregate {
                        s.push_str(&format!(".{}()", a.sql_name().to_lowercase()));
                    }
                }
                if let Some(c) = aggregate_cast {
                    s.push_str(&format!("::{c}"));
                }
                s
            }
            SelectItem::Relation {
                relation,
                alias,
                hint,
                join_type,
                children,
            } => {
                let mut s = alias
                    .as_ref()
                    .map_or_else(String::new, |a| format!("{}:", name(a)));
                s.push_str(&name(relation));
                if let Some(h) = hint {
                    s.push_str(&format!("!{}", name(h)));
                }
                if let Some(j) = join_type {
                    s.push_str(&format!("!{j}"));
                }
                format!("{s}({})", render_select(children))
            }
            SelectItem::Spread {
                relation,
                hint,
                join_type,
                children,
            } => {
                let mut s = format!("...{}", name(relation));
                if let Some(h) = hint {
                    s.push_str(&format!("!{}", name(h)));
                }
                if let Some(j) = join_type {
                    s.push_str(&format!("!{j}"));
                }
                format!("{s}({})", render_select(children))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `[not.]op.value`; inside logic trees values are quoted (`in_tree`).
pub(crate) fn render_op(negated: bool, op: &Operation, in_tree: bool) -> String {
    let val = |v: &str| if in_tree { quote(v) } else { v.to_owned() };
    let body = match op {
        Operation::Simple { op, value } => format!("{}.{}", op.keyword(), val(value)),
        Operation::Quant {
            op,
            quantifier,
            value,
        } => {
            let q = match quantifier {
                Some(Quantifier::Any) => "(any)",
                Some(Quantifier::All) => "(all)",
                None => "",
            };
            format!("{}{q}.{}", op.keyword(), val(value))
        }
        Operation::In(items) => format!(
            "in.({})",
            items.iter().map(|i| quote(i)).collect::<Vec<_>>().join(",")
        ),
        Operation::Is(v) => format!(
            "is.{}",
            match v {
                IsValue::Null => "null",
                IsValue::NotNull => "not_null",
                IsValue::True => "true",
                IsValue::False => "false",
                IsValue::Unknown => "unknown",
            }
        ),
        Operation::IsDistinctFrom(v) => format!("isdistinct.{}", val(v)),
        Operation::Fts {
            op,
            language,
            value,
        } => {
            let l = language
                .as_ref()
                .map_or_else(String::new, |l| format!("({l})"));
            format!("{}{l}.{}", op.keyword(), val(value))
        }
    };
    if negated { format!("not.{body}") } else { body }
}

pub(crate) fn render_tree(t: &LogicTree) -> String {
    match t {
        LogicTree::Stmnt(f) => format!(
            "{}.{}",
            render_field(&f.field),
            render_op(f.negated, &f.operation, true)
        ),
        LogicTree::Expr {
            negated,
            op,
            children,
        } => {
            let op = match op {
                LogicOperator::And => "and",
                LogicOperator::Or => "or",
            };
            let not = if *negated { "not." } else { "" };
            format!(
                "{not}{op}({})",
                children
                    .iter()
                    .map(render_tree)
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
    }
}

pub(crate) fn render_order(terms: &[OrderTerm]) -> String {
    let tail = |d: &Option<OrderDirection>, n: &Option<OrderNulls>| {
        let mut s = String::new();
        match d {
            Some(OrderDirection::Asc) => s.push_str(".asc"),
            Some(OrderDirection::Desc) => s.push_str(".desc"),
            None => {}
        }
        match n {
            Some(OrderNulls::First) => s.push_str(".nullsfirst"),
            Some(OrderNulls::Last) => s.push_str(".nullslast"),
            None => {}
        }
        s
    };
    terms
        .iter()
        .map(|t| match t {
            OrderTerm::Field {
                field,
                direction,
                nulls,
            } => format!("{}{}", render_field(field), tail(direction, nulls)),
            OrderTerm::Relation {
                relation,
                field,
                direction,
                nulls,
            } => {
                format!(
                    "{}({}){}",
                    name(relation),
                    render_field(field),
                    tail(direction, nulls)
                )
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}
