//! The schema cache (PostgREST's `SchemaCache`): relations with their columns, primary keys
//! and relationships, and the callable functions of the exposed schemas, read from pg_catalog.
//!
//! It is loaded when the server starts and reloaded on `NOTIFY pgrst, 'reload schema'`
//! ([`holder`]); requests read an immutable snapshot (`Arc<SchemaCache>`), so a reload never
//! blocks or tears a request.
mod catalog;
pub mod db_config;
pub mod holder;
mod load;
pub(crate) mod relationships;
mod view_columns;
mod views;

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use cb_postgrest_syntax::MediaType;

pub use db_config::{DbConfig, config_list};
pub use holder::SchemaCacheHolder;
pub use load::load;
pub use relationships::{Cardinality, Junction, Relationship};

/// A schema-qualified name (`QualifiedIdentifier`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Qi {
    pub schema: String,
    pub name: String,
}

impl Qi {
    pub fn new(schema: impl Into<String>, name: impl Into<String>) -> Self {
        Qi {
            schema: schema.into(),
            name: name.into(),
        }
    }
}

/// One column of a relation (or of a composite type / a function's OUT parameters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub description: Option<String>,
    pub nullable: bool,
    /// `format_type(type, -1)` with an empty search path: a type name that can be written in a
    /// cast whatever the request's search path (`integer`, `public.status`, `bpchar`).
    pub cast_type: String,
    /// PostgREST's `data_type` (OpenAPI), e.g. `text`, `character varying`.
    pub data_type: String,
    /// `format_type(type, typmod)`, e.g. `character varying(20)`.
    pub nominal_type: String,
    /// The type name of the base type (domains resolved): `jsonb`, `tsvector`, …
    pub base_type: String,
    pub max_length: Option<i32>,
    /// The default expression as SQL text (identifiers qualified), for `missing=default`.
    pub default: Option<String>,
    pub enum_values: Vec<String>,
}

impl Column {
    pub fn is_json(&self) -> bool {
        matches!(self.base_type.as_str(), "json" | "jsonb")
    }
}

/// A media type handler defined in SQL (PostgREST's `CustomFunc`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaHandler {
    /// The aggregate, or for a function returning a media type the domain its value is cast to.
    pub function: Qi,
    pub kind: HandlerKind,
    /// The relation whose rows the aggregate takes; `None` for an anyelement aggregate.
    pub target: Option<Qi>,
    /// The Content-Type it answers with (`application/octet-stream` for `*/*`, unless the
    /// handler sets `response.headers`).
    pub produces: MediaType,
    /// The domain is over bytea: the body is sent as the bytes it holds.
    pub binary: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandlerKind {
    /// An aggregate over the rows.
    Aggregate,
    /// A function's scalar result, cast to the media type's domain.
    DomainCast,
}

/// A table, view, materialized view, foreign or partitioned table.
#[derive(Debug, Clone)]
pub struct Table {
    pub qi: Qi,
    pub description: Option<String>,
    pub is_view: bool,
    /// Row-level security applies to readers below the owner (enabled on the table, or a
    /// security-invoker view): the planner's row estimate would count rows they cannot see.
    pub row_security: bool,
    pub insertable: bool,
    pub updatable: bool,
    pub deletable: bool,
    /// Primary key columns, sorted by name (as PostgREST keeps them).
    pub pk: Vec<String>,
    pub columns: Vec<Column>,
    /// Functions taking this table's row type and returning a scalar (computed fields), by
    /// name, with their return type (cast-ready).
    pub computed: HashMap<String, String>,
}

impl Table {
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Volatility {
    Immutable,
    Stable,
    Volatile,
}

/// A parameter of a routine.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RoutineParam {
    pub name: String,
    /// Cast-ready type name.
    pub type_name: String,
    pub required: bool,
    pub variadic: bool,
}

/// What a routine returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReturnKind {
    /// A scalar type (also `void`), by cast-ready name.
    Scalar(String),
    /// A composite: a relation's row type, a composite type, or `record` with OUT/TABLE
    /// parameters.
    Composite {
        /// The type's name (the relation name for row types).
        qi: Qi,
        /// Columns of the composite (empty when unknown).
        columns: Vec<Column>,
    },
}

/// A function callable through `/rpc/`.
#[derive(Debug, Clone)]
pub struct Routine {
    pub schema: String,
    pub name: String,
    pub description: Option<String>,
    pub params: Vec<RoutineParam>,
    pub returns: ReturnKind,
    pub returns_set: bool,
    pub volatility: Volatility,
}

impl Routine {
    pub fn returns_void(&self) -> bool {
        !self.returns_set && matches!(&self.returns, ReturnKind::Scalar(t) if t == "void")
    }

    pub fn returns_scalar(&self) -> bool {
        !self.returns_set && matches!(self.returns, ReturnKind::Scalar(_))
    }

    pub fn returns_set_of_scalar(&self) -> bool {
        self.returns_set && matches!(self.returns, ReturnKind::Scalar(_))
    }

    pub fn returns_single_composite(&self) -> bool {
        !self.returns_set && matches!(self.returns, ReturnKind::Composite { .. })
    }

    pub fn returns_single(&self) -> bool {
        !self.returns_set
    }

    /// The relation name a composite result is read as (PostgREST's `funcTableName`).
    pub fn table_name(&self) -> Option<&str> {
        match &self.returns {
            ReturnKind::Composite { qi, .. } => Some(qi.name.as_str()),
            ReturnKind::Scalar(_) => None,
        }
    }
}

/// Everything the engine knows about the database.
#[derive(Debug, Default)]
pub struct SchemaCache {
    pub schemas: Vec<String>,
    /// The settings in force while this cache is: the server's, overridden by the database's
    /// `pgrst.*` (read in the same load).
    pub config: DbConfig,
    pub tables: HashMap<Qi, Table>,
    /// Relationships by origin relation, sorted (PostgREST's order, used in PGRST201 details).
    pub relationships: HashMap<Qi, Vec<Relationship>>,
    /// Routines by name; overloads sorted by parameter count.
    pub routines: HashMap<Qi, Vec<Routine>>,
    pub timezones: HashSet<String>,
    /// Roles a JWT may name (the ones `authenticator` may switch to), with their own
    /// statement_timeout (applied per request, as PostgREST applies role settings).
    pub roles: HashMap<String, Option<String>>,
    /// Those of `roles` that row-level security does not apply to (BYPASSRLS or superuser).
    pub rls_bypass: HashSet<String>,
    /// Column type → operator → the type the operator takes on its right, where that is not
    /// the column's own type (`extensions.ltree`, `~` → `extensions.lquery`); see
    /// [`SchemaCache::operand_type`].
    pub operand_types: PairMap,
    /// Domain representations: source type → target type → the cast function, SQL-ready;
    /// see [`SchemaCache::representation`].
    pub representations: PairMap,
    /// Media type handlers by their target (a relation or a function; `None` for anyelement)
    /// and the media type they produce; see [`SchemaCache::media_handler`].
    pub media_handlers: HashMap<(Option<Qi>, MediaType), MediaHandler>,
    pub load_time: Duration,
    /// Which load this is, unique in the process (set by [`SchemaCacheHolder::set`]).
    pub generation: u64,
}

/// A value by two names, looked up without building a key (planning looks up every filter's
/// column type and every selected column's).
pub type PairMap = HashMap<String, HashMap<String, String>>;

fn pair<'a>(map: &'a PairMap, first: &str, second: &str) -> Option<&'a str> {
    map.get(first)?.get(second).map(String::as_str)
}

impl SchemaCache {
    pub fn table(&self, qi: &Qi) -> Option<&Table> {
        self.tables.get(qi)
    }

    /// The type a filter's value is cast to for `column_type operator value` when it is not
    /// the column's own type.
    pub fn operand_type(&self, column_type: &str, operator: &str) -> Option<&str> {
        pair(&self.operand_types, column_type, operator)
    }

    /// The function a domain representation converts `source` to `target` with (`domain ->
    /// json` formats output, `text -> domain` parses filter values, `json -> domain` parses
    /// body fields), if the database defines one.
    pub fn representation(&self, source: &str, target: &str) -> Option<&str> {
        pair(&self.representations, source, target)
    }

    /// The handler `target` (a relation or a function, `None` for anyelement) has for `media`.
    pub fn media_handler(&self, target: Option<&Qi>, media: &MediaType) -> Option<&MediaHandler> {
        if self.media_handlers.is_empty() {
            return None;
        }
        self.media_handlers.get(&(target.cloned(), media.clone()))
    }

    /// The columns of a relation, of a composite type a function returns, or nothing.
    pub fn relations_in(&self, schema: &str) -> impl Iterator<Item = &Table> {
        self.tables.values().filter(move |t| t.qi.schema == schema)
    }
}
