-- Postgres Changes (crates/realtime/src/changes): the two questions the change feed asks the
-- database. Supabase's Realtime checks each change once per subscriber (realtime.apply_rls runs
-- one query per subscription per change); here the feed collects the changes committed while it
-- was busy into a batch and asks, in one call per batch, one query per distinct (role, claims)
-- per table and one per distinct filter per table. Only the server calls these: nothing is
-- granted to the API roles. Identifiers come from the catalog (format %I / format_type), values
-- are bound.

-- Whether a binding {schema, table, filter} can be subscribed to: null when it can;
-- 'not_enabled' when no table of the supabase_realtime publication matches (Supabase's "Please
-- check Realtime is enabled"); 'exception:<message>' for a filter on an unknown column or with
-- a value that is not of the column's type (Supabase's "An exception happened").
create or replace function realtime.check_change_binding(
  p_schema text, p_table text, p_column text, p_values text[]
) returns text
language plpgsql
stable
as $$
declare
  rel oid;
  column_type text;
begin
  if not exists (
    select 1
      from pg_catalog.pg_publication_tables p
     where p.pubname = 'supabase_realtime'
       and (p_schema = '*' or p.schemaname = p_schema)
       and (p_table is null or p_table = '*' or p.tablename = p_table)
  ) then
    return 'not_enabled';
  end if;
  if p_column is null then
    return null;
  end if;
  select c.oid into rel
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = p_schema and c.relname = p_table;
  if rel is null then
    -- A filter needs one table.
    return 'not_enabled';
  end if;
  select pg_catalog.format_type(a.atttypid, null) into column_type
    from pg_catalog.pg_attribute a
   where a.attrelid = rel and a.attname = p_column and a.attnum > 0 and not a.attisdropped;
  if column_type is null then
    return pg_catalog.format('exception:invalid column for filter %s', p_column);
  end if;
  begin
    execute pg_catalog.format('select array(select v::%s from pg_catalog.unnest($1) as v)', column_type)
      using coalesce(p_values, '{}');
  exception when others then
    return 'exception:' || sqlerrm;
  end;
  return null;
end
$$;

-- The checks of one batch. `checks`:
--   {"xids":    [<the checked changes' transaction ids (32-bit)>, ...],
--    "tables":  [{"rel": <oid>, "keys": [{"<pk column>": "<text value>", ...}, ...]}, ...],
--    "groups":  [{"table": <index into tables>, "role": "anon", "claims": "<JWT claims JSON>"}, ...],
--    "filters": [{"rel": <oid>, "column": "x", "op": "eq|neq|lt|lte|gt|gte|in",
--                 "values": ["<text>", ...], "cells": ["<the changes' values>" | null, ...]}, ...]}
-- Answers {"groups": [[ordinals of the table's keys the group sees], ...],
--          "filters": [[ordinals of the cells that pass], ...]} (1-based, same order as asked);
-- null in place of a list when that check failed (the feed then delivers nothing for it).
--
-- A group runs as its role with its claims (set_config local to the transaction, as PostgREST
-- sets them), so the table's policies decide; the rows are the table's as they are now, looked
-- up by primary key (as Supabase does). Filters compare by value in the column's type
-- (timestamps, numerics), the filter value cast as Supabase casts it.
create or replace function realtime.visible_keys(checks jsonb) returns jsonb
language plpgsql
volatile
as $$
declare
  tables jsonb := coalesce(checks -> 'tables', '[]'::jsonb);
  item jsonb;
  rel oid;
  entity text;
  key_match text;
  column_type text;
  operator text;
  found_rows bigint[];
  groups_out jsonb := '[]'::jsonb;
  filters_out jsonb := '[]'::jsonb;
  snap pg_catalog.pg_snapshot;
  xmax bigint;
begin
  -- A change can arrive a moment before other sessions see its transaction (the commit record
  -- is flushed before the committing backend leaves the proc array): wait (up to ~2 s) until
  -- every checked transaction is visible, so the policies below look at its rows.
  for attempt in 1..400 loop
    snap := pg_catalog.pg_current_snapshot();
    xmax := pg_catalog.pg_snapshot_xmax(snap)::text::bigint;
    exit when not exists (
      select 1
        from pg_catalog.jsonb_array_elements_text(coalesce(checks -> 'xids', '[]'::jsonb)) as x(xid),
             lateral (select xmax - xmax % 4294967296 + x.xid::bigint as full_xid) f
       where not pg_catalog.pg_visible_in_snapshot(
               (case when f.full_xid >= xmax then f.full_xid - 4294967296 else f.full_xid end)::text::xid8,
               snap));
    perform pg_catalog.pg_sleep(0.005);
  end loop;

  -- Filters first, as the caller: they compare the change's own values, no policy involved.
  for item in select value from pg_catalog.jsonb_array_elements(coalesce(checks -> 'filters', '[]'::jsonb)) loop
    found_rows := null;
    column_type := null;
    select pg_catalog.format_type(a.atttypid, null) into column_type
      from pg_catalog.pg_attribute a
     where a.attrelid = (item ->> 'rel')::oid and a.attname = item ->> 'column'
       and a.attnum > 0 and not a.attisdropped;
    operator := case item ->> 'op'
      when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<'
      when 'lte' then '<=' when 'gt' then '>' when 'gte' then '>=' end;
    begin
      if column_type is null then
        null;
      elsif item ->> 'op' = 'in' then
        execute pg_catalog.format(
          'select coalesce(array_agg(v.ord order by v.ord), ''{}'')
             from pg_catalog.jsonb_array_elements_text($1) with ordinality as v(cell, ord)
            where v.cell::%1$s = any (array(select w::%1$s from pg_catalog.jsonb_array_elements_text($2) as w))',
          column_type)
          into found_rows using item -> 'cells', item -> 'values';
      elsif operator is not null then
        execute pg_catalog.format(
          'select coalesce(array_agg(v.ord order by v.ord), ''{}'')
             from pg_catalog.jsonb_array_elements_text($1) with ordinality as v(cell, ord)
            where v.cell::%1$s %2$s $2::%1$s',
          column_type, operator)
          into found_rows using item -> 'cells', item -> 'values' ->> 0;
      end if;
    exception when others then
      found_rows := null;
    end;
    filters_out := filters_out || pg_catalog.jsonb_build_array(pg_catalog.to_jsonb(found_rows));
  end loop;

  -- Then one query per (role, claims, table), probing each key by primary key: as a semi-join
  -- the planner hashed the whole table and evaluated the policy on every row, so a check cost
  -- grew with the table, not the batch (tests/bench/realtime: p99 884 ms -> 74 ms).
  for item in select value from pg_catalog.jsonb_array_elements(coalesce(checks -> 'groups', '[]'::jsonb)) loop
    found_rows := null;
    entity := null;
    key_match := null;
    rel := (tables -> (item ->> 'table')::int ->> 'rel')::oid;
    select pg_catalog.format('%I.%I', n.nspname, c.relname) into entity
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.oid = rel;
    select pg_catalog.string_agg(
             pg_catalog.format('t.%I = (e.doc ->> %L)::%s', a.attname, a.attname,
                               pg_catalog.format_type(a.atttypid, a.atttypmod)),
             ' and ')
      into key_match
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = rel and i.indisprimary;
    -- Only a role the API could act as (PostgREST's authenticator can SET ROLE to it).
    if entity is not null and key_match is not null and exists (
      select 1 from pg_catalog.pg_roles r
       where r.rolname = item ->> 'role'
         and (not exists (select 1 from pg_catalog.pg_roles a where a.rolname = 'authenticator')
              or pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER'))
    ) then
      begin
        perform pg_catalog.set_config('role', item ->> 'role', true),
                pg_catalog.set_config('request.jwt.claims', item ->> 'claims', true),
                pg_catalog.set_config('request.jwt.claim', '', true),
                pg_catalog.set_config('request.jwt.claim.role', item ->> 'role', true),
                pg_catalog.set_config('request.jwt.claim.sub',
                                      coalesce((item ->> 'claims')::jsonb ->> 'sub', ''), true);
        execute pg_catalog.format(
          'select coalesce(array_agg(e.ord order by e.ord), ''{}'')
             from pg_catalog.jsonb_array_elements($1) with ordinality as e(doc, ord)
             cross join lateral (select 1 from %s as t where %s limit 1) as hit',
          entity, key_match)
          into found_rows using tables -> (item ->> 'table')::int -> 'keys';
        perform pg_catalog.set_config('role', 'none', true);
      exception when others then
        -- The block's settings (the role included) are rolled back with it.
        found_rows := null;
      end;
    end if;
    groups_out := groups_out || pg_catalog.jsonb_build_array(pg_catalog.to_jsonb(found_rows));
  end loop;
  perform pg_catalog.set_config('request.jwt.claims', '', true),
          pg_catalog.set_config('request.jwt.claim.role', '', true),
          pg_catalog.set_config('request.jwt.claim.sub', '', true);
  return pg_catalog.jsonb_build_object('groups', groups_out, 'filters', filters_out);
end
$$;

revoke all on function realtime.check_change_binding(text, text, text, text[]),
  realtime.visible_keys(jsonb) from public, anon, authenticated, service_role;
