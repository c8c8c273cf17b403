//! The typed AST produced by the parser. It mirrors PostgREST's `ApiRequest.Types` closely so
//! that later stages (planning, SQL generation) can follow PostgREST's semantics one to one.

use std::fmt;

/// Path of embedded resources a parameter applies to: `clients.projects.name=eq.x` has the
/// embed path `["clients", "projects"]`; an empty path means the root resource.
pub type EmbedPath = Vec<String>;

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

/// Operators that take a plain value and no quantifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimpleOperator {
    /// `neq` → `<>`
    NotEqual,
    /// `cs` → `@>`
    Contains,
    /// `cd` → `<@`
    Contained,
    /// `ov` → `&&`
    Overlap,
    /// `sl` → `<<`
    StrictlyLeft,
    /// `sr` → `>>`
    StrictlyRight,
    /// `nxr` → `&<`
    NotExtendsRight,
    /// `nxl` → `&>`
    NotExtendsLeft,
    /// `adj` → `-|-`
    Adjacent,
}

impl SimpleOperator {
    /// The URL keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            SimpleOperator::NotEqual => "neq",
            SimpleOperator::Contains => "cs",
            SimpleOperator::Contained => "cd",
            SimpleOperator::Overlap => "ov",
            SimpleOperator::StrictlyLeft => "sl",
            SimpleOperator::StrictlyRight => "sr",
            SimpleOperator::NotExtendsRight => "nxr",
            SimpleOperator::NotExtendsLeft => "nxl",
            SimpleOperator::Adjacent => "adj",
        }
    }

    /// The SQL operator.
    pub fn sql(self) -> &'static str {
        match self {
            SimpleOperator::NotEqual => "<>",
            SimpleOperator::Contains => "@>",
            SimpleOperator::Contained => "<@",
            SimpleOperator::Overlap => "&&",
            SimpleOperator::StrictlyLeft => "<<",
            SimpleOperator::StrictlyRight => ">>",
            SimpleOperator::NotExtendsRight => "&<",
            SimpleOperator::NotExtendsLeft => "&>",
            SimpleOperator::Adjacent => "-|-",
        }
    }
}

/// Operators that accept the `(any)` / `(all)` modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuantOperator {
    /// `eq` → `=`
    Equal,
    /// `gte` → `>=`
    GreaterThanEqual,
    /// `gt` → `>`
    GreaterThan,
    /// `lte` → `<=`
    LessThanEqual,
    /// `lt` → `<`
    LessThan,
    /// `like` → `LIKE` (`*` in the value means `%`)
    Like,
    /// `ilike` → `ILIKE` (`*` in the value means `%`)
    ILike,
    /// `match` → `~`
    Match,
    /// `imatch` → `~*`
    IMatch,
}

impl QuantOperator {
    /// The URL keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            QuantOperator::Equal => "eq",
            QuantOperator::GreaterThanEqual => "gte",
            QuantOperator::GreaterThan => "gt",
            QuantOperator::LessThanEqual => "lte",
            QuantOperator::LessThan => "lt",
            QuantOperator::Like => "like",
            QuantOperator::ILike => "ilike",
            QuantOperator::Match => "match",
            QuantOperator::IMatch => "imatch",
        }
    }

    /// The SQL operator.
    pub fn sql(self) -> &'static str {
        match self {
            QuantOperator::Equal => "=",
            QuantOperator::GreaterThanEqual => ">=",
            QuantOperator::GreaterThan => ">",
            QuantOperator::LessThanEqual => "<=",
            QuantOperator::LessThan => "<",
            QuantOperator::Like => "LIKE",
            QuantOperator::ILike => "ILIKE",
            QuantOperator::Match => "~",
            QuantOperator::IMatch => "~*",
        }
    }
}

/// `(any)` / `(all)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantifier {
    Any,
    All,
}

/// Full-text-search operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FtsOperator {
    /// `fts` → `to_tsquery`
    Fts,
    /// `plfts` → `plainto_tsquery`
    Plain,
    /// `phfts` → `phraseto_tsquery`
    Phrase,
    /// `wfts` → `websearch_to_tsquery`
    Websearch,
}

impl FtsOperator {
    /// The URL keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            FtsOperator::Fts => "fts",
            FtsOperator::Plain => "plfts",
            FtsOperator::Phrase => "phfts",
            FtsOperator::Websearch => "wfts",
        }
    }

    /// The `tsquery` constructor function.
    pub fn sql_function(self) -> &'static str {
        match self {
            FtsOperator::Fts => "to_tsquery",
            FtsOperator::Plain => "plainto_tsquery",
            FtsOperator::Phrase => "phraseto_tsquery",
            FtsOperator::Websearch => "websearch_to_tsquery",
        }
    }
}

/// Right-hand side of `is`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IsValue {
    /// `null` → `IS NULL`
    Null,
    /// `not_null` → `IS NOT NULL`
    NotNull,
    /// `true` → `IS TRUE`
    True,
    /// `false` → `IS FALSE`
    False,
    /// `unknown` → `IS UNKNOWN`
    Unknown,
}

impl IsValue {
    /// SQL after `IS`.
    pub fn sql(self) -> &'static str {
        match self {
            IsValue::Null => "NULL",
            IsValue::NotNull => "NOT NULL",
            IsValue::True => "TRUE",
            IsValue::False => "FALSE",
            IsValue::Unknown => "UNKNOWN",
        }
    }
}

/// The operation of a filter (everything after the optional `not.`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `neq`, `cs`, `cd`, `ov`, `sl`, `sr`, `nxr`, `nxl`, `adj` with a raw value.
    Simple { op: SimpleOperator, value: String },
    /// `eq`, `gt`, …, `imatch`, optionally with `(any)`/`(all)` (then the value is a PG array
    /// literal such as `{a,b}`).
    Quant {
        op: QuantOperator,
        quantifier: Option<Quantifier>,
        value: String,
    },
    /// `in.(a,"b,c")`: the elements after unquoting. `in.()` parses (as in PostgREST) to a single
    /// empty element `[""]`, which PostgREST renders as the empty list `= ANY('{}')`; see
    /// [`Operation::is_empty_in_list`].
    In(Vec<String>),
    /// `is.null` etc.
    Is(IsValue),
    /// `isdistinct.v`.
    IsDistinctFrom(String),
    /// `fts(config).q` etc.
    Fts {
        op: FtsOperator,
        language: Option<String>,
        value: String,
    },
}

impl Operation {
    /// `true` for `in.()` (PostgREST's `In [""]`), which matches no row.
    pub fn is_empty_in_list(&self) -> bool {
        matches!(self, Operation::In(v) if v.len() == 1 && v[0].is_empty())
    }
}

/// A filter `field=[not.]op.value` (or a term inside a logic tree).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Filter {
    pub field: Field,
    /// A leading `not.`.
    pub negated: bool,
    pub operation: Operation,
}

/// `and` / `or`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogicOperator {
    And,
    Or,
}

/// A boolean expression tree from `or=(…)` / `and=(…)` / `not.or=(…)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LogicTree {
    /// `[not.]and(…)` / `[not.]or(…)`.
    Expr {
        negated: bool,
        op: LogicOperator,
        children: Vec<LogicTree>,
    },
    /// A leaf filter.
    Stmnt(Filter),
}

/// `asc` / `desc`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderDirection {
    Asc,
    Desc,
}

/// `nullsfirst` / `nullslast`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderNulls {
    First,
    Last,
}

/// One term of `order=`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OrderTerm {
    /// `field[.asc|.desc][.nullsfirst|.nullslast]`.
    Field {
        field: Field,
        direction: Option<OrderDirection>,
        nulls: Option<OrderNulls>,
    },
    /// `relation(field)[.dir][.nulls]`: order the parent by a to-one embed's column.
    Relation {
        relation: String,
        field: Field,
        direction: Option<OrderDirection>,
        nulls: Option<OrderNulls>,
    },
}

impl fmt::Display for JoinType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JoinType::Inner => "inner",
            JoinType::Left => "left",
        })
    }
}
