//! The select part of the AST: columns with their JSON paths, aggregates and casts, and the
//! embedded relations and spreads of `select=`.

use std::fmt;

/// A column reference with an optional JSON path: `data->a->>b`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// Column name (unquoted, exactly as written; never case-folded).
    pub name: String,
    /// JSON path applied to the column, outermost first.
    pub json_path: Vec<JsonOperation>,
}

impl Field {
    /// A field without JSON path.
    pub fn column(name: impl Into<String>) -> Field {
        Field {
            name: name.into(),
            json_path: Vec::new(),
        }
    }

    /// The output key PostgREST gives an un-aliased select field: the last JSON *key* of the
    /// path (array indexes are skipped), or the column name when the path has no key.
    pub fn default_alias(&self) -> &str {
        self.json_path
            .iter()
            .rev()
            .find_map(|op| match op.operand() {
                JsonOperand::Key(k) => Some(k.as_str()),
                JsonOperand::Idx(_) => None,
            })
            .unwrap_or(&self.name)
    }
}

/// One JSON path step.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum JsonOperation {
    /// `->` (result is `json`/`jsonb`).
    Arrow(JsonOperand),
    /// `->>` (result is `text`).
    DoubleArrow(JsonOperand),
}

impl JsonOperation {
    /// The key or index of this step.
    pub fn operand(&self) -> &JsonOperand {
        match self {
            JsonOperation::Arrow(o) | JsonOperation::DoubleArrow(o) => o,
        }
    }
}

/// Operand of a JSON path step.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum JsonOperand {
    /// Object key (`->key`, `->"quoted key"`).
    Key(String),
    /// Array index, kept as text with an explicit sign like PostgREST does (`->1` is `"+1"`,
    /// `->-1` is `"-1"`); PostgreSQL casts it with `::int`.
    Idx(String),
}

/// Aggregate functions usable in `select` (`col.sum()`, `count()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AggregateFunction {
    Sum,
    Avg,
    Max,
    Min,
    Count,
}

impl AggregateFunction {
    /// SQL function name.
    pub fn sql_name(self) -> &'static str {
        match self {
            AggregateFunction::Sum => "SUM",
            AggregateFunction::Avg => "AVG",
            AggregateFunction::Max => "MAX",
            AggregateFunction::Min => "MIN",
            AggregateFunction::Count => "COUNT",
        }
    }
}

/// `!inner` / `!left` on an embed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JoinType {
    Inner,
    Left,
}

/// One item of `select=`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SelectItem {
    /// A column, `*`, a JSON path, a cast, an aggregate or `count()`.
    ///
    /// `count()` is represented as the field `*` with aggregate `Count` (as PostgREST does).
    Field {
        field: Field,
        aggregate: Option<AggregateFunction>,
        /// Cast applied to the aggregate result (`col.sum()::int`, `count()::text`).
        aggregate_cast: Option<String>,
        /// Cast applied to the column (`col::text`).
        cast: Option<String>,
        alias: Option<String>,
    },
    /// An embedded resource `alias:relation!hint!inner(children)`.
    Relation {
        relation: String,
        alias: Option<String>,
        hint: Option<String>,
        join_type: Option<JoinType>,
        children: Vec<SelectItem>,
    },
    /// A spread `...relation!hint!inner(children)` (no alias allowed).
    Spread {
        relation: String,
        hint: Option<String>,
        join_type: Option<JoinType>,
        children: Vec<SelectItem>,
    },
}

impl SelectItem {
    /// A plain column item.
    pub fn column(name: impl Into<String>) -> SelectItem {
        SelectItem::Field {
            field: Field::column(name),
            aggregate: None,
            aggregate_cast: None,
            cast: None,
            alias: None,
        }
    }

    /// `*`.
    pub fn star() -> SelectItem {
        SelectItem::column("*")
    }

    /// The item as a selected field; None for an embed.
    pub fn field(&self) -> Option<SelectedField<'_>> {
        let SelectItem::Field {
            field,
            aggregate,
            aggregate_cast,
            cast,
            alias,
        } = self
        else {
            return None;
        };
        Some(SelectedField {
            field,
            aggregate: *aggregate,
            aggregate_cast: aggregate_cast.as_deref(),
            cast: cast.as_deref(),
            alias: alias.as_deref(),
        })
    }

    /// The item as an embed (a relation or a spread); None for a field.
    pub fn embed(&self) -> Option<Embed<'_>> {
        let (relation, alias, hint, join_type, children, spread) = match self {
            SelectItem::Field { .. } => return None,
            SelectItem::Relation {
                relation,
                alias,
                hint,
                join_type,
                children,
            } => (relation, alias.as_deref(), hint, join_type, children, false),
            SelectItem::Spread {
                relation,
                hint,
                join_type,
                children,
            } => (relation, None, hint, join_type, children, true),
        };
        Some(Embed {
            relation,
            alias,
            hint: hint.as_deref(),
            join_type: *join_type,
            children,
            spread,
        })
    }

    /// Whether this item (or any nested one) uses an aggregate function.
    pub fn uses_aggregates(&self) -> bool {
        match self {
            SelectItem::Field { aggregate, .. } => aggregate.is_some(),
            SelectItem::Relation { children, .. } | SelectItem::Spread { children, .. } => {
                children.iter().any(SelectItem::uses_aggregates)
            }
        }
    }
}

/// A field of `select=`, `alias:field::cast.aggregate()::aggregate_cast`, seen whole
/// ([`SelectItem::field`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelectedField<'a> {
    pub field: &'a Field,
    pub aggregate: Option<AggregateFunction>,
    /// Cast applied to the aggregate result.
    pub aggregate_cast: Option<&'a str>,
    /// Cast applied to the column.
    pub cast: Option<&'a str>,
    pub alias: Option<&'a str>,
}

/// An embedded relation or spread of `select=`, seen whole ([`SelectItem::embed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Embed<'a> {
    pub relation: &'a str,
    /// Always None for a spread.
    pub alias: Option<&'a str>,
    pub hint: Option<&'a str>,
    pub join_type: Option<JoinType>,
    pub children: &'a [SelectItem],
    /// `...relation(…)`: the children's columns go into the parent's row.
    pub spread: bool,
}

impl fmt::Display for JoinType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JoinType::Inner => "inner",
            JoinType::Left => "left",
        })
    }
}
