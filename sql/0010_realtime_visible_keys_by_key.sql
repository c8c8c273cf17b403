-- realtime.visible_keys looks each of a batch's keys up by primary key (a LATERAL probe with
-- LIMIT 1). As a semi-join (0009) the planner hashed the whole table and evaluated the policy on
-- every row, so a check cost grew with the table, not the batch: 7.6 ms per group at 20,000 rows,
-- and 100 users' changes at 500 rows/s fell behind (tests/bench/realtime, p99 884 ms; 150 ms
-- with this). Same answers.
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

  -- Then one query per (role, claims, table).
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

revoke all on function realtime.visible_keys(jsonb) from public, anon, authenticated, service_role;
