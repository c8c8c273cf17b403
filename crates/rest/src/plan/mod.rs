//! Planning (PostgREST's `Plan`): the read plan tree with its embeds resolved through the
//! schema cache's relationships, the mutation plan and the function call plan. Every field is
//! "coerced": it carries the type a URL value must be cast to, taken from the schema cache.
pub mod call;
mod fuzzy;
mod mutate;
pub mod read;

use cb_postgrest_syntax::{
    AggregateFunction, IsValue, JoinType, JsonOperation, LogicOperator, NonnegRange, Operation,
    OrderDirection, OrderNulls,
};

pub use call::{CallArgs, CallParams, CallPlan, find_routine};
pub use mutate::{MutatePlan, mutate_plan};
pub use read::{ReadContext, read_plan};

/// The best fuzzy match with at least `min_score` ("Perhaps you meant ..." hints).
pub fn fuzzy_one<'a>(candidates: &[&'a str], query: &str, min_score: f64) -> Option<&'a str> {
    fuzzy::get_one(candidates, query, min_score)
}

use crate::schema_cache::{Qi, Relationship};

/// A column reference resolved against the schema cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoercibleField {
    pub name: String,
    pub json_path: Vec<JsonOperation>,
    /// Wrap in `to_jsonb(...)` before applying the JSON path (non-json columns).
    pub to_json: bool,
    /// `to_tsvector([lang,] col)` for full-text search on a non-tsvector column.
    pub to_tsvector: Option<Option<String>>,
    /// The type of the column (cast-ready), `None` when unknown; in a filter, the type its
    /// operator takes on the right when that differs (`extensions.lquery` for `ltree ~`).
    pub ir_type: Option<String>,
    /// The type of the base column (before the JSON path), for json detection.
    pub base_type: Option<String>,
    /// The whole row (`count()` in spreads).
    pub full_row: bool,
    /// The default expression (for `missing=default`).
    pub default: Option<String>,
    /// A domain representation's cast function (PostgREST's `cfTransform`), SQL-ready: in a
    /// select it formats the column as JSON (`domain -> json`), in a filter it parses the value
    /// (`text -> domain`), in a body it parses the field (`json -> domain`).
    pub transform: Option<String>,
}

impl CoercibleField {
    pub fn unknown(name: &str, json_path: Vec<JsonOperation>) -> Self {
        CoercibleField {
            name: name.to_owned(),
            json_path,
            to_json: false,
            to_tsvector: None,
            ir_type: None,
            base_type: None,
            full_row: false,
            default: None,
            transform: None,
        }
    }

    /// The type a value compared with this field must be cast to.
    pub fn value_type(&self) -> Option<String> {
        match self.json_path.last() {
            None => self.ir_type.clone(),
            Some(JsonOperation::DoubleArrow(_)) => Some("text".into()),
            Some(JsonOperation::Arrow(_)) => {
                if !self.to_json && self.base_type.as_deref() == Some("json") {
                    Some("json".into())
                } else {
                    Some("jsonb".into())
                }
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectField {
    pub field: CoercibleField,
    pub aggregate: Option<AggregateFunction>,
    pub aggregate_cast: Option<String>,
    pub cast: Option<String>,
    pub alias: Option<String>,
}

/// A filter with a resolved field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CoercibleFilter {
    Filter {
        /// Boxed: a field is several times the size of the other variant.
        field: Box<CoercibleField>,
        negated: bool,
        operation: Operation,
    },
    /// `rel=is.null` / `rel=not.is.null` on an embed, by its aggregate alias.
    NullEmbed { negated: bool, agg_alias: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogicTree {
    Expr {
        negated: bool,
        op: LogicOperator,
        children: Vec<LogicTree>,
    },
    Stmnt(CoercibleFilter),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderTerm {
    Field {
        field: CoercibleField,
        direction: Option<OrderDirection>,
        nulls: Option<OrderNulls>,
    },
    /// Order by a to-one embed's column; `relation` becomes the aggregate alias.
    Relation {
        relation: String,
        field: CoercibleField,
        direction: Option<OrderDirection>,
        nulls: Option<OrderNulls>,
    },
}

/// `child.col = parent.col`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCondition {
    /// (qualifier, column) of the child side; the qualifier is already rendered SQL.
    pub left: (QualifierRef, String),
    pub right: (QualifierRef, String),
}

/// How a relation is referred to in SQL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QualifierRef {
    /// `"schema"."table"`.
    Qualified(Qi),
    /// `"alias"`.
    Alias(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spread {
    ToOne,
    /// To-many spread: the extra order selects and the order applied inside `json_agg`.
    ToMany {
        extra_selects: Vec<(Option<String>, SelectField)>,
        order: Vec<OrderTerm>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpreadSelectField {
    pub name: String,
    pub aggregate: Option<AggregateFunction>,
    pub aggregate_cast: Option<String>,
    pub alias: Option<String>,
}

/// How an embed appears in its parent's select list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelSelectField {
    JsonEmbed {
        sel_name: String,
        agg_alias: String,
        to_one: bool,
        empty: bool,
    },
    Spread {
        fields: Vec<SpreadSelectField>,
        agg_alias: String,
    },
}

impl RelSelectField {
    pub fn agg_alias(&self) -> &str {
        match self {
            RelSelectField::JsonEmbed { agg_alias, .. }
            | RelSelectField::Spread { agg_alias, .. } => agg_alias,
        }
    }
}

/// One node of the read plan tree.
#[derive(Debug, Clone)]
pub struct ReadPlan {
    pub select: Vec<SelectField>,
    /// The relation read from (`pgrst_source` for the root of mutations and calls).
    pub from: Qi,
    pub from_alias: Option<String>,
    /// The relation whose columns fields resolve against.
    pub context: Qi,
    pub where_: Vec<LogicTree>,
    pub order: Vec<OrderTerm>,
    pub range: NonnegRange,
    pub rel_name: String,
    pub rel_to_parent: Option<Relationship>,
    pub rel_join_conds: Vec<JoinCondition>,
    pub rel_alias: Option<String>,
    pub rel_agg_alias: String,
    pub rel_hint: Option<String>,
    pub rel_join_type: Option<JoinType>,
    pub rel_spread: Option<Spread>,
    pub rel_select: Vec<RelSelectField>,
    pub depth: u32,
    pub children: Vec<ReadPlan>,
}

impl ReadPlan {
    /// The qualifier of this node's columns.
    pub fn qualifier(&self) -> QualifierRef {
        match &self.from_alias {
            Some(alias) => QualifierRef::Alias(alias.clone()),
            None => QualifierRef::Qualified(self.from.clone()),
        }
    }

    /// Whether the select is just `*` without embeds (`hasDefaultSelect`).
    pub fn has_default_select(&self) -> bool {
        self.children.is_empty()
            && self.select.len() == 1
            && self.select[0].field.name == "*"
            && self.select[0].field.json_path.is_empty()
    }
}

/// `is` values that PostgREST renders as keywords.
pub fn is_sql(value: IsValue) -> &'static str {
    value.sql()
}
