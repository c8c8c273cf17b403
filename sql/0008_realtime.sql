-- Realtime's schema as Supabase has it (realtime.messages, realtime.topic(), realtime.send(),
-- realtime.broadcast_changes(), the supabase_realtime publication), so a project's policies and
-- triggers are written exactly as on hosted Supabase; plus the tables the instances share:
-- who is alive, who is present, and broadcasts too large for a NOTIFY.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Broadcasts from the database, and the rows private-channel policies are written against.
create table if not exists realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now()
);
create index if not exists messages_inserted_at_idx on realtime.messages (inserted_at);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

-- The topic a private channel's policies are being asked about (set by the server).
create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- A broadcast from SQL; a failure is a warning, never the caller's transaction aborting.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
exception when others then
  raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
end
$$;

-- For row triggers: the change as realtime-js's broadcast_changes payload reads it.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := case when operation in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  old_data jsonb := case when operation in ('UPDATE', 'DELETE') then to_jsonb(old) end;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  perform realtime.send(
    jsonb_build_object(
      'operation', operation, 'table', table_name, 'schema', table_schema,
      'record', row_data, 'old_record', old_data
    ),
    event_name, topic_name, true
  );
end
$$;
grant execute on function realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- What a private channel's policies allow `p_role` with `p_claims` on `p_topic`, as Supabase asks
-- them: probe rows written by the server are read back as the caller (read), and written again
-- as the caller in a subtransaction undone at once (write). The server calls it in a transaction
-- it rolls back, so no probe stays; a role that cannot be assumed gets nothing. Only the server
-- may call it.
create or replace function realtime.channel_grants(p_topic text, p_role text, p_claims text)
returns jsonb
language plpgsql
volatile
as $$
declare
  probes uuid[];
  readable text[] := '{}';
  writable text[] := '{}';
  extension_name text;
begin
  with probe as (
    insert into realtime.messages (topic, extension, private)
    values (p_topic, 'broadcast', true), (p_topic, 'presence', true)
    returning id
  )
  select array_agg(id) into probes from probe;
  begin
    perform set_config('role', p_role, true), set_config('request.jwt.claims', p_claims, true),
            set_config('realtime.topic', p_topic, true), set_config('request.headers', '{}', true);
    select coalesce(array_agg(m.extension), '{}') into readable
      from realtime.messages m where m.id = any (probes);
    foreach extension_name in array array['broadcast', 'presence'] loop
      begin
        insert into realtime.messages (topic, extension, private)
        values (p_topic, extension_name, true);
        writable := writable || extension_name;
        -- Undo the probe (the variable keeps its value).
        raise sqlstate 'RTPRB';
      exception
        when sqlstate 'RTPRB' then null;
        when others then null;
      end;
    end loop;
  exception when others then
    -- An unknown role, or a policy that fails: nothing is allowed.
    return jsonb_build_object('read', '[]'::jsonb, 'write', '[]'::jsonb);
  end;
  return jsonb_build_object('read', to_jsonb(readable), 'write', to_jsonb(writable));
end
$$;
revoke all on function realtime.channel_grants(text, text, text)
  from public, anon, authenticated, service_role;

-- Every instance listens on one channel. A message small enough for a NOTIFY travels inline;
-- a larger one by id (the listeners read the row).
create or replace function realtime.notify_message() returns trigger
language plpgsql
as $$
declare
  inline text := json_build_object(
    'k', 'm', 'id', new.id, 't', new.topic, 'e', new.event, 'v', coalesce(new.private, false),
    'p', new.payload
  )::text;
begin
  if new.extension <> 'broadcast' then
    return null;
  end if;
  if octet_length(inline) < 7500 then
    perform pg_notify('realtime_bus', inline);
  else
    perform pg_notify('realtime_bus', json_build_object('k', 'm', 'id', new.id)::text);
  end if;
  return null;
end
$$;
drop trigger if exists notify_message on realtime.messages;
create trigger notify_message after insert on realtime.messages
  for each row execute function realtime.notify_message();

-- The instances serving sockets, each seen every few seconds; one silent too long is dead and
-- its members leave.
create table if not exists realtime.instances (
  id uuid primary key,
  seen_at timestamptz not null default now()
);

-- Who is present on which topic, from every instance (presence_state is read from here).
create table if not exists realtime.presences (
  phx_ref text primary key,
  instance uuid not null,
  topic text not null,
  private boolean not null,
  key text not null,
  meta jsonb not null
);
create index if not exists presences_topic_idx on realtime.presences (topic, private);
create index if not exists presences_instance_idx on realtime.presences (instance);

-- Broadcasts between instances too large for a NOTIFY payload (kept a minute).
create unlogged table if not exists realtime.bus_spill (
  id bigint generated always as identity primary key,
  body text not null,
  created_at timestamptz not null default now()
);

-- Only the server reads and writes these; the API roles see nothing.
alter table realtime.instances enable row level security;
alter table realtime.presences enable row level security;
alter table realtime.bus_spill enable row level security;
revoke all on realtime.instances, realtime.presences, realtime.bus_spill from anon, authenticated;

-- The publication Postgres Changes reads; a project adds its tables to it, as on Supabase.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
