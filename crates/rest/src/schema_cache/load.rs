//! The schema cache load: the catalog queries (`catalog`) run in one read-only transaction
//! with an empty search path, so every type name and default expression comes back
//! schema-qualified where it needs to be (as PostgREST does with `set local schema ''`), and
//! their rows become the cache.
use std::collections::{HashMap, HashSet};
use std::time::Instant;

use cb_db::sqlx::{self, PgPool, Row};
use cb_postgrest_syntax::{MediaType, decode_media_type};
use serde_json::Value;

use super::catalog::{
    COMPUTED_RELS_SQL, COMPUTED_SQL, DB_CONFIG_SQL, FOREIGN_KEYS_SQL, MEDIA_HANDLERS_SQL,
    OPERAND_TYPES_SQL, REPRESENTATIONS_SQL, ROLES_SQL, ROUTINES_SQL, composites_sql, tables_sql,
};
use super::db_config::DbConfig;
use super::relationships::{self, ComputedRel, ForeignKey};
use super::views::{base_tables, read_view_keys, read_views};
use super::{
    Column, HandlerKind, MediaHandler, PairMap, Qi, ReturnKind, Routine, RoutineParam, SchemaCache,
    Table, Volatility,
};
use crate::RestSettings;

/// A row of the relations query.
#[derive(sqlx::FromRow)]
struct TableRow {
    schema: String,
    name: String,
    description: Option<String>,
    is_view: bool,
    row_security: bool,
    insertable: bool,
    updatable: bool,
    deletable: bool,
    pk: Vec<String>,
    /// [`COLUMNS_JSON`](super::catalog) as text.
    columns: String,
}

/// A row of the composite types query.
#[derive(sqlx::FromRow)]
struct CompositeRow {
    schema: String,
    name: String,
    columns: String,
}

/// A row of the foreign keys query.
#[derive(sqlx::FromRow)]
struct ForeignKeyRow {
    schema: String,
    name: String,
    foreign_schema: String,
    foreign_name: String,
    constraint_name: String,
    /// (column, foreign column) pairs as JSON text.
    columns: String,
    one_to_one: bool,
}

/// Reads the in-database configuration, then the schema cache for the schemas it exposes.
pub async fn load(pool: &PgPool, settings: &RestSettings) -> Result<SchemaCache, sqlx::Error> {
    let started = Instant::now();
    let mut tx = pool.begin_with("BEGIN READ ONLY").await?;
    sqlx::query("set local search_path = ''")
        .execute(&mut *tx)
        .await?;
    let pairs = sqlx::query_as::<_, (String, String)>(DB_CONFIG_SQL)
        .persistent(false)
        .fetch_all(&mut *tx)
        .await?;
    let (config, problems) = DbConfig::with_overrides(
        settings,
        pairs
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str())),
    );
    for problem in problems {
        tracing::error!("{problem}");
    }
    let schemas = config.schemas.as_slice();

    let schema_list: Vec<String> = schemas.to_vec();
    let mut tables: HashMap<Qi, Table> = HashMap::new();
    for row in sqlx::query_as::<_, TableRow>(&tables_sql())
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        let qi = Qi::new(row.schema, row.name);
        tables.insert(
            qi.clone(),
            Table {
                qi,
                description: row.description,
                is_view: row.is_view,
                row_security: row.row_security,
                insertable: row.insertable,
                updatable: row.updatable,
                deletable: row.deletable,
                pk: row.pk,
                columns: parse_columns(&row.columns),
                computed: HashMap::new(),
            },
        );
    }

    let mut composites: HashMap<Qi, Vec<Column>> = HashMap::new();
    for row in sqlx::query_as::<_, CompositeRow>(&composites_sql())
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        composites.insert(Qi::new(row.schema, row.name), parse_columns(&row.columns));
    }

    let views = read_views(&mut tx, schemas).await?;
    let shown = views.shown_columns();
    let base_tables = base_tables(&shown);
    let view_keys = read_view_keys(&mut tx, &views, &shown, &base_tables).await?;

    let mut fks = Vec::new();
    for row in sqlx::query_as::<_, ForeignKeyRow>(FOREIGN_KEYS_SQL)
        .persistent(false)
        .bind(&schema_list)
        .bind(&base_tables)
        .fetch_all(&mut *tx)
        .await?
    {
        fks.push(ForeignKey {
            table: Qi::new(row.schema, row.name),
            foreign_table: Qi::new(row.foreign_schema, row.foreign_name),
            constraint: row.constraint_name,
            columns: serde_json::from_str(&row.columns).unwrap_or_default(),
            one_to_one: row.one_to_one,
        });
    }

    for row in sqlx::query(COMPUTED_SQL)
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        let qi = Qi::new(
            row.try_get::<String, _>("schema")?,
            row.try_get::<String, _>("table_name")?,
        );
        if let Some(table) = tables.get_mut(&qi) {
            table
                .computed
                .insert(row.try_get("name")?, row.try_get("return_type")?);
        }
    }

    let mut routines: HashMap<Qi, Vec<Routine>> = HashMap::new();
    for row in sqlx::query(ROUTINES_SQL)
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        if row.try_get::<bool, _>("is_trigger")? {
            continue;
        }
        if let Some(routine) = routine_from_row(&row, &tables, &composites)? {
            routines
                .entry(Qi::new(routine.schema.clone(), routine.name.clone()))
                .or_default()
                .push(routine);
        }
    }
    for overloads in routines.values_mut() {
        overloads.sort_by(|a, b| {
            a.params
                .len()
                .cmp(&b.params.len())
                .then_with(|| a.description.cmp(&b.description))
                .then_with(|| a.params.cmp(&b.params))
        });
    }

    let timezones: HashSet<String> =
        sqlx::query_scalar::<_, String>("select name from pg_timezone_names")
            .persistent(false)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .collect();
    let mut roles = HashMap::new();
    let mut rls_bypass = HashSet::new();
    for (role, statement_timeout, bypasses_rls) in
        sqlx::query_as::<_, (String, Option<String>, bool)>(ROLES_SQL)
            .persistent(false)
            .fetch_all(&mut *tx)
            .await?
    {
        if bypasses_rls {
            rls_bypass.insert(role.clone());
        }
        roles.insert(role, statement_timeout);
    }
    let mut computed = Vec::new();
    for row in sqlx::query(COMPUTED_RELS_SQL)
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        let qi = |schema: &str, name: &str| -> Result<Qi, sqlx::Error> {
            Ok(Qi::new(
                row.try_get::<String, _>(schema)?,
                row.try_get::<String, _>(name)?,
            ))
        };
        computed.push(ComputedRel {
            function: qi("schema", "name")?,
            table: qi("table_schema", "table_name")?,
            foreign_table: qi("foreign_schema", "foreign_name")?,
            to_one: row.try_get("to_one")?,
        });
    }

    let operand_types = read_pair_map(&mut tx, OPERAND_TYPES_SQL).await?;
    let representations = read_pair_map(&mut tx, REPRESENTATIONS_SQL).await?;
    let media_handlers = read_media_handlers(&mut tx, &schema_list).await?;
    tx.commit().await?;

    relationships::add_view_primary_keys(&mut tables, &view_keys);
    let relationships = relationships::build(&fks, &view_keys, &computed, &tables);
    Ok(SchemaCache {
        schemas: schemas.to_vec(),
        config,
        tables,
        relationships,
        routines,
        timezones,
        roles,
        rls_bypass,
        operand_types,
        representations,
        media_handlers,
        load_time: started.elapsed(),
        generation: 0,
    })
}

/// A query's (first, second, value) rows as a [`PairMap`].
async fn read_pair_map(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    sql: &'static str,
) -> Result<PairMap, sqlx::Error> {
    let mut map = PairMap::new();
    for (first, second, value) in sqlx::query_as::<_, (String, String, String)>(sql)
        .persistent(false)
        .fetch_all(&mut **tx)
        .await?
    {
        map.entry(first).or_default().insert(second, value);
    }
    Ok(map)
}

/// A row of the media handlers query.
#[derive(sqlx::FromRow)]
struct MediaHandlerRow {
    kind: String,
    handler_schema: String,
    handler_name: String,
    target_schema: Option<String>,
    target_name: Option<String>,
    media_type: String,
    binary: bool,
}

async fn read_media_handlers(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    schemas: &[String],
) -> Result<HashMap<(Option<Qi>, MediaType), MediaHandler>, sqlx::Error> {
    let rows = sqlx::query_as::<_, MediaHandlerRow>(MEDIA_HANDLERS_SQL)
        .persistent(false)
        .bind(schemas)
        .fetch_all(&mut **tx)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let media = decode_media_type(&row.media_type.to_lowercase());
            let target = row
                .target_schema
                .zip(row.target_name)
                .map(|(schema, name)| Qi::new(schema, name));
            let handler = MediaHandler {
                function: Qi::new(row.handler_schema, row.handler_name),
                kind: if row.kind == "aggregate" {
                    HandlerKind::Aggregate
                } else {
                    HandlerKind::DomainCast
                },
                target: target.clone(),
                produces: match media {
                    MediaType::Any => MediaType::OctetStream,
                    ref other => other.clone(),
                },
                binary: row.binary,
            };
            ((target, media), handler)
        })
        .collect())
}

fn parse_columns(json: &str) -> Vec<Column> {
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(json) else {
        return Vec::new();
    };
    items
        .iter()
        .map(|item| {
            let text = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
            Column {
                name: text("name").unwrap_or_default(),
                description: text("description"),
                nullable: item
                    .get("nullable")
                    .and_then(Value::as_bool)
                    .unwrap_or(true),
                cast_type: text("cast_type").unwrap_or_else(|| "text".into()),
                data_type: text("data_type").unwrap_or_default(),
                nominal_type: text("nominal_type").unwrap_or_default(),
                base_type: text("base_type").unwrap_or_default(),
                max_length: item
                    .get("max_length")
                    .and_then(Value::as_i64)
                    .and_then(|n| i32::try_from(n).ok()),
                default: text("default"),
                enum_values: item
                    .get("enum_values")
                    .and_then(Value::as_array)
                    .map(|v| {
                        v.iter()
                            .filter_map(|e| e.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default(),
            }
        })
        .collect()
}

fn routine_from_row(
    row: &sqlx::postgres::PgRow,
    tables: &HashMap<Qi, Table>,
    composites: &HashMap<Qi, Vec<Column>>,
) -> Result<Option<Routine>, sqlx::Error> {
    let types: Vec<String> = row.try_get("arg_types")?;
    let modes: Vec<String> = row.try_get("arg_modes")?;
    let names: Vec<String> = row.try_get("arg_names")?;
    let nargs: i32 = row.try_get("nargs")?;
    let ndefaults: i32 = row.try_get("nargdefaults")?;
    let mut params = Vec::new();
    let mut out_columns = Vec::new();
    let mut input_index = 0;
    for (i, type_name) in types.iter().enumerate() {
        let mode = modes.get(i).map_or("i", String::as_str);
        let name = names.get(i).cloned().unwrap_or_default();
        match mode {
            "i" | "b" | "v" => {
                input_index += 1;
                params.push(RoutineParam {
                    name: name.clone(),
                    type_name: type_name.clone(),
                    required: input_index <= nargs - ndefaults,
                    variadic: mode == "v",
                });
                if mode == "b" {
                    out_columns.push(simple_column(&name, type_name));
                }
            }
            _ => out_columns.push(simple_column(&name, type_name)),
        }
    }
    // Functions with unnamed parameters are only callable with a single unnamed
    // json/jsonb/text/xml/bytea parameter.
    let unnamed = params.iter().filter(|p| p.name.is_empty()).count();
    if unnamed > 1
        || (unnamed == 1
            && !(params.len() == 1
                && matches!(
                    params[0].type_name.as_str(),
                    "json" | "jsonb" | "text" | "xml" | "bytea"
                )))
    {
        return Ok(None);
    }
    let returns_composite: bool = row.try_get("returns_composite")?;
    let returns = if returns_composite {
        let qi = Qi::new(
            row.try_get::<String, _>("return_schema")?,
            row.try_get::<String, _>("return_name")?,
        );
        let columns = if let Some(table) = tables.get(&qi) {
            table.columns.clone()
        } else if let Some(columns) = composites.get(&qi) {
            columns.clone()
        } else {
            out_columns
        };
        ReturnKind::Composite { qi, columns }
    } else {
        ReturnKind::Scalar(row.try_get("return_type")?)
    };
    let volatility = match row.try_get::<String, _>("volatility")?.as_str() {
        "i" => Volatility::Immutable,
        "s" => Volatility::Stable,
        _ => Volatility::Volatile,
    };
    Ok(Some(Routine {
        schema: row.try_get("schema")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        params,
        returns,
        returns_set: row.try_get("returns_set")?,
        volatility,
    }))
}

fn simple_column(name: &str, type_name: &str) -> Column {
    Column {
        name: name.to_owned(),
        description: None,
        nullable: true,
        cast_type: type_name.to_owned(),
        data_type: type_name.to_owned(),
        nominal_type: type_name.to_owned(),
        base_type: type_name.to_owned(),
        max_length: None,
        default: None,
        enum_values: Vec::new(),
    }
}
