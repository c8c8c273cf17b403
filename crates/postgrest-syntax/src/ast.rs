//! The typed AST produced by the parser. It mirrors PostgREST's `ApiRequest.Types` closely so
//! that later stages (planning, SQL generation) can follow PostgREST's semantics one to one.

mod select;

pub use select::{
    AggregateFunction, Embed, Field, JoinType, JsonOperand, JsonOperation, SelectItem,
    SelectedField,
};

/// Path of embedded resources a parameter applies to: `clients.projects.name=eq.x` has the
/// embed path `["clients", "projects"]`; an empty path means the root resource.
pub type EmbedPath = Vec<String>;

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
