//! The catalog queries' text: relations, composite types, foreign keys, views, keys,
//! functions, computed relationships, roles and the in-database configuration.
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
    join pg_type bt on bt.oid = case when t.typtype = 'd' then (
        -- A domain over a domain resolves to the type at the bottom of the chain.
        with recursive chain(oid, typtype, typbasetype) as (
          select t.oid, t.typtype, t.typbasetype
          union all
          select d.oid, d.typtype, d.typbasetype
            from pg_type d join chain on d.oid = chain.typbasetype
           where chain.typtype = 'd')
        select oid from chain where typtype <> 'd') else t.oid end
    left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    left join pg_description cd
      on cd.objoid = a.attrelid and cd.objsubid = a.attnum and cd.classoid = 'pg_class'::regclass
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]'::json)"#;

pub(super) fn tables_sql() -> String {
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

pub(super) fn composites_sql() -> String {
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

pub(super) const FOREIGN_KEYS_SQL: &str = r#"
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
pub(super) const COMPUTED_RELS_SQL: &str = r#"
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
pub(super) const VIEWS_SQL: &str = r#"
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
pub(super) const TABLE_KEYS_SQL: &str = r#"
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

pub(super) const ROUTINES_SQL: &str = r#"
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

pub(super) const COMPUTED_SQL: &str = r#"
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

/// The operand type a filter's value takes when a column's type is not the operator's: for each
/// type outside pg_catalog (and each domain over one) and each binary operator on it that has
/// no variant taking the same type on the right but exactly one other, that right-hand type.
/// PostgREST sends values untyped and PostgreSQL resolves `ltree ~ unknown` to `ltree ~
/// lquery`; values here are bound as text and cast, so the cast names that type.
pub(super) const OPERAND_TYPES_SQL: &str = r#"
with recursive lefts(oid, base) as (
  select t.oid, t.oid from pg_type t
   where t.typtype not in ('d', 'p')
     and t.typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
     and exists (select 1 from pg_operator o where o.oprleft = t.oid and o.oprkind = 'b')
  union all
  select d.oid, l.base from pg_type d join lefts l on d.typbasetype = l.oid where d.typtype = 'd'
)
select format_type(l.oid, -1) as type_name, o.oprname::text as operator,
       format_type(min(o.oprright), -1) as operand_type
  from lefts l
  join pg_operator o on o.oprleft = l.base and o.oprkind = 'b'
 group by l.oid, o.oprname
having count(distinct o.oprright) = 1 and bool_and(o.oprright <> l.base)"#;

/// Domain representations (PostgREST's `dataRepresentations`): implicit casts by function
/// between a domain and json or text, the function callable by the loading role; source and
/// target as `format_type` names, the function schema-qualified and quoted.
pub(super) const REPRESENTATIONS_SQL: &str = r#"
select format_type(c.castsource, -1) as source, format_type(c.casttarget, -1) as target,
       format('%I.%I', fn_ns.nspname, fn.proname) as function
  from pg_cast c
  join pg_type src on src.oid = c.castsource
  join pg_type dst on dst.oid = c.casttarget
  join pg_proc fn on fn.oid = c.castfunc
  join pg_namespace fn_ns on fn_ns.oid = fn.pronamespace
 where c.castcontext = 'i' and c.castmethod = 'f'
   and has_function_privilege(c.castfunc, 'execute')
   and ((src.typtype = 'd' and c.casttarget in ('json'::regtype, 'text'::regtype))
     or (dst.typtype = 'd' and c.castsource in ('json'::regtype, 'text'::regtype)))"#;

/// Media type handlers (PostgREST's `mediaHandlers`): domains named after a media type (or
/// `*/*`), and in the exposed schemas the aggregates over a relation's row type (or
/// anyelement) that return one, and the functions that return one (not sets). Aggregates
/// name their target relation (null for anyelement); functions are their own target, and
/// their handler is the domain (the value is cast to it). `binary` when the domain is bytea.
pub(super) const MEDIA_HANDLERS_SQL: &str = r#"
with media_types as (
  select t.oid, t.typname::text as media_type, t.typnamespace,
         t.typbasetype = 'bytea'::regtype as binary
    from pg_type t
   where t.typtype = 'd'
     and (t.typname ~* '^[A-Za-z0-9.-]+/[A-Za-z0-9.+-]+$' or t.typname = '*/*')
)
select 'aggregate' as kind, pn.nspname::text as handler_schema, p.proname::text as handler_name,
       arg_ns.nspname::text as target_schema, arg_rel.relname::text as target_name,
       m.media_type, m.binary
  from media_types m
  join pg_proc p on p.prorettype = m.oid
  join pg_aggregate a on a.aggfnoid = p.oid
  join pg_namespace pn on pn.oid = p.pronamespace
  left join pg_class arg_rel
    on arg_rel.reltype = p.proargtypes[0] and arg_rel.relkind in ('v', 'r', 'm', 'f', 'p')
  left join pg_namespace arg_ns on arg_ns.oid = arg_rel.relnamespace
 where pn.nspname = any($1) and p.pronargs = 1
   and (p.proargtypes[0] = 'anyelement'::regtype or arg_rel.oid is not null)
union all
select 'function', mn.nspname::text, m.media_type, pn.nspname::text, p.proname::text,
       m.media_type, m.binary
  from pg_proc p
  join media_types m on m.oid = p.prorettype
  join pg_namespace mn on mn.oid = m.typnamespace
  join pg_namespace pn on pn.oid = p.pronamespace
 where pn.nspname = any($1) and not p.proretset and p.prokind = 'f'"#;

pub(super) const ROLES_SQL: &str = r#"
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
pub(super) const DB_CONFIG_SQL: &str = r#"
select distinct on (name) name, value
  from (select substr(split_part(setting, '=', 1), 7) as name,
               substr(setting, strpos(setting, '=') + 1) as value,
               s.setdatabase
          from pg_db_role_setting s, unnest(s.setconfig) as setting
         where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
           and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
           and setting like 'pgrst.%') as settings
 order by name, setdatabase desc"#;
