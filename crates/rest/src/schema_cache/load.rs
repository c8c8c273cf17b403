//! The catalog queries. They run in one read-only transaction with an empty search path, so
//! every type name and default expression comes back schema-qualified where it needs to be
//! (as PostgREST does with `set local schema ''`).
use std::collections::{HashMap, HashSet};
use std::time::Instant;

use cb_db::sqlx::{self, PgPool, Row};
use serde_json::Value;

use super::db_config::DbConfig;
use super::relationships::{self, ComputedRel, ForeignKey, KeyKind, ViewKey};
use super::view_columns::column_origins;
use super::{Column, Qi, ReturnKind, Routine, RoutineParam, SchemaCache, Table, Volatility};
use crate::RestSettings;

/// Columns as a JSON array, shared by the relations and the composite types query.
const COLUMNS_JSON: &str = r#"
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'description', cd.description,
      'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
      'cast_type', format_type(a.atttypid, -1),
      'nominal_type', format_type(a.atttypid, a.atttypmod),
      'data_type', case
          when t.typtype = 'd' then
            case when bt.typnamespace = 'pg_catalog'::regnamespace
                 then format_type(bt.oid, null) else format_type(a.atttypid, a.atttypmod) end
          when t.typnamespace = 'pg_catalog'::regnamespace then format_type(a.atttypid, null)
          else format_type(a.atttypid, a.atttypmod) end,
      'base_type', bt.typname,
      'max_length', information_schema._pg_char_max_length(
          information_schema._pg_truetypid(a.*, t.*), information_schema._pg_truetypmod(a.*, t.*)),
      'default', case
          when t.typbasetype <> 0 and ad.adbin is null then pg_get_expr(t.typdefaultbin, 0)
          when a.attidentity = 'd' then
            format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', rn.nspname, rc.relname), a.attname))
          when a.attgenerated = 's' then null
          else pg_get_expr(ad.adbin, ad.adrelid) end,
      'enum_values', coalesce(
          (select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid),
          '[]'::json)
    ) order by a.attnum)
    from pg_attribute a
    join pg_class rc on rc.oid = a.attrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    join pg_type t on t.oid = a.atttypid
    join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    left join pg_description cd
      on cd.objoid = a.attrelid and cd.objsubid = a.attnum and cd.classoid = 'pg_class'::regclass
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]'::json)"#;

fn tables_sql() -> String {
    format!(
        r#"
select n.nspname::text as schema,
       c.relname::text as name,
       d.description as description,
       c.relkind in ('v', 'm') as is_view,
       (c.relrowsecurity
          or coalesce(c.reloptions, '{{}}') && array['security_invoker=true', 'security_invoker=on',
                                                    'security_invoker=1']) as row_security,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f')
          and (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8)) as insertable,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f')
          and (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4)) as updatable,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f')
          and (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16)) as deletable,
       coalesce((
         select array_agg(a.attname::text order by a.attname::text)
         from pg_constraint k
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
         where k.conrelid = c.oid and k.contype = 'p'
       ), '{{}}') as pk,
       {COLUMNS_JSON}::text as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_description d on d.objoid = c.oid and d.objsubid = 0 and d.classoid = 'pg_class'::regclass
where c.relkind in ('v', 'r', 'm', 'f', 'p')
  and n.nspname = any($1)
  and not c.relispartition"#
    )
}

fn composites_sql() -> String {
    format!(
        r#"
select n.nspname::text as schema, c.relname::text as name, {COLUMNS_JSON}::text as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind = 'c'
  and c.reltype in (select p.prorettype from pg_proc p
                    join pg_namespace pn on pn.oid = p.pronamespace where pn.nspname = any($1))"#
    )
}

const FOREIGN_KEYS_SQL: &str = r#"
with pks_uniques_cols as (
  select conrelid, array_agg(key order by key) as cols
  from pg_constraint, lateral unnest(conkey) as _(key)
  where contype in ('p', 'u') and connamespace <> 'pg_catalog'::regnamespace
  group by oid, conrelid
)
select ns1.nspname::text as schema,
       tab.relname::text as name,
       ns2.nspname::text as foreign_schema,
       other.relname::text as foreign_name,
       traint.conname::text as constraint_name,
       column_info.cols_and_fcols::text as columns,
       (column_info.cols in (select cols from pks_uniques_cols where conrelid = traint.conrelid)) as one_to_one
from pg_constraint traint
join lateral (
  select json_agg(json_build_array(cols.attname, refs.attname) order by ord) as cols_and_fcols,
         array_agg(cols.attnum order by cols.attnum) as cols
  from unnest(traint.conkey, traint.confkey) with ordinality as _(col, ref, ord)
  join pg_attribute cols on cols.attrelid = traint.conrelid and cols.attnum = col
  join pg_attribute refs on refs.attrelid = traint.confrelid and refs.attnum = ref
) as column_info on true
join pg_class tab on tab.oid = traint.conrelid
join pg_namespace ns1 on ns1.oid = tab.relnamespace
join pg_class other on other.oid = traint.confrelid
join pg_namespace ns2 on ns2.oid = other.relnamespace
where traint.contype = 'f' and traint.conparentid = 0
  and (ns1.nspname = any($1) or traint.conrelid = any($2::int8[]::oid[]))
  and (ns2.nspname = any($1) or traint.confrelid = any($2::int8[]::oid[]))
order by traint.conrelid, traint.conname"#;

/// Computed relationships: functions in the exposed schemas with one argument, a relation's row
/// type, returning a relation's row type (PostgREST's `allComputedRels`).
const COMPUTED_RELS_SQL: &str = r#"
select pn.nspname::text as schema, p.proname::text as name,
       arg_ns.nspname::text as table_schema, arg.relname::text as table_name,
       ret_ns.nspname::text as foreign_schema, ret.relname::text as foreign_name,
       (not p.proretset or p.prorows = 1) as to_one
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_class arg on arg.reltype = p.proargtypes[0] and arg.relkind in ('v', 'r', 'm', 'f', 'p')
join pg_namespace arg_ns on arg_ns.oid = arg.relnamespace
join pg_class ret on ret.reltype = p.prorettype and ret.relkind in ('v', 'r', 'm', 'f', 'p')
join pg_namespace ret_ns on ret_ns.oid = ret.relnamespace
where p.pronargs = 1 and p.prokind = 'f' and pn.nspname = any($1)"#;

/// Every view's and materialized view's rewrite rule, with its column names by number.
const VIEWS_SQL: &str = r#"
select c.oid::int8 as oid,
       n.nspname::text as schema,
       c.relname::text as name,
       r.ev_action::text as definition,
       array(select a.attnum from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attnums,
       array(select a.attname::text from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as attnames
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')"#;

/// The primary and foreign keys of the given tables, each column in key order: `p` and `f`
/// for the constrained table's side, `f_ref` for the referenced side of a foreign key.
const TABLE_KEYS_SQL: &str = r#"
select k.relid::int8 as oid, n.nspname::text as schema, c.relname::text as name,
       k.conname::text as constraint_name, k.kind,
       array_agg(k.col order by k.ord) as attnums,
       array_agg(a.attname::text order by k.ord) as attnames
from (
  select conname, contype::text as kind, conrelid as relid, col, ord
    from pg_constraint, unnest(conkey) with ordinality as _(col, ord)
   where contype in ('p', 'f') and conrelid = any($1::int8[]::oid[])
  union all
  select conname, 'f_ref', confrelid, col, ord
    from pg_constraint, unnest(confkey) with ordinality as _(col, ord)
   where contype = 'f' and conparentid = 0 and confrelid = any($1::int8[]::oid[])
) k
join pg_class c on c.oid = k.relid
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = k.relid and a.attnum = k.col
group by k.relid, n.nspname, c.relname, k.conname, k.kind"#;

const ROUTINES_SQL: &str = r#"
select p.proname::text as name,
       pn.nspname::text as schema,
       d.description as description,
       coalesce(array(select format_type(u.t, -1) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(t, i) order by u.i), '{}') as arg_types,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       coalesce(p.proargnames, '{}') as arg_names,
       p.pronargs::int4 as nargs,
       p.pronargdefaults::int4 as nargdefaults,
       p.proretset as returns_set,
       format_type(bt.oid, -1) as return_type,
       (bt.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
       tn.nspname::text as return_schema,
       coalesce(comp.relname, bt.typname)::text as return_name,
       p.provolatile::text as volatility,
       (bt.oid = 'trigger'::regtype) as is_trigger
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
join pg_type bt on bt.oid = case when rt.typtype = 'd' then rt.typbasetype else rt.oid end
join pg_namespace tn on tn.oid = bt.typnamespace
left join pg_class comp on comp.oid = bt.typrelid
left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass
where p.prokind = 'f' and pn.nspname = any($1)"#;

const COMPUTED_SQL: &str = r#"
select tn.nspname::text as schema, tc.relname::text as table_name, p.proname::text as name,
       format_type(p.prorettype, -1) as return_type
from pg_proc p
join pg_type at on at.oid = p.proargtypes[0]
join pg_class tc on tc.oid = at.typrelid
join pg_namespace tn on tn.oid = tc.relnamespace
join pg_type rt on rt.oid = p.prorettype
where p.pronargs = 1 and p.prokind = 'f' and not p.proretset and rt.typrelid = 0
  and tn.nspname = any($1)
  and p.pronamespace in (select oid from pg_namespace where nspname = any($1))"#;

const ROLES_SQL: &str = r#"
select r.rolname::text,
       (select split_part(setting, '=', 2)
          from pg_db_role_setting s, unnest(s.setconfig) as setting
         where s.setrole = r.oid
           and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
           and setting like 'statement_timeout=%'
         order by s.setdatabase desc limit 1) as statement_timeout,
       r.rolsuper or r.rolbypassrls as bypasses_rls
from pg_roles r
where r.rolname in ('anon', 'authenticated', 'service_role')
   or exists (select 1 from pg_auth_members m join pg_roles a on a.oid = m.member
              where m.roleid = r.oid and a.rolname = 'authenticator')"#;

/// The `pgrst.*` settings of `authenticator`, the role PostgREST logs in as and reads its
/// in-database configuration from (name without the prefix, value); a setting for this
/// database wins over one for all databases, as in PostgREST.
const DB_CONFIG_SQL: &str = r#"
select distinct on (name) name, value
  from (select substr(split_part(setting, '=', 1), 7) as name,
               substr(setting, strpos(setting, '=') + 1) as value,
               s.setdatabase
          from pg_db_role_setting s, unnest(s.setconfig) as setting
         where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
           and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
           and setting like 'pgrst.%') as settings
 order by name, setdatabase desc"#;

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
    for row in sqlx::query(&tables_sql())
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        let qi = Qi::new(
            row.try_get::<String, _>("schema")?,
            row.try_get::<String, _>("name")?,
        );
        let columns = parse_columns(&row.try_get::<String, _>("columns")?);
        tables.insert(
            qi.clone(),
            Table {
                qi,
                description: row.try_get("description")?,
                is_view: row.try_get("is_view")?,
                row_security: row.try_get("row_security")?,
                insertable: row.try_get("insertable")?,
                updatable: row.try_get("updatable")?,
                deletable: row.try_get("deletable")?,
                pk: row.try_get("pk")?,
                columns,
                computed: HashMap::new(),
            },
        );
    }

    let mut composites: HashMap<Qi, Vec<Column>> = HashMap::new();
    for row in sqlx::query(&composites_sql())
        .persistent(false)
        .bind(&schema_list)
        .fetch_all(&mut *tx)
        .await?
    {
        let qi = Qi::new(
            row.try_get::<String, _>("schema")?,
            row.try_get::<String, _>("name")?,
        );
        composites.insert(qi, parse_columns(&row.try_get::<String, _>("columns")?));
    }

    let views = read_views(&mut tx, schemas).await?;
    let shown = views.shown_columns();
    let base_tables = base_tables(&shown);
    let view_keys = read_view_keys(&mut tx, &views, &shown, &base_tables).await?;

    let mut fks = Vec::new();
    for row in sqlx::query(FOREIGN_KEYS_SQL)
        .persistent(false)
        .bind(&schema_list)
        .bind(&base_tables)
        .fetch_all(&mut *tx)
        .await?
    {
        let columns: Vec<(String, String)> =
            serde_json::from_str(&row.try_get::<String, _>("columns")?).unwrap_or_default();
        fks.push(ForeignKey {
            table: Qi::new(
                row.try_get::<String, _>("schema")?,
                row.try_get::<String, _>("name")?,
            ),
            foreign_table: Qi::new(
                row.try_get::<String, _>("foreign_schema")?,
                row.try_get::<String, _>("foreign_name")?,
            ),
            constraint: row.try_get("constraint_name")?,
            columns,
            one_to_one: row.try_get("one_to_one")?,
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
        load_time: started.elapsed(),
        generation: 0,
    })
}

/// The views of the database and where the columns of the exposed ones come from.
#[derive(Default)]
struct Views {
    /// Every view by oid: its name and its columns' origins by column number.
    by_oid: HashMap<i64, ViewInfo>,
}

struct ViewInfo {
    qi: Qi,
    exposed: bool,
    names: HashMap<i16, String>,
    origins: HashMap<i16, (i64, i16)>,
}

impl Views {
    /// The table column a view column ultimately comes from, following views on views (a
    /// cycle, which PostgreSQL does not allow anyway, ends the walk).
    fn base_column(&self, view: i64, column: i16) -> Option<(i64, i16)> {
        let mut at = *self.by_oid.get(&view)?.origins.get(&column)?;
        let mut seen = HashSet::from([view]);
        while let Some(inner) = self.by_oid.get(&at.0) {
            if !seen.insert(at.0) {
                return None;
            }
            at = *inner.origins.get(&at.1)?;
        }
        Some(at)
    }

    /// For each table column an exposed view shows, the views' columns showing it, in column
    /// order per view: one walk down every exposed view column.
    fn shown_columns(&self) -> ShownColumns<'_> {
        let mut shown: ShownColumns<'_> = HashMap::new();
        for (oid, view) in self.by_oid.iter().filter(|(_, view)| view.exposed) {
            let mut columns: Vec<i16> = view.origins.keys().copied().collect();
            columns.sort_unstable();
            for column in columns {
                if let (Some(base), Some(name)) =
                    (self.base_column(*oid, column), view.names.get(&column))
                {
                    shown.entry(base).or_default().push((*oid, name));
                }
            }
        }
        shown
    }
}

/// (table oid, column number) -> the exposed views' columns (view oid, name) showing it.
type ShownColumns<'a> = HashMap<(i64, i16), Vec<(i64, &'a str)>>;

/// The tables `shown` columns come from, sorted.
fn base_tables(shown: &ShownColumns<'_>) -> Vec<i64> {
    let mut tables: Vec<i64> = shown.keys().map(|(table, _)| *table).collect();
    tables.sort_unstable();
    tables.dedup();
    tables
}

async fn read_views(tx: &mut sqlx::PgConnection, schemas: &[String]) -> Result<Views, sqlx::Error> {
    let mut views = Views::default();
    for row in sqlx::query(VIEWS_SQL)
        .persistent(false)
        .fetch_all(&mut *tx)
        .await?
    {
        let schema: String = row.try_get("schema")?;
        let attnums: Vec<i16> = row.try_get("attnums")?;
        let attnames: Vec<String> = row.try_get("attnames")?;
        let origins = column_origins(&row.try_get::<String, _>("definition")?)
            .into_iter()
            .map(|o| (o.resno, (i64::from(o.table), o.column)))
            .collect();
        views.by_oid.insert(
            row.try_get("oid")?,
            ViewInfo {
                exposed: schemas.contains(&schema),
                qi: Qi::new(schema, row.try_get::<String, _>("name")?),
                names: attnums.into_iter().zip(attnames).collect(),
                origins,
            },
        );
    }
    Ok(views)
}

/// The primary and foreign keys of the tables under the exposed views, each with the view
/// columns that show every one of its columns (a key a view shows only in part is left out,
/// as PostgREST does).
async fn read_view_keys(
    tx: &mut sqlx::PgConnection,
    views: &Views,
    shown: &ShownColumns<'_>,
    base_tables: &[i64],
) -> Result<Vec<ViewKey>, sqlx::Error> {
    if base_tables.is_empty() {
        return Ok(Vec::new());
    }
    let mut keys = Vec::new();
    for row in sqlx::query(TABLE_KEYS_SQL)
        .persistent(false)
        .bind(base_tables)
        .fetch_all(&mut *tx)
        .await?
    {
        let table_oid: i64 = row.try_get("oid")?;
        let kind = match row.try_get::<String, _>("kind")?.as_str() {
            "p" => KeyKind::Primary,
            "f" => KeyKind::Foreign,
            _ => KeyKind::ForeignReferenced,
        };
        let attnums: Vec<i16> = row.try_get("attnums")?;
        let attnames: Vec<String> = row.try_get("attnames")?;
        let table = Qi::new(
            row.try_get::<String, _>("schema")?,
            row.try_get::<String, _>("name")?,
        );
        let constraint: String = row.try_get("constraint_name")?;
        // Per view: for each key column, the view's columns showing it.
        let mut per_view: HashMap<i64, Vec<(String, Vec<String>)>> = HashMap::new();
        for (attnum, attname) in attnums.iter().zip(&attnames) {
            for (view, name) in shown.get(&(table_oid, *attnum)).into_iter().flatten() {
                let columns = per_view.entry(*view).or_default();
                match columns
                    .iter_mut()
                    .find(|(table_column, _)| table_column == attname)
                {
                    Some((_, names)) => names.push((*name).to_owned()),
                    None => columns.push((attname.clone(), vec![(*name).to_owned()])),
                }
            }
        }
        for (view, columns) in per_view {
            let Some(view) = views.by_oid.get(&view) else {
                continue;
            };
            if columns.len() != attnames.len() {
                continue;
            }
            keys.push(ViewKey {
                table: table.clone(),
                view: view.qi.clone(),
                constraint: constraint.clone(),
                kind,
                columns,
            });
        }
    }
    keys.sort();
    Ok(keys)
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
