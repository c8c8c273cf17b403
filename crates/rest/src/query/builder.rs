//! The fragments PostgREST's `SqlFragment` renders (the text they go into is [`Sql`]).
//!
//! Identifiers come only from the schema cache or the parsed request and are quoted with
//! `cb_db::quote_ident`; literals from the schema cache (column names in `jsonb_build_object`,
//! primary-key names) with `cb_db::quote_literal`. Every value from the URL or the body is a
//! bound parameter. PostgREST binds URL values as untyped (`unknown`) parameters; sqlx sends
//! parameters in binary format, which an inferred type would misread, so values are bound as
//! text and cast to the type PostgreSQL would infer — the column's type from the schema cache
//! (`CAST($1 AS integer)`), which is the same input-function conversion an untyped value gets.
use cb_db::quote_ident;
use cb_postgrest_syntax::{
    FtsOperator, JsonOperand, JsonOperation, LogicOperator, NonnegRange, Operation, OrderDirection,
    OrderNulls, QuantOperator, Quantifier,
};

use crate::plan::{
    CoercibleField, CoercibleFilter, JoinCondition, LogicTree, OrderTerm, QualifierRef,
};
use crate::schema_cache::Qi;

pub use super::sql::{Param, Separator, Sql};

pub fn qi_sql(qi: &Qi) -> String {
    if qi.schema.is_empty() {
        quote_ident(&qi.name)
    } else {
        format!("{}.{}", quote_ident(&qi.schema), quote_ident(&qi.name))
    }
}

pub fn qualifier_sql(q: &QualifierRef) -> String {
    match q {
        QualifierRef::Qualified(qi) => qi_sql(qi),
        QualifierRef::Alias(a) => quote_ident(a),
    }
}

pub fn column_sql(q: &QualifierRef, name: &str) -> String {
    if name == "*" {
        format!("{}.*", qualifier_sql(q))
    } else {
        format!("{}.{}", qualifier_sql(q), quote_ident(name))
    }
}

fn qualifier_name(q: &QualifierRef) -> &str {
    match q {
        QualifierRef::Qualified(qi) => &qi.name,
        QualifierRef::Alias(a) => a,
    }
}

pub fn json_path(sql: &mut Sql, path: &[JsonOperation]) {
    for op in path {
        match op {
            JsonOperation::Arrow(_) => sql.push("->"),
            JsonOperation::DoubleArrow(_) => sql.push("->>"),
        };
        match op.operand() {
            JsonOperand::Key(k) => {
                sql.text_param(k);
            }
            JsonOperand::Idx(i) => {
                sql.text_param(i);
                sql.push("::int");
            }
        }
    }
}

/// `pgFmtField`.
pub fn field(sql: &mut Sql, q: &QualifierRef, f: &CoercibleField) {
    if let Some(lang) = &f.to_tsvector {
        sql.push("to_tsvector(");
        if let Some(lang) = lang {
            sql.value(lang, Some("regconfig")).push(", ");
        }
        plain_field(sql, q, f);
        sql.push(")");
    } else {
        plain_field(sql, q, f);
    }
}

fn plain_field(sql: &mut Sql, q: &QualifierRef, f: &CoercibleField) {
    if f.full_row {
        sql.ident(qualifier_name(q));
    } else if f.json_path.is_empty() {
        sql.push(&column_sql(q, &f.name));
    } else if f.to_json {
        sql.push("to_jsonb(")
            .push(&column_sql(q, &f.name))
            .push(")");
        json_path(sql, &f.json_path);
    } else {
        sql.push(&column_sql(q, &f.name));
        json_path(sql, &f.json_path);
    }
}

/// PostgREST's array literal `{"a","b"}` (backslashes and quotes escaped).
pub fn array_literal(values: &[String]) -> String {
    let mut out = String::from("{");
    let mut comma = Separator::new(",");
    for v in values {
        out.push_str(comma.before_next());
        out.push('"');
        for c in v.chars().filter(|c| *c != '\0') {
            if c == '\\' || c == '"' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
    }
    out.push('}');
    out
}

fn quant_sql(op: QuantOperator) -> &'static str {
    match op {
        QuantOperator::Equal => "=",
        QuantOperator::GreaterThanEqual => ">=",
        QuantOperator::GreaterThan => ">",
        QuantOperator::LessThanEqual => "<=",
        QuantOperator::LessThan => "<",
        QuantOperator::Like => "like",
        QuantOperator::ILike => "ilike",
        QuantOperator::Match => "~",
        QuantOperator::IMatch => "~*",
    }
}

fn fts_sql(op: FtsOperator) -> &'static str {
    match op {
        FtsOperator::Fts => "@@ to_tsquery",
        FtsOperator::Plain => "@@ plainto_tsquery",
        FtsOperator::Phrase => "@@ phraseto_tsquery",
        FtsOperator::Websearch => "@@ websearch_to_tsquery",
    }
}

/// `pgFmtFilter`.
pub fn filter(sql: &mut Sql, q: &QualifierRef, f: &CoercibleFilter) {
    match f {
        CoercibleFilter::NullEmbed { negated, agg_alias } => {
            sql.ident(agg_alias).push(" IS ");
            if !negated {
                sql.push("NOT ");
            }
            sql.push("DISTINCT FROM NULL");
        }
        CoercibleFilter::Filter {
            field: fld,
            negated,
            operation,
        } => {
            if *negated {
                sql.push("NOT");
            }
            sql.push(" ");
            field(sql, q, fld);
            let ty = fld.value_type();
            // A domain representation parses the value (`pgFmtUnknownLiteralForField`), each
            // element of a list (`pgFmtArrayLiteralForField`); otherwise it is cast.
            let value_sql = |sql: &mut Sql, value: &str| match &fld.transform {
                Some(parse) => {
                    sql.push(parse).push("(").text_param(value).push(")");
                }
                None => {
                    sql.value(value, ty.as_deref());
                }
            };
            let array_sql = |sql: &mut Sql, literal: &str| match &fld.transform {
                Some(parse) => {
                    sql.push("(SELECT ").push(parse).push("(unnest(CAST(");
                    sql.text_param(literal).push(" AS text[]))))");
                }
                None => {
                    sql.array_value(literal, ty.as_deref());
                }
            };
            match operation {
                Operation::Simple { op, value } => {
                    sql.push(" ").push(op.sql()).push(" ");
                    value_sql(sql, value);
                }
                Operation::Quant {
                    op,
                    quantifier,
                    value,
                } => {
                    sql.push(" ").push(quant_sql(*op)).push(" ");
                    let value = if matches!(op, QuantOperator::Like | QuantOperator::ILike) {
                        value.replace('*', "%")
                    } else {
                        value.clone()
                    };
                    match quantifier {
                        Some(quant) => {
                            sql.push(match quant {
                                Quantifier::Any => "ANY(",
                                Quantifier::All => "ALL(",
                            });
                            array_sql(sql, &value);
                            sql.push(")");
                        }
                        None => {
                            value_sql(sql, &value);
                        }
                    }
                }
                Operation::Is(v) => {
                    sql.push(" IS ").push(v.sql());
                }
                Operation::IsDistinctFrom(value) => {
                    sql.push(" IS DISTINCT FROM ");
                    value_sql(sql, value);
                }
                Operation::In(values) => {
                    if operation.is_empty_in_list() {
                        sql.push(" = ANY('{}') ");
                    } else {
                        sql.push(" = ANY (");
                        array_sql(sql, &array_literal(values));
                        sql.push(") ");
                    }
                }
                Operation::Fts {
                    op,
                    language,
                    value,
                } => {
                    sql.push(" ").push(fts_sql(*op)).push("(");
                    if let Some(lang) = language {
                        sql.value(lang, Some("regconfig")).push(", ");
                    }
                    sql.text_param(value);
                    sql.push(") ");
                }
            }
        }
    }
}

/// `pgFmtLogicTree`; `null_embed` renders `rel=is.null` filters differently in count queries.
pub fn logic_tree(
    sql: &mut Sql,
    q: &QualifierRef,
    tree: &LogicTree,
    null_embed: &mut dyn FnMut(&mut Sql, bool, &str),
) {
    match tree {
        LogicTree::Expr {
            negated,
            op,
            children,
        } => {
            if *negated {
                sql.push("NOT");
            }
            let separator = match op {
                LogicOperator::And => " AND ",
                LogicOperator::Or => " OR ",
            };
            sql.push(" (");
            sql.separated(separator, children, |sql, child| {
                logic_tree(sql, q, child, null_embed);
            });
            sql.push(")");
        }
        LogicTree::Stmnt(CoercibleFilter::NullEmbed { negated, agg_alias }) => {
            null_embed(sql, *negated, agg_alias);
        }
        LogicTree::Stmnt(f) => filter(sql, q, f),
    }
}

pub fn join_condition(sql: &mut Sql, jc: &JoinCondition) {
    sql.push(&column_sql(&jc.left.0, &jc.left.1))
        .push(" = ")
        .push(&column_sql(&jc.right.0, &jc.right.1));
}

/// `pgFmtOrderTerm`.
pub fn order_term(sql: &mut Sql, q: &QualifierRef, term: &OrderTerm) {
    let (direction, nulls) = match term {
        OrderTerm::Field {
            field: f,
            direction,
            nulls,
        } => {
            field(sql, q, f);
            (direction, nulls)
        }
        OrderTerm::Relation {
            relation,
            field: f,
            direction,
            nulls,
        } => {
            field(sql, &QualifierRef::Alias(relation.clone()), f);
            (direction, nulls)
        }
    };
    let mut words = Vec::new();
    if let Some(d) = direction {
        words.push(match d {
            OrderDirection::Asc => "ASC",
            OrderDirection::Desc => "DESC",
        });
    }
    if let Some(n) = nulls {
        words.push(match n {
            OrderNulls::First => "NULLS FIRST",
            OrderNulls::Last => "NULLS LAST",
        });
    }
    sql.push(" ").push(&words.join(" "));
}

pub fn order(sql: &mut Sql, q: &QualifierRef, terms: &[OrderTerm]) {
    if terms.is_empty() {
        return;
    }
    sql.push("ORDER BY ");
    sql.separated(", ", terms.iter(), |sql, term| {
        order_term(sql, q, term);
    });
}

/// `limitOffsetF`.
pub fn limit_offset(sql: &mut Sql, range: &NonnegRange) {
    if range.is_all() {
        return;
    }
    sql.push("LIMIT ");
    match range.limit() {
        Some(limit) => {
            sql.param(Param::Int(clamp(limit)));
        }
        None => {
            sql.push("ALL");
        }
    }
    sql.push(" OFFSET ");
    sql.param(Param::Int(clamp(range.offset().unwrap_or(0))));
}

fn clamp(n: i128) -> i64 {
    i64::try_from(n.max(0)).unwrap_or(i64::MAX)
}

pub fn current_setting(name: &str) -> String {
    format!("nullif(current_setting('{name}', true), '')")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_literals_escape() {
        assert_eq!(
            array_literal(&["a,b".into(), "q\"\\".into()]),
            r#"{"a,b","q\"\\"}"#
        );
    }
}
