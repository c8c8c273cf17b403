-- The storage schema as Supabase Storage keeps it: bucket and object metadata under RLS.
-- No policies here: a project adds its own (see supabase/migrations), exactly as on Supabase.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

do $$
begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception when duplicate_object then null;
end
$$;

create table if not exists storage.buckets (
  id                 text primary key,
  name               text not null,
  owner              uuid,
  owner_id           text,
  created_at         timestamptz default now(),
  updated_at         timestamptz default now(),
  public             boolean default false,
  avif_autodetection boolean default false,
  file_size_limit    bigint,
  allowed_mime_types text[],
  type               storage.buckettype not null default 'STANDARD',
  versioning_status  text not null default 'DISABLED'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id               uuid primary key default gen_random_uuid(),
  bucket_id        text references storage.buckets (id),
  name             text,
  owner            uuid,
  owner_id         text,
  created_at       timestamptz default now(),
  updated_at       timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata         jsonb,
  user_metadata    jsonb,
  path_tokens      text[] generated always as (string_to_array(name, '/')) stored,
  version          text
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:greatest(array_length(string_to_array(name, '/'), 1) - 1, 0)]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select case
    when storage.filename(name) like '%.%'
      then reverse(split_part(reverse(storage.filename(name)), '.', 1))
    else ''
  end
$$;

create or replace function storage.operation() returns text
language sql stable
as $$
  select current_setting('storage.operation', true)
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.operation() to anon, authenticated, service_role;
