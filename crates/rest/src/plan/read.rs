//! The read plan tree (PostgREST's `readPlan`): select items, filters, orders, ranges and
//! logic trees attached to their nodes, embeds resolved through relationships (with
//! PGRST200/201 on failure), aliases, related orders, null-embed filters, max rows.
//!
//! Why this file stays long: these passes run in PostgREST's order over one tree, each a
//! short function named after its Haskell counterpart in `Plan.hs`; split apart they would
//! read the same tree from many files and lose the order they must run in.
use cb_postgrest_syntax::{
    AggregateFunction, Field, JsonOperand, JsonOperation, LogicTree as SyntaxLogicTree,
    NonnegRange, Operation, OrderTerm as SyntaxOrderTerm, QuantOperator, SelectItem,
};

use super::{
    CoercibleField, CoercibleFilter, JoinCondition, LogicTree, OrderTerm, QualifierRef, ReadPlan,
    RelSelectField, SelectField, Spread, SpreadSelectField, fuzzy,
};
use crate::api_request::ApiRequest;
use crate::error::{AmbiguousRel, ApiError};
use crate::schema_cache::{Cardinality, Column, Qi, Relationship, SchemaCache};

/// The name of the CTE mutations and calls read their result from.
pub const SOURCE_CTE: &str = "pgrst_source";

/// What the read plan is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadKind {
    Read,
    Mutation,
    Call,
}

pub struct ReadContext<'a> {
    pub cache: &'a SchemaCache,
    pub schema: &'a str,
    pub max_rows: Option<i64>,
    pub aggregates_enabled: bool,
    pub kind: ReadKind,
    /// Columns of the root when it is a function result that is not a cached relation.
    pub root_columns: Option<&'a [Column]>,
}

impl ReadContext<'_> {
    /// Resolves a field of relation `qi` (PostgREST's `resolveTypeOrUnknown`).
    fn resolve(
        &self,
        qi: &Qi,
        name: &str,
        json_path: &[JsonOperation],
        fts: bool,
    ) -> CoercibleField {
        let json_path = json_path.to_vec();
        let column = self
            .cache
            .table(qi)
            .and_then(|t| t.column(name))
            .or_else(|| {
                if self.cache.table(qi).is_none() {
                    self.root_columns
                        .and_then(|cols| cols.iter().find(|c| c.name == name))
                } else {
                    None
                }
            });
        if let Some(column) = column {
            let base = column.base_type.as_str();
            let is_json = matches!(base, "json" | "jsonb");
            let is_tsvector = base == "tsvector";
            return CoercibleField {
                name: name.to_owned(),
                json_path,
                to_json: !is_json,
                to_tsvector: (fts && !is_tsvector).then_some(None),
                ir_type: Some(column.cast_type.clone()),
                base_type: Some(base.to_owned()),
                full_row: false,
                default: column.default.clone(),
                transform: None,
            };
        }
        if let Some(ret) = self.cache.table(qi).and_then(|t| t.computed.get(name)) {
            return CoercibleField {
                name: name.to_owned(),
                json_path,
                to_json: !matches!(ret.as_str(), "json" | "jsonb"),
                to_tsvector: (fts && ret != "tsvector").then_some(None),
                ir_type: Some(ret.clone()),
                base_type: Some(ret.clone()),
                full_row: false,
                default: None,
                transform: None,
            };
        }
        let mut field = CoercibleField::unknown(name, json_path);
        field.to_json = true;
        field
    }

    /// A field of a select list: a column whose domain has a `domain -> json` representation
    /// is formatted with its cast function (PostgREST's `resolveOutputField`).
    fn resolve_output(&self, qi: &Qi, name: &str, json_path: &[JsonOperation]) -> CoercibleField {
        let mut field = self.resolve(qi, name, json_path, false);
        if field.json_path.is_empty()
            && let Some(format) = field
                .ir_type
                .as_deref()
                .and_then(|ty| self.cache.representation(ty, "json"))
        {
            field.transform = Some(format.to_owned());
        }
        field
    }

    /// Whether a relation has a column formatted by a representation (its `*` is then
    /// expanded so that each column gets its format).
    fn has_output_representation(&self, qi: &Qi) -> bool {
        !self.cache.representations.is_empty()
            && self.cache.table(qi).is_some_and(|t| {
                t.columns
                    .iter()
                    .any(|c| self.cache.representation(&c.cast_type, "json").is_some())
            })
    }
}

fn new_node(from: Qi, rel_name: String, depth: u32) -> ReadPlan {
    ReadPlan {
        select: Vec::new(),
        context: from.clone(),
        from,
        from_alias: None,
        where_: Vec::new(),
        order: Vec::new(),
        range: NonnegRange::ALL,
        rel_name,
        rel_to_parent: None,
        rel_join_conds: Vec::new(),
        rel_alias: None,
        rel_agg_alias: String::new(),
        rel_hint: None,
        rel_join_type: None,
        rel_spread: None,
        rel_select: Vec::new(),
        depth,
        children: Vec::new(),
    }
}

/// Builds the read plan of `root` (a relation, or a function result named like its type).
pub fn read_plan(ctx: &ReadContext<'_>, root: &Qi, req: &ApiRequest) -> Result<ReadPlan, ApiError> {
    let mut plan = new_node(root.clone(), root.name.clone(), 0);
    stash_children(&mut plan, &req.query.select);
    validate_casts(&plan)?;

    // Every parameter addressing an embed must name one (PGRST108), checked in PostgREST's
    // order: filters, orders, ranges, logic trees.
    let is_mutation = ctx.kind == ReadKind::Mutation;
    for f in &req.query.filters {
        if is_mutation && f.embed_path.is_empty() {
            continue;
        }
        find_node(&plan, &f.embed_path)?;
    }
    for o in &req.query.order {
        find_node(&plan, &o.embed_path)?;
    }
    if !is_mutation {
        for r in &req.ranges {
            find_node(&plan, &r.embed_path)?;
        }
    }
    for l in &req.query.logic {
        if is_mutation && l.embed_path.is_empty() {
            continue;
        }
        find_node(&plan, &l.embed_path)?;
    }

    // Root of mutations and calls: read from the CTE, aliased as the relation.
    if ctx.kind != ReadKind::Read {
        plan.from = Qi::new("", SOURCE_CTE);
        plan.from_alias = Some(root.name.clone());
    }
    add_rels(ctx, &mut plan, None)?;

    // Filters, orders, ranges and logic trees, resolved against each node's relation.
    for f in req.query.filters.iter().rev() {
        if is_mutation && f.embed_path.is_empty() {
            continue;
        }
        let node = find_node_mut(&mut plan, &f.embed_path)?;
        let filter = resolve_filter(ctx, &node.context, &f.filter);
        node.where_.insert(0, LogicTree::Stmnt(filter));
    }
    for o in req.query.order.iter().rev() {
        let node = find_node_mut(&mut plan, &o.embed_path)?;
        let context = node.context.clone();
        node.order = o
            .terms
            .iter()
            .map(|t| resolve_order(ctx, &context, t))
            .collect();
    }
    if !is_mutation {
        for r in req.ranges.iter().rev() {
            let node = find_node_mut(&mut plan, &r.embed_path)?;
            node.range = r.range;
        }
    }
    for l in req.query.logic.iter().rev() {
        if is_mutation && l.embed_path.is_empty() {
            continue;
        }
        let node = find_node_mut(&mut plan, &l.embed_path)?;
        let context = node.context.clone();
        let tree = resolve_logic(ctx, &context, &l.tree);
        node.where_.insert(0, tree);
    }

    expand_stars(ctx, &mut plan, false);
    add_aliases(&mut plan);
    add_related_orders(&mut plan)?;
    add_null_embed_filters(&mut plan);
    add_rel_selects(&mut plan);
    if !ctx.aggregates_enabled && uses_aggregates(&plan) {
        return Err(ApiError::AggregatesNotAllowed);
    }
    hoist_spread_aggregates(&mut plan);
    add_to_many_order_selects(&mut plan)?;
    if !is_mutation {
        restrict_range(&mut plan, ctx.max_rows);
    }
    Ok(plan)
}

/// Keeps the select items of an embed until its relation is known (they are resolved in
/// `add_rels`). The items are stored in the node itself, as unresolved fields.
fn stash_children(node: &mut ReadPlan, items: &[SelectItem]) {
    node.select = items
        .iter()
        .filter_map(SelectItem::field)
        .map(|item| SelectField {
            field: CoercibleField::unknown(&item.field.name, item.field.json_path.clone()),
            aggregate: item.aggregate,
            aggregate_cast: item.aggregate_cast.map(str::to_owned),
            cast: item.cast.map(str::to_owned),
            alias: item.alias.map(str::to_owned),
        })
        .collect();
    let schema = node.from.schema.clone();
    for embed in items.iter().filter_map(SelectItem::embed) {
        let mut child = new_node(
            Qi::new(schema.clone(), embed.relation.to_owned()),
            embed.relation.to_owned(),
            node.depth + 1,
        );
        child.rel_alias = embed.alias.map(str::to_owned);
        child.rel_hint = embed.hint.map(str::to_owned);
        child.rel_join_type = embed.join_type;
        child.rel_spread = embed.spread.then_some(Spread::ToOne);
        stash_children(&mut child, embed.children);
        node.children.push(child);
    }
}

/// Casts are written into the SQL as given (quoting would break `int`, `bigint`, ...); the
/// grammar only lets letters, digits, `_`, `$` and spaces through. A word starting with `$`
/// could open a dollar-quoted string, so such casts are refused as unknown types.
fn validate_casts(node: &ReadPlan) -> Result<(), ApiError> {
    for sel in &node.select {
        for cast in [&sel.cast, &sel.aggregate_cast].into_iter().flatten() {
            let unsafe_word = cast.split(' ').any(|word| {
                word.starts_with('$') || word.starts_with(|c: char| c.is_ascii_digit())
            });
            if unsafe_word || cast.trim().is_empty() {
                return Err(ApiError::Pg {
                    code: "42704".into(),
                    message: format!("type \"{cast}\" does not exist"),
                    details: None,
                    hint: None,
                    anon: false,
                });
            }
        }
    }
    node.children.iter().try_for_each(validate_casts)
}

fn node_matches(node: &ReadPlan, name: &str) -> bool {
    node.rel_name == name || node.rel_alias.as_deref() == Some(name)
}

/// Where the embed called `name` (its name or alias) is among the node's children.
fn child_index(node: &ReadPlan, name: &str) -> Result<usize, ApiError> {
    node.children
        .iter()
        .position(|c| node_matches(c, name))
        .ok_or_else(|| ApiError::NotEmbedded(name.to_owned()))
}

fn find_node<'p>(plan: &'p ReadPlan, path: &[String]) -> Result<&'p ReadPlan, ApiError> {
    let mut node = plan;
    for name in path {
        node = &node.children[child_index(node, name)?];
    }
    Ok(node)
}

fn find_node_mut<'p>(
    plan: &'p mut ReadPlan,
    path: &[String],
) -> Result<&'p mut ReadPlan, ApiError> {
    let mut node = plan;
    for name in path {
        let index = child_index(node, name)?;
        node = &mut node.children[index];
    }
    Ok(node)
}

fn resolve_filter(
    ctx: &ReadContext<'_>,
    qi: &Qi,
    filter: &cb_postgrest_syntax::Filter,
) -> CoercibleFilter {
    let fts = matches!(filter.operation, Operation::Fts { .. });
    let mut field = ctx.resolve(qi, &filter.field.name, &filter.field.json_path, fts);
    let parse = field
        .ir_type
        .as_deref()
        .filter(|_| field.json_path.is_empty() && !fts)
        .and_then(|ty| ctx.cache.representation("text", ty));
    if let Some(parse) = parse {
        // A `text -> domain` representation parses the value (PostgREST's withTextParse).
        field.transform = Some(parse.to_owned());
        field.ir_type = Some("text".to_owned());
    } else if field.json_path.is_empty()
        && let Some(operand) = pg_operator(&filter.operation)
            .zip(field.ir_type.as_deref())
            .and_then(|(operator, column_type)| ctx.cache.operand_type(column_type, operator))
    {
        field.ir_type = Some(operand.to_owned());
    }
    if let (Some(tsv), Operation::Fts { language, .. }) =
        (&mut field.to_tsvector, &filter.operation)
    {
        *tsv = language.clone();
    }
    CoercibleFilter::Filter {
        field: Box::new(field),
        negated: filter.negated,
        operation: filter.operation.clone(),
    }
}

/// The name in pg_operator of the operator a filter applies to its column and value.
fn pg_operator(operation: &Operation) -> Option<&'static str> {
    match operation {
        Operation::Simple { op, .. } => Some(op.sql()),
        Operation::Quant { op, .. } => Some(match op {
            QuantOperator::Like => "~~",
            QuantOperator::ILike => "~~*",
            other => other.sql(),
        }),
        Operation::In(_) | Operation::IsDistinctFrom(_) => Some("="),
        Operation::Is(_) | Operation::Fts { .. } => None,
    }
}

fn resolve_logic(ctx: &ReadContext<'_>, qi: &Qi, tree: &SyntaxLogicTree) -> LogicTree {
    match tree {
        SyntaxLogicTree::Stmnt(filter) => LogicTree::Stmnt(resolve_filter(ctx, qi, filter)),
        SyntaxLogicTree::Expr {
            negated,
            op,
            children,
        } => LogicTree::Expr {
            negated: *negated,
            op: *op,
            children: children.iter().map(|c| resolve_logic(ctx, qi, c)).collect(),
        },
    }
}

/// Resolves the root filters and logic trees of a mutation against `qi`.
pub(crate) fn resolve_root_logic(
    ctx: &ReadContext<'_>,
    qi: &Qi,
    req: &ApiRequest,
) -> Vec<LogicTree> {
    let mut out: Vec<LogicTree> = req
        .query
        .filters
        .iter()
        .filter(|f| f.embed_path.is_empty())
        .map(|f| LogicTree::Stmnt(resolve_filter(ctx, qi, &f.filter)))
        .collect();
    out.extend(
        req.query
            .logic
            .iter()
            .filter(|l| l.embed_path.is_empty())
            .map(|l| resolve_logic(ctx, qi, &l.tree)),
    );
    out
}

fn resolve_order(ctx: &ReadContext<'_>, qi: &Qi, term: &SyntaxOrderTerm) -> OrderTerm {
    match term {
        SyntaxOrderTerm::Field {
            field,
            direction,
            nulls,
        } => OrderTerm::Field {
            field: ctx.resolve(qi, &field.name, &field.json_path, false),
            direction: *direction,
            nulls: *nulls,
        },
        SyntaxOrderTerm::Relation {
            relation,
            field,
            direction,
            nulls,
        } => OrderTerm::Relation {
            relation: relation.clone(),
            field: CoercibleField::unknown(&field.name, field.json_path.clone()),
            direction: *direction,
            nulls: *nulls,
        },
    }
}

/// Resolves every embed's relationship (PostgREST's `addRels`), then the fields of the embed.
fn add_rels(
    ctx: &ReadContext<'_>,
    node: &mut ReadPlan,
    parent: Option<(&Qi, Option<&str>)>,
) -> Result<(), ApiError> {
    if let Some((parent_from, parent_alias)) = parent {
        let origin = if node.depth == 1 {
            parent_alias.map_or_else(|| parent_from.name.clone(), str::to_owned)
        } else {
            parent_from.name.clone()
        };
        let rel = find_rel(ctx, &origin, &node.rel_name, node.rel_hint.as_deref())?;
        let depth = node.depth;
        let agg_alias = format!(
            "{}_{}_{}",
            rel.table.name,
            node.rel_alias.as_deref().unwrap_or(&node.rel_name),
            depth
        );
        if node.rel_spread.is_some() && !rel.is_to_one() {
            node.rel_spread = Some(Spread::ToMany {
                extra_selects: Vec::new(),
                order: Vec::new(),
            });
        }
        node.from = rel.foreign_table.clone();
        node.context = rel.foreign_table.clone();
        node.rel_agg_alias = agg_alias;
        let mut rel = rel;
        if matches!(rel.cardinality, Cardinality::M2M(_)) {
            node.from_alias = None;
            node.rel_join_conds = join_conditions(None, parent_alias, &rel);
        } else {
            let alias = format!("{}_{}", rel.foreign_table.name, depth);
            if let Cardinality::Computed { origin_alias, .. } = &mut rel.cardinality {
                // Called with the parent's row: no join condition.
                if let Some(parent) = parent_alias {
                    parent.clone_into(origin_alias);
                }
            } else {
                node.rel_join_conds = join_conditions(Some(&alias), parent_alias, &rel);
            }
            node.from_alias = Some(alias);
        }
        node.rel_to_parent = Some(rel);
    }
    // Now the node's own fields can be typed.
    let context = node.context.clone();
    for field in &mut node.select {
        let resolved = ctx.resolve_output(&context, &field.field.name, &field.field.json_path);
        field.field = resolved;
    }
    let from = node.from.clone();
    let alias = node.from_alias.clone();
    // Children of the root of a mutation/call find relationships by the alias (the table
    // name); deeper levels by their parent's relation.
    for child in &mut node.children {
        add_rels(ctx, child, Some((&from, alias.as_deref())))?;
    }
    Ok(())
}

fn join_conditions(
    table_alias: Option<&str>,
    parent_alias: Option<&str>,
    rel: &Relationship,
) -> Vec<JoinCondition> {
    let schema = rel.table.schema.clone();
    let t_name = rel.table.name.clone();
    let ft_name = rel.foreign_table.name.clone();
    let qualifier = |alias: Option<&str>, table: &str| match alias {
        Some(a) => QualifierRef::Alias(a.to_owned()),
        None => QualifierRef::Qualified(Qi::new(schema.clone(), table.to_owned())),
    };
    let condition = |parent: Option<&str>,
                     new: Option<&str>,
                     tb: &str,
                     ftb: &str,
                     (c, fc): &(String, String)| JoinCondition {
        left: (qualifier(new, ftb), fc.clone()),
        right: (qualifier(parent, tb), c.clone()),
    };
    match &rel.cardinality {
        Cardinality::M2M(junction) => {
            let jt = junction.table.name.clone();
            let mut out: Vec<JoinCondition> = junction
                .columns_target
                .iter()
                .map(|pair| condition(None, None, &ft_name, &jt, pair))
                .collect();
            out.extend(
                junction
                    .columns_source
                    .iter()
                    .map(|pair| condition(parent_alias, table_alias, &t_name, &jt, pair)),
            );
            out
        }
        _ => rel
            .columns()
            .iter()
            .map(|pair| condition(parent_alias, table_alias, &t_name, &ft_name, pair))
            .collect(),
    }
}

/// PostgREST's `findRel`.
fn find_rel(
    ctx: &ReadContext<'_>,
    origin: &str,
    target: &str,
    hint: Option<&str>,
) -> Result<Relationship, ApiError> {
    let schema = ctx.schema;
    let origin_qi = Qi::new(schema, origin);
    let all = ctx.cache.relationships.get(&origin_qi);
    let single_col = |cols: &[(String, String)], first: bool, value: &str| -> bool {
        cols.len() == 1
            && if first {
                cols[0].0 == value
            } else {
                cols[0].1 == value
            }
    };
    let matches = |rel: &Relationship| -> bool {
        // A computed relationship goes by its function's name, whatever the hint.
        if let Cardinality::Computed { function, .. } = &rel.cardinality {
            return function.schema == schema && function.name == target;
        }
        if rel.foreign_table.schema != schema {
            return false;
        }
        let is_o2m = matches!(rel.cardinality, Cardinality::O2M { .. });
        let is_m2o = matches!(rel.cardinality, Cardinality::M2O { .. });
        let cols = rel.columns();
        let constraint = rel.constraint();
        let junction = match &rel.cardinality {
            Cardinality::M2M(j) => Some(j.table.name.as_str()),
            _ => None,
        };
        if rel.is_self {
            match hint {
                None => {
                    (target == rel.foreign_table.name && is_o2m)
                        || (single_col(cols, true, target) && is_m2o)
                }
                Some(h) => target == rel.foreign_table.name && is_o2m && single_col(cols, false, h),
            }
        } else {
            match hint {
                None => {
                    target == rel.foreign_table.name
                        || (constraint == Some(target) && !rel.foreign_table_is_view)
                        || (single_col(cols, true, target) && !rel.foreign_table_is_view)
                }
                Some(h) => {
                    target == rel.foreign_table.name
                        && (constraint == Some(h)
                            || single_col(cols, true, h)
                            || single_col(cols, false, h)
                            || junction == Some(h))
                }
            }
        }
    };
    let found: Vec<&Relationship> = all
        .map(|rels| rels.iter().filter(|r| matches(r)).collect())
        .unwrap_or_default();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(ApiError::NoRelationship {
            parent: origin.to_owned(),
            child: target.to_owned(),
            hint: hint.map(str::to_owned),
            schema: schema.to_owned(),
            suggestion: no_rel_hint(ctx, origin, target),
        }),
        many => Err(ApiError::AmbiguousRelationship {
            parent: origin.to_owned(),
            child: target.to_owned(),
            relationships: many.iter().map(|r| compressed_rel(r)).collect(),
            hints: many.iter().map(|r| rel_hint(r)).collect(),
        }),
    }
}

fn fmt_cols<'c>(cols: impl Iterator<Item = &'c str>) -> String {
    format!("({})", cols.collect::<Vec<_>>().join(", "))
}

fn compressed_rel(rel: &Relationship) -> AmbiguousRel {
    let embedding = format!("{} with {}", rel.table.name, rel.foreign_table.name);
    let simple = |name: &'static str, constraint: &str, cols: &[(String, String)]| {
        (
            name,
            format!(
                "{} using {}{} and {}{}",
                constraint,
                rel.table.name,
                fmt_cols(cols.iter().map(|(c, _)| c.as_str())),
                rel.foreign_table.name,
                fmt_cols(cols.iter().map(|(_, c)| c.as_str()))
            ),
        )
    };
    let (cardinality, relationship) = match &rel.cardinality {
        Cardinality::M2M(j) => (
            "many-to-many",
            format!(
                "{} using {}{} and {}{}",
                j.table.name,
                j.constraint1,
                fmt_cols(j.columns_source.iter().map(|(_, c)| c.as_str())),
                j.constraint2,
                fmt_cols(j.columns_target.iter().map(|(_, c)| c.as_str()))
            ),
        ),
        Cardinality::M2O {
            constraint,
            columns,
        } => simple("many-to-one", constraint, columns),
        Cardinality::O2O {
            constraint,
            columns,
            ..
        } => simple("one-to-one", constraint, columns),
        Cardinality::O2M {
            constraint,
            columns,
        } => simple("one-to-many", constraint, columns),
        // Only ambiguous beside a foreign key found by constraint or column name.
        Cardinality::Computed { function, .. } => ("computed", function.name.clone()),
    };
    AmbiguousRel {
        cardinality,
        embedding,
        relationship,
    }
}

fn rel_hint(rel: &Relationship) -> String {
    let via = match &rel.cardinality {
        Cardinality::M2M(j) => j.table.name.clone(),
        Cardinality::M2O { constraint, .. }
        | Cardinality::O2O { constraint, .. }
        | Cardinality::O2M { constraint, .. } => constraint.clone(),
        Cardinality::Computed { function, .. } => function.name.clone(),
    };
    format!("'{}!{}'", rel.foreign_table.name, via)
}

fn no_rel_hint(ctx: &ReadContext<'_>, parent: &str, child: &str) -> Option<String> {
    let schema = ctx.schema;
    let parent_rels = ctx.cache.relationships.get(&Qi::new(schema, parent));
    match parent_rels {
        Some(rels) => {
            let children: Vec<&str> = rels
                .iter()
                .filter(|r| r.foreign_table.schema == schema)
                .map(|r| r.foreign_table.name.as_str())
                .collect();
            // No hint when the child is there (score 1.0).
            fuzzy::get(&children, child, 0.33)
                .into_iter()
                .find(|(score, _)| *score < 1.0)
                .map(|(_, c)| format!("Perhaps you meant '{c}' instead of '{child}'."))
        }
        None => {
            let parents: Vec<&str> = ctx
                .cache
                .relationships
                .keys()
                .filter(|qi| qi.schema == schema)
                .map(|qi| qi.name.as_str())
                .collect();
            fuzzy::get_one(&parents, parent, 0.33)
                .map(|p| format!("Perhaps you meant '{p}' instead of '{parent}'."))
        }
    }
}

/// `*` is expanded into the columns when aggregates are involved or a column has a domain
/// representation, and a spread's `count()` counts whole rows (PostgREST's `expandStars`).
fn expand_stars(ctx: &ReadContext<'_>, node: &mut ReadPlan, has_agg: bool) {
    let has_agg = has_agg
        || node.select.iter().any(|s| s.aggregate.is_some())
        || matches!(node.rel_spread, Some(Spread::ToMany { .. }));
    let is_spread = node.rel_spread.is_some();
    let has_star = node.select.iter().any(|s| {
        s.field.name == "*"
            && s.field.json_path.is_empty()
            && (s.aggregate.is_none()
                || (is_spread && s.aggregate == Some(AggregateFunction::Count)))
    });
    if has_star && (has_agg || ctx.has_output_representation(&node.context)) {
        let columns: Vec<Column> = ctx
            .cache
            .table(&node.context)
            .map(|t| t.columns.clone())
            .or_else(|| ctx.root_columns.map(<[Column]>::to_vec))
            .unwrap_or_default();
        let mut expanded = Vec::new();
        for sel in std::mem::take(&mut node.select) {
            if sel.field.name == "*" && sel.field.json_path.is_empty() && sel.aggregate.is_none() {
                for column in &columns {
                    expanded.push(SelectField {
                        field: ctx.resolve_output(&node.context, &column.name, &[]),
                        ..sel.clone()
                    });
                }
            } else if is_spread
                && sel.field.name == "*"
                && sel.aggregate == Some(AggregateFunction::Count)
            {
                let mut s = sel;
                s.field.full_row = true;
                expanded.push(s);
            } else {
                expanded.push(sel);
            }
        }
        node.select = expanded;
    }
    for child in &mut node.children {
        expand_stars(ctx, child, has_agg);
    }
}

fn add_aliases(node: &mut ReadPlan) {
    let is_spread = node.rel_spread.is_some();
    for sel in &mut node.select {
        if sel.alias.is_some() {
            continue;
        }
        if let Some(agg) = sel.aggregate {
            if is_spread {
                sel.alias = Some(agg.sql_name().to_lowercase());
            }
            continue;
        }
        if let Some(last) = sel.field.json_path.last() {
            let alias = match last.operand() {
                JsonOperand::Key(k) => Some(k.clone()),
                JsonOperand::Idx(_) => Some(
                    Field {
                        name: sel.field.name.clone(),
                        json_path: sel.field.json_path.clone(),
                    }
                    .default_alias()
                    .to_owned(),
                ),
            };
            sel.alias = alias;
        }
    }
    for child in &mut node.children {
        add_aliases(child);
    }
}

fn add_related_orders(node: &mut ReadPlan) -> Result<(), ApiError> {
    let from_name = node
        .from_alias
        .clone()
        .filter(|_| node.depth == 0 && node.from.name == SOURCE_CTE)
        .unwrap_or_else(|| node.from.name.clone());
    for term in &mut node.order {
        if let OrderTerm::Relation { relation, .. } = term {
            let found = node
                .children
                .iter()
                .find(|c| c.rel_alias.as_deref().unwrap_or(&c.rel_name) == relation.as_str());
            match found {
                Some(child) => {
                    let to_one = child
                        .rel_to_parent
                        .as_ref()
                        .is_some_and(Relationship::is_to_one);
                    if to_one {
                        *relation = child.rel_agg_alias.clone();
                    } else {
                        return Err(ApiError::RelatedOrderNotToOne {
                            origin: from_name,
                            target: child
                                .rel_alias
                                .clone()
                                .unwrap_or_else(|| child.rel_name.clone()),
                        });
                    }
                }
                None => return Err(ApiError::NotEmbedded(relation.clone())),
            }
        }
    }
    for child in &mut node.children {
        add_related_orders(child)?;
    }
    Ok(())
}

fn add_null_embed_filters(node: &mut ReadPlan) {
    let children: Vec<(String, Option<String>, String)> = node
        .children
        .iter()
        .map(|c| {
            (
                c.rel_name.clone(),
                c.rel_alias.clone(),
                c.rel_agg_alias.clone(),
            )
        })
        .collect();
    fn rewrite(tree: &mut LogicTree, children: &[(String, Option<String>, String)]) {
        match tree {
            LogicTree::Expr {
                children: trees, ..
            } => {
                for t in trees {
                    rewrite(t, children);
                }
            }
            LogicTree::Stmnt(CoercibleFilter::Filter {
                field,
                negated,
                operation: Operation::Is(cb_postgrest_syntax::IsValue::Null),
            }) if field.json_path.is_empty() => {
                if let Some((_, _, agg)) = children
                    .iter()
                    .find(|(name, alias, _)| alias.as_deref().unwrap_or(name) == field.name)
                {
                    *tree = LogicTree::Stmnt(CoercibleFilter::NullEmbed {
                        negated: *negated,
                        agg_alias: agg.clone(),
                    });
                }
            }
            LogicTree::Stmnt(_) => {}
        }
    }
    for tree in &mut node.where_ {
        rewrite(tree, &children);
    }
    for child in &mut node.children {
        add_null_embed_filters(child);
    }
}

fn only_null_embed(node: &ReadPlan) -> bool {
    node.select.is_empty() && node.children.iter().all(only_null_embed)
}

fn spread_fields(node: &ReadPlan) -> Vec<SpreadSelectField> {
    let mut out: Vec<SpreadSelectField> = node
        .select
        .iter()
        .map(|s| SpreadSelectField {
            name: s.alias.clone().unwrap_or_else(|| s.field.name.clone()),
            aggregate: None,
            aggregate_cast: None,
            alias: None,
        })
        .collect();
    for rel in &node.rel_select {
        match rel {
            RelSelectField::JsonEmbed { sel_name, .. } => out.push(SpreadSelectField {
                name: sel_name.clone(),
                aggregate: None,
                aggregate_cast: None,
                alias: None,
            }),
            RelSelectField::Spread { fields, .. } => out.extend(fields.iter().cloned()),
        }
    }
    out
}

/// An aggregate of a to-one spread on its way up to the level that groups it: the spread's
/// aggregate alias, the function with its cast, and the field's alias (every aggregate in a
/// spread has one, see `add_aliases`): its name in the spread and above.
struct HoistedAggregate {
    agg_alias: String,
    aggregate: AggregateFunction,
    cast: Option<String>,
    alias: String,
}

/// PostgREST's `hoistSpreadAggFunctions`: an aggregate inside a to-one spread is computed by
/// the nearest level above that is the root or an embed (not inside the spread's own
/// subquery, where it would see one row), so it is grouped by that level's columns and by the
/// other spreads' columns. The spread selects the plain column; the level above aggregates it.
fn hoist_spread_aggregates(node: &mut ReadPlan) -> Vec<HoistedAggregate> {
    let from_children: Vec<HoistedAggregate> = node
        .children
        .iter_mut()
        .flat_map(hoist_spread_aggregates)
        .collect();
    if !matches!(node.rel_spread, Some(Spread::ToOne)) || node.depth == 0 {
        // This level groups what its to-one spreads hoisted.
        for rel in &mut node.rel_select {
            if let RelSelectField::Spread { fields, agg_alias } = rel {
                for field in fields {
                    if let Some(hoisted) = from_children
                        .iter()
                        .find(|h| &h.agg_alias == agg_alias && h.alias == field.name)
                    {
                        field.aggregate = Some(hoisted.aggregate);
                        field.aggregate_cast.clone_from(&hoisted.cast);
                        field.alias = Some(hoisted.alias.clone());
                    }
                }
            }
        }
        return Vec::new();
    }
    let agg_alias = node.rel_agg_alias.clone();
    let mut hoisted = Vec::new();
    for select in &mut node.select {
        if let (Some(aggregate), Some(alias)) = (select.aggregate, &select.alias) {
            hoisted.push(HoistedAggregate {
                agg_alias: agg_alias.clone(),
                aggregate,
                cast: select.aggregate_cast.take(),
                alias: alias.clone(),
            });
            select.aggregate = None;
        }
    }
    // What this spread's own spreads hoisted goes on up under this spread's alias.
    hoisted.extend(from_children.into_iter().map(|h| HoistedAggregate {
        agg_alias: agg_alias.clone(),
        ..h
    }));
    hoisted
}

fn add_rel_selects(node: &mut ReadPlan) {
    for child in &mut node.children {
        add_rel_selects(child);
    }
    node.rel_select = node
        .children
        .iter()
        .filter_map(|child| {
            let rel = child.rel_to_parent.as_ref()?;
            if child.rel_spread.is_some() {
                Some(RelSelectField::Spread {
                    fields: spread_fields(child),
                    agg_alias: child.rel_agg_alias.clone(),
                })
            } else {
                Some(RelSelectField::JsonEmbed {
                    sel_name: child
                        .rel_alias
                        .clone()
                        .unwrap_or_else(|| child.rel_name.clone()),
                    agg_alias: child.rel_agg_alias.clone(),
                    to_one: rel.is_to_one(),
                    empty: only_null_embed(child),
                })
            }
        })
        .collect();
}

fn uses_aggregates(node: &ReadPlan) -> bool {
    node.select.iter().any(|s| s.aggregate.is_some()) || node.children.iter().any(uses_aggregates)
}

fn add_to_many_order_selects(node: &mut ReadPlan) -> Result<(), ApiError> {
    if let Some(Spread::ToMany { .. }) = node.rel_spread {
        let any_agg = node.select.iter().any(|s| s.aggregate.is_some())
            || node.rel_select.iter().any(|r| matches!(r, RelSelectField::Spread { fields, .. } if fields.iter().any(|f| f.aggregate.is_some())));
        if any_agg {
            return Err(ApiError::NotImplemented(
                "Aggregates are not implemented for one-to-many or many-to-many spreads.".into(),
            ));
        }
        let mut extra = Vec::new();
        let mut order = Vec::new();
        for (i, term) in std::mem::take(&mut node.order).into_iter().enumerate() {
            let i = i + 1;
            let (relation, selected, direction, nulls) = match term {
                OrderTerm::Field {
                    field,
                    direction,
                    nulls,
                } => (None, field, direction, nulls),
                OrderTerm::Relation {
                    relation,
                    field,
                    direction,
                    nulls,
                } => (
                    Some(relation),
                    CoercibleField::unknown(&field.name, field.json_path),
                    direction,
                    nulls,
                ),
            };
            let alias = format!("{}_{}_{}", node.rel_agg_alias, selected.name, i);
            extra.push((
                relation,
                SelectField {
                    field: selected,
                    aggregate: None,
                    aggregate_cast: None,
                    cast: None,
                    alias: Some(alias.clone()),
                },
            ));
            order.push(OrderTerm::Field {
                field: CoercibleField::unknown(&alias, Vec::new()),
                direction,
                nulls,
            });
        }
        node.rel_spread = Some(Spread::ToMany {
            extra_selects: extra,
            order,
        });
    }
    for child in &mut node.children {
        add_to_many_order_selects(child)?;
    }
    Ok(())
}

fn restrict_range(node: &mut ReadPlan, max_rows: Option<i64>) {
    if let Some(max) = max_rows {
        let restricted = node.range.restrict(i128::from(max));
        node.range = if node.range.has_limit_zero() {
            NonnegRange::LIMIT_ZERO
        } else {
            restricted
        };
    }
    for child in &mut node.children {
        restrict_range(child, max_rows);
    }
}
