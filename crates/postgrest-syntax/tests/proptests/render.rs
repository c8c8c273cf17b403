//! Renders an AST back to PostgREST query syntax (the inverse the round-trip property checks).

use cb_postgrest_syntax::*;

use crate::common::{
    ItemParts, Operand, OperationParts, OrderParts, Qualifier, item_parts, json_steps,
    logic_keyword, not_prefix, operation_parts, order_parts,
};

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
    for (arrow, operand) in json_steps(f) {
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
        .map(render_select_item)
        .collect::<Vec<_>>()
        .join(",")
}

fn render_select_item(item: &SelectItem) -> String {
    match item_parts(item) {
        ItemParts::Field(f) => render_select_field(&f),
        ItemParts::Embed(embed) => {
            let mut s = embed
                .alias
                .map_or_else(String::new, |a| format!("{}:", name(a)));
            if embed.spread {
                s.push_str("...");
            }
            s.push_str(&name(embed.relation));
            if let Some(h) = embed.hint {
                s.push_str(&format!("!{}", name(h)));
            }
            if let Some(j) = embed.join_type {
                s.push_str(&format!("!{j}"));
            }
            format!("{s}({})", render_select(embed.children))
        }
    }
}

fn render_select_field(f: &SelectedField<'_>) -> String {
    let mut s = f
        .alias
        .map_or_else(String::new, |a| format!("{}:", name(a)));
    let plain_star = f.field.name == "*" && f.field.json_path.is_empty() && f.cast.is_none();
    if f.aggregate == Some(AggregateFunction::Count) && plain_star {
        s.push_str("count()");
    } else {
        let bare_star = plain_star && f.alias.is_none() && f.aggregate.is_none();
        s.push_str(&if bare_star {
            "*".to_owned()
        } else {
            render_field(f.field)
        });
        if let Some(c) = f.cast {
            s.push_str(&format!("::{c}"));
        }
        if let Some(a) = f.aggregate {
            s.push_str(&format!(".{}()", a.sql_name().to_lowercase()));
        }
    }
    if let Some(c) = f.aggregate_cast {
        s.push_str(&format!("::{c}"));
    }
    s
}

/// `[not.]op.value`; inside logic trees values are quoted (`in_tree`).
pub(crate) fn render_op(negated: bool, op: &Operation, in_tree: bool) -> String {
    let OperationParts {
        keyword,
        qualifier,
        operand,
    } = operation_parts(op);
    let qualifier = match qualifier {
        Some(Qualifier::Quantifier(Quantifier::Any)) => "(any)".to_owned(),
        Some(Qualifier::Quantifier(Quantifier::All)) => "(all)".to_owned(),
        Some(Qualifier::Language(l)) => format!("({l})"),
        None => String::new(),
    };
    let operand = match operand {
        Operand::Value(v) if in_tree => quote(v),
        Operand::Value(v) => v.to_owned(),
        Operand::List(items) => format!(
            "({})",
            items.iter().map(|i| quote(i)).collect::<Vec<_>>().join(",")
        ),
        Operand::Is(v) => match v {
            IsValue::Null => "null",
            IsValue::NotNull => "not_null",
            IsValue::True => "true",
            IsValue::False => "false",
            IsValue::Unknown => "unknown",
        }
        .to_owned(),
    };
    format!("{}{keyword}{qualifier}.{operand}", not_prefix(negated))
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
            format!(
                "{}{}({})",
                not_prefix(*negated),
                logic_keyword(*op),
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
    terms
        .iter()
        .map(|t| {
            let OrderParts {
                relation,
                field,
                direction,
                nulls,
            } = order_parts(t);
            let mut s = match relation {
                Some(relation) => format!("{}({})", name(relation), render_field(field)),
                None => render_field(field),
            };
            s.push_str(match direction {
                Some(OrderDirection::Asc) => ".asc",
                Some(OrderDirection::Desc) => ".desc",
                None => "",
            });
            s.push_str(match nulls {
                Some(OrderNulls::First) => ".nullsfirst",
                Some(OrderNulls::Last) => ".nullslast",
                None => "",
            });
            s
        })
        .collect::<Vec<_>>()
        .join(",")
}
