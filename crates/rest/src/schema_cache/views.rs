//! The exposed views: where their columns come from, and the keys of the tables under them
//! that they show whole (PostgREST's view relationships).
use std::collections::{HashMap, HashSet};

use cb_db::sqlx::{self, Row};

use super::Qi;
use super::catalog::{TABLE_KEYS_SQL, VIEWS_SQL};
use super::relationships::{KeyKind, ViewKey};
use super::view_columns::column_origins;

/// The views of the database and where the columns of the exposed ones come from.
#[derive(Default)]
pub(super) struct Views {
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
    pub(super) fn shown_columns(&self) -> ShownColumns<'_> {
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
pub(super) type ShownColumns<'a> = HashMap<(i64, i16), Vec<(i64, &'a str)>>;

/// The tables `shown` columns come from, sorted.
pub(super) fn base_tables(shown: &ShownColumns<'_>) -> Vec<i64> {
    let mut tables: Vec<i64> = shown.keys().map(|(table, _)| *table).collect();
    tables.sort_unstable();
    tables.dedup();
    tables
}

pub(super) async fn read_views(
    tx: &mut sqlx::PgConnection,
    schemas: &[String],
) -> Result<Views, sqlx::Error> {
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
pub(super) async fn read_view_keys(
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
