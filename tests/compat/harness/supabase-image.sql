-- What a Supabase CLI database (the supabase/postgres image plus the auth container's migrations)
-- already has before `supabase db reset` runs a project's migrations and seed, and which the
-- vendored suites' SQL takes for granted. ClaimBridge's platform schema (sql/) deliberately does
-- not do these, so tests/compat/run.sh applies this first, as the postgres superuser, in the same
-- psql session as the suite's migrations and seed. Nothing here is about the HTTP APIs under test.

-- The image keeps extensions in their own schema, on the search path of the postgres role.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto schema extensions;     -- crypt(), gen_salt(): storage seed
create extension if not exists "uuid-ossp" schema extensions;
set search_path = "$user", public, extensions;

-- The image's server settings that show in the postgrest-js suite's EXPLAIN snapshots:
-- effective_cache_size is 128MB there (EXPLAIN's SETTINGS option lists it), and
-- pg_stat_statements is preloaded, so EXPLAIN VERBOSE has a "Query Identifier".
alter system set effective_cache_size = '128MB';
alter system set compute_query_id = on;
select pg_reload_conf();

-- The image's default privileges: what postgres creates in public is usable by the API roles
-- (row-level security, where a table has it, still decides). The postgrest-js schema relies on it.
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;

-- GoTrue's users table (created by the CLI's auth container), reduced to the columns the
-- storage-js seed writes plus its key; ClaimBridge's /auth/v1 subset keeps no users.
create table if not exists auth.users (
  instance_id            uuid,
  id                     uuid primary key,
  aud                    varchar(255),
  role                   varchar(255),
  email                  varchar(255),
  encrypted_password     varchar(255),
  email_confirmed_at     timestamptz,
  raw_app_meta_data      jsonb,
  raw_user_meta_data     jsonb,
  created_at             timestamptz,
  updated_at             timestamptz,
  confirmation_token     varchar(255),
  email_change           varchar(255),
  email_change_token_new varchar(255),
  recovery_token         varchar(255)
);
