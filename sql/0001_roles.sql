-- Database roles as on Supabase. Roles are cluster-wide, so every statement tolerates
-- another database of the same cluster having created them first.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
exception when duplicate_object or unique_violation then
  -- a concurrent migration of another database in this cluster won the race
  null;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Supabase's per-role statement timeouts (PostgREST applies role settings per request).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to service_role;
alter default privileges in schema public grant all on sequences to service_role;
alter default privileges in schema public grant all on functions to service_role;
