//! The AST taken apart into the pieces a renderer spells out, written once for both test
//! renderers: the snapshot dump (`common`) and the round trip back to query syntax
//! (`proptests/render.rs`). Each renderer only decides how a piece is written.

use cb_postgrest_syntax::{
    Embed, Field, IsValue, JsonOperand, JsonOperation, LogicOperator, Operation, OrderDirection,
    OrderNulls, OrderTerm, Quantifier, SelectItem, SelectedField,
};

/// Each step of a field's JSON path as its arrow and its operand.
pub(crate) fn json_steps(f: &Field) -> impl Iterator<Item = (&'static str, &JsonOperand)> {
    f.json_path.iter().map(|op| match op {
        JsonOperation::Arrow(o) => ("->", o),
        JsonOperation::DoubleArrow(o) => ("->>", o),
    })
}

/// A select item: a field or an embed.
pub(crate) enum ItemParts<'a> {
    Field(SelectedField<'a>),
    Embed(Embed<'a>),
}

/// A select item's parts: the crate's own views ([`SelectItem::field`], [`SelectItem::embed`]).
pub(crate) fn item_parts(item: &SelectItem) -> ItemParts<'_> {
    match item.field() {
        Some(field) => ItemParts::Field(field),
        None => ItemParts::Embed(item.embed().expect("an item that is no field is an embed")),
    }
}

/// `not.` before a negated filter or logic tree.
pub(crate) fn not_prefix(negated: bool) -> &'static str {
    if negated { "not." } else { "" }
}

/// The keyword of a logic tree's operator.
pub(crate) fn logic_keyword(op: LogicOperator) -> &'static str {
    match op {
        LogicOperator::And => "and",
        LogicOperator::Or => "or",
    }
}

/// What stands in parentheses after an operator's keyword.
pub(crate) enum Qualifier<'a> {
    Quantifier(Quantifier),
    Language(&'a str),
}

/// What an operation compares with.
pub(crate) enum Operand<'a> {
    Value(&'a str),
    List(&'a [String]),
    Is(IsValue),
}

/// An operation as `keyword[(qualifier)]` and its operand.
pub(crate) struct OperationParts<'a> {
    pub(crate) keyword: &'static str,
    pub(crate) qualifier: Option<Qualifier<'a>>,
    pub(crate) operand: Operand<'a>,
}

pub(crate) fn operation_parts(operation: &Operation) -> OperationParts<'_> {
    let (keyword, qualifier, operand) = match operation {
        Operation::Simple { op, value } => (op.keyword(), None, Operand::Value(value)),
        Operation::Quant {
            op,
            quantifier,
            value,
        } => (
            op.keyword(),
            quantifier.map(Qualifier::Quantifier),
            Operand::Value(value),
        ),
        Operation::In(items) => ("in", None, Operand::List(items)),
        Operation::Is(v) => ("is", None, Operand::Is(*v)),
        Operation::IsDistinctFrom(v) => ("isdistinct", None, Operand::Value(v)),
        Operation::Fts {
            op,
            language,
            value,
        } => (
            op.keyword(),
            language.as_deref().map(Qualifier::Language),
            Operand::Value(value),
        ),
    };
    OperationParts {
        keyword,
        qualifier,
        operand,
    }
}

/// An order term as its relation (for `relation(field)`), field, direction and nulls.
pub(crate) struct OrderParts<'a> {
    pub(crate) relation: Option<&'a str>,
    pub(crate) field: &'a Field,
    pub(crate) direction: Option<OrderDirection>,
    pub(crate) nulls: Option<OrderNulls>,
}

pub(crate) fn order_parts(term: &OrderTerm) -> OrderParts<'_> {
    match term {
        OrderTerm::Field {
            field,
            direction,
            nulls,
        } => OrderParts {
            relation: None,
            field,
            direction: *direction,
            nulls: *nulls,
        },
        OrderTerm::Relation {
            relation,
            field,
            direction,
            nulls,
        } => OrderParts {
            relation: Some(relation),
            field,
            direction: *direction,
            nulls: *nulls,
        },
    }
}
