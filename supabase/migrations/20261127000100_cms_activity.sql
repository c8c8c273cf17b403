-- What staff expect from a CMS, in the database so it holds for every client and on hosted
-- Supabase too: the admin activity log, revisions of every post / page SEO / page content save
-- with restore, scheduled publishing, and preview links for drafts.
--
-- Who did something is read from the request as PostgREST exposes it: the admin token's
-- session_id claim, the client IP from x-real-ip (the gateway sets it: Kong on hosted Supabase,
-- the ClaimBridge server itself, overwriting whatever a client sent) and the user agent.

-- CMS settings the server writes at start (CLAIMBRIDGE_REVISIONS_KEPT); on hosted Supabase,
-- `update private.cms_settings set revisions_kept = ...`.
create table if not exists private.cms_settings (
  singleton      boolean primary key default true check (singleton),
  revisions_kept integer not null default 100 check (revisions_kept between 1 and 100000)
);
alter table private.cms_settings enable row level security;
insert into private.cms_settings (singleton) values (true) on conflict do nothing;

-- The caller of the current request: session, IP, user agent (nulls outside a request).
create or replace function private.request_actor(out session_id text, out client_ip text, out user_agent text)
language sql stable set search_path = ''
as $$
  select left(nullif(auth.jwt() ->> 'session_id', ''), 100),
         left(nullif(btrim(split_part(coalesce(h ->> 'x-real-ip', h ->> 'x-forwarded-for', ''), ',', 1)), ''), 100),
         left(h ->> 'user-agent', 1024)
    from (select nullif(current_setting('request.headers', true), '')::json as h) request
$$;

-- admin_activity: the audit log (/admin/activity) ------------------------------------------------
create table if not exists public.admin_activity (
  id          bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  action      text not null check (action ~ '^[a-z_]{1,40}$'),
  entity      text check (length(entity) <= 40),
  entity_id   text check (length(entity_id) <= 300),
  summary     text not null default '' check (length(summary) <= 500),
  session_id  text check (length(session_id) <= 100),
  client_ip   text check (length(client_ip) <= 100),
  user_agent  text check (length(user_agent) <= 1024),
  details     jsonb not null default '{}'::jsonb
);
create index if not exists admin_activity_occurred on public.admin_activity (occurred_at desc);
create index if not exists admin_activity_action on public.admin_activity (action, occurred_at desc);
alter table public.admin_activity enable row level security;
revoke all on public.admin_activity from anon, authenticated;
grant select on public.admin_activity to authenticated;
grant select, insert on public.admin_activity to service_role;
drop policy if exists "admins read the activity log" on public.admin_activity;
create policy "admins read the activity log" on public.admin_activity
  for select to authenticated using ((select private.is_admin()));

-- One entry, with the request's actor. Security definer: no API role may write the log itself.
create or replace function private.record_activity(
  p_action text, p_entity text, p_entity_id text, p_summary text, p_details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  insert into public.admin_activity (action, entity, entity_id, summary, session_id, client_ip, user_agent, details)
  values (p_action, p_entity, left(p_entity_id, 300), left(coalesce(p_summary, ''), 500),
          actor.session_id, actor.client_ip, actor.user_agent, coalesce(p_details, '{}'::jsonb));
end
$$;

-- Sign-ins are seen by simple-auth (Rust and TypeScript), which has no request context in the
-- database: it passes the actor it saw.
create or replace function private.record_sign_in(
  p_action text, p_session_id text, p_client_ip text, p_user_agent text)
returns void
language sql volatile security definer set search_path = ''
as $$
  insert into public.admin_activity (action, entity, summary, session_id, client_ip, user_agent)
  values (p_action, 'session',
          case p_action when 'sign_in' then 'Signed in with the admin passcode'
                        when 'sign_in_failed' then 'Wrong admin passcode'
                        else 'Sign-in refused: too many failed attempts' end,
          left(p_session_id, 100), left(p_client_ip, 100), left(p_user_agent, 1024))
$$;

-- What the admin app reports itself (what happens outside PostgREST: CSV exports, media
-- uploads and deletes in Storage). Only an admin; only these actions. Security definer: the
-- caller may not write the log (nor call private.record_activity) itself; is_admin() decides.
create or replace function public.log_admin_activity(
  action text, entity text default null, entity_id text default null, summary text default '',
  details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only an admin can write to the activity log';
  end if;
  if action not in ('export', 'media_upload', 'media_delete', 'sign_out') then
    raise exception using errcode = '22023',
      message = format('Unknown activity: %s', action),
      hint = 'Use one of export, media_upload, media_delete, sign_out';
  end if;
  if jsonb_typeof(coalesce(details, '{}'::jsonb)) <> 'object' or length(coalesce(details, '{}'::jsonb)::text) > 10000 then
    raise exception using errcode = '22023', message = 'details must be a JSON object of at most 10000 characters';
  end if;
  perform private.record_activity(action, entity, entity_id, summary, details);
end
$$;

-- content_revisions: every save of a post, a page SEO record or a page's content ---------------
create table if not exists public.content_revisions (
  id            bigint generated always as identity primary key,
  entity        text not null check (entity in ('blog_post', 'page_seo', 'page_content')),
  entity_id     uuid not null,
  -- The post's slug or the page's route when saved, to name it in lists.
  entity_key    text not null,
  action        text not null check (action in ('create', 'update', 'delete', 'restore')),
  changed       text[] not null default '{}',
  -- The record's fields before (null for a create) and after (null for a delete) the save.
  previous      jsonb,
  snapshot      jsonb,
  restored_from bigint,
  created_at    timestamptz not null default now(),
  session_id    text,
  client_ip     text,
  user_agent    text
);
create index if not exists content_revisions_entity on public.content_revisions (entity, entity_id, id desc);
create index if not exists content_revisions_created on public.content_revisions (created_at desc);
alter table public.content_revisions enable row level security;
revoke all on public.content_revisions from anon, authenticated;
grant select on public.content_revisions to authenticated;
grant all on public.content_revisions to service_role;
drop policy if exists "admins read revisions" on public.content_revisions;
create policy "admins read revisions" on public.content_revisions
  for select to authenticated using ((select private.is_admin()));

-- Columns that are the record's identity or bookkeeping, not its content.
create or replace function private.revision_doc(p_row jsonb) returns jsonb
language sql immutable set search_path = ''
as $$ select p_row - '{id,created_at,updated_at}'::text[] $$;

-- Keeps one revision when something changed, then drops the oldest beyond the retention.
create or replace function private.add_revision(
  p_entity text, p_entity_id uuid, p_entity_key text, p_previous jsonb, p_snapshot jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changed text[];
  restoring bigint := nullif(current_setting('claimbridge.restoring_revision', true), '')::bigint;
  actor record;
  kept integer;
begin
  select coalesce(array_agg(k order by k), '{}') into changed
    from (select jsonb_object_keys(coalesce(p_previous, '{}'::jsonb)) as k
          union
          select jsonb_object_keys(coalesce(p_snapshot, '{}'::jsonb))) keys
   where nullif(p_previous -> k, 'null'::jsonb) is distinct from nullif(p_snapshot -> k, 'null'::jsonb);
  if cardinality(changed) = 0 then
    return;
  end if;
  select * into actor from private.request_actor();
  insert into public.content_revisions
    (entity, entity_id, entity_key, action, changed, previous, snapshot, restored_from, session_id, client_ip, user_agent)
  values (p_entity, p_entity_id, p_entity_key,
          case when restoring is not null then 'restore'
               when p_previous is null then 'create'
               when p_snapshot is null then 'delete'
               else 'update' end,
          changed, p_previous, p_snapshot, restoring, actor.session_id, actor.client_ip, actor.user_agent);
  select revisions_kept into kept from private.cms_settings;
  delete from public.content_revisions r
   where r.entity = p_entity and r.entity_id = p_entity_id
     and r.id <= (select k.id from public.content_revisions k
                   where k.entity = p_entity and k.entity_id = p_entity_id
                   order by k.id desc offset coalesce(kept, 100) limit 1);
end
$$;

-- Whether a request made this change (migrations, seeds and the server's own writes are not
-- staff activity).
create or replace function private.in_request() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}') $$;

create or replace function private.blog_post_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_doc jsonb := case when tg_op <> 'INSERT' then private.revision_doc(to_jsonb(old)) end;
  new_doc jsonb := case when tg_op <> 'DELETE' then private.revision_doc(to_jsonb(new)) end;
  doc jsonb := coalesce(new_doc, old_doc);
  id uuid := coalesce(to_jsonb(new) ->> 'id', to_jsonb(old) ->> 'id')::uuid;
  restoring boolean := nullif(current_setting('claimbridge.restoring_revision', true), '') is not null;
  was_live boolean := coalesce((old_doc ->> 'published')::boolean, false);
  is_live boolean := coalesce((new_doc ->> 'published')::boolean, false);
  details jsonb;
begin
  perform private.add_revision('blog_post', id, doc ->> 'slug', old_doc, new_doc);
  if not private.in_request() or (tg_op = 'UPDATE' and old_doc = new_doc) then
    return null;
  end if;
  details := jsonb_build_object('slug', doc ->> 'slug');
  perform private.record_activity(
    case when restoring then 'restore' when tg_op = 'INSERT' then 'create'
         when tg_op = 'DELETE' then 'delete' else 'save' end,
    'blog_post', id::text, doc ->> 'title', details);
  if is_live and (not was_live or (old_doc ->> 'publish_at') is distinct from (new_doc ->> 'publish_at')) then
    if (new_doc ->> 'publish_at')::timestamptz > now() then
      perform private.record_activity('schedule', 'blog_post', id::text, doc ->> 'title',
        details || jsonb_build_object('publish_at', new_doc ->> 'publish_at'));
    else
      perform private.record_activity('publish', 'blog_post', id::text, doc ->> 'title', details);
    end if;
  elsif was_live and not is_live and tg_op = 'UPDATE' then
    perform private.record_activity('unpublish', 'blog_post', id::text, doc ->> 'title', details);
  end if;
  return null;
end
$$;

create or replace function private.page_seo_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_doc jsonb := case when tg_op <> 'INSERT' then private.revision_doc(to_jsonb(old)) end;
  new_doc jsonb := case when tg_op <> 'DELETE' then private.revision_doc(to_jsonb(new)) end;
  doc jsonb := coalesce(new_doc, old_doc);
  id uuid := coalesce(to_jsonb(new) ->> 'id', to_jsonb(old) ->> 'id')::uuid;
  restoring boolean := nullif(current_setting('claimbridge.restoring_revision', true), '') is not null;
  content_only boolean;
begin
  perform private.add_revision('page_seo', id, doc ->> 'page_route', old_doc - 'content', new_doc - 'content');
  perform private.add_revision('page_content', id, doc ->> 'page_route',
    case when old_doc is not null then jsonb_build_object('content', old_doc -> 'content') end,
    case when new_doc is not null then jsonb_build_object('content', new_doc -> 'content') end);
  if not private.in_request() or (tg_op = 'UPDATE' and old_doc = new_doc) then
    return null;
  end if;
  content_only := tg_op = 'UPDATE' and (old_doc - 'content') = (new_doc - 'content');
  perform private.record_activity(
    case when restoring then 'restore' when tg_op = 'INSERT' then 'create'
         when tg_op = 'DELETE' then 'delete' else 'save' end,
    case when content_only then 'page_content' else 'page_seo' end,
    id::text, doc ->> 'page_route', jsonb_build_object('page_name', doc ->> 'page_name'));
  return null;
end
$$;

-- Whitepapers and other admin-edited tables: activity only (no revisions).
create or replace function private.row_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  doc jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
begin
  if private.in_request() and (tg_op <> 'UPDATE' or to_jsonb(old) is distinct from to_jsonb(new)) then
    perform private.record_activity(
      case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete' else 'save' end,
      tg_argv[0], doc ->> 'id', doc ->> tg_argv[1], '{}'::jsonb);
  end if;
  return null;
end
$$;

drop trigger if exists keep_revision on public.blog_posts;
create trigger keep_revision after insert or update or delete on public.blog_posts
  for each row execute function private.blog_post_changed();
drop trigger if exists keep_revision on public.page_seo_settings;
create trigger keep_revision after insert or update or delete on public.page_seo_settings
  for each row execute function private.page_seo_changed();
drop trigger if exists record_activity on public.whitepapers;
create trigger record_activity after insert or update or delete on public.whitepapers
  for each row execute function private.row_activity('whitepaper', 'title');

-- Restoring a revision: the record becomes what it was right after that revision (a deleted
-- record comes back as it was before its delete). The restore is itself a new revision.
create or replace function public.restore_revision(revision_id bigint) returns uuid
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  revision public.content_revisions%rowtype;
  target regclass;
  state jsonb;
  columns text;
  exists_now boolean;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only an admin can restore a revision';
  end if;
  select * into revision from public.content_revisions r where r.id = revision_id;
  if not found then
    raise exception using errcode = 'PT404', message = format('Revision %s does not exist', revision_id),
      hint = 'It may have been removed by the retention limit';
  end if;
  target := case revision.entity when 'blog_post' then 'public.blog_posts'::regclass
                                 else 'public.page_seo_settings'::regclass end;
  state := coalesce(revision.snapshot, revision.previous);
  -- The columns the revision holds, as the table has them now (names from the catalog).
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
    from pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped
     and state ? a.attname::text;
  perform set_config('claimbridge.restoring_revision', revision.id::text, true);
  execute format('select exists (select 1 from %s where id = $1)', target) into exists_now using revision.entity_id;
  if exists_now then
    execute format('update %1$s t set (%2$s) = (select %2$s from jsonb_populate_record(t, $1)) where t.id = $2',
                   target, columns)
      using state, revision.entity_id;
  elsif revision.entity = 'page_content' then
    raise exception using errcode = 'PT404',
      message = format('The page %s no longer exists', revision.entity_key),
      hint = 'Restore the page''s SEO record first';
  else
    execute format('insert into %1$s (id, %2$s) select $2, %2$s from jsonb_populate_record(null::%1$s, $1)',
                   target, columns)
      using state, revision.entity_id;
  end if;
  perform set_config('claimbridge.restoring_revision', '', true);
  return revision.entity_id;
end
$$;

-- Scheduled publishing ----------------------------------------------------------------------------
-- A published post with a publish_at in the future is scheduled: nobody but an admin sees it until
-- that moment, through every read path (the policies compare with now(), so no job has to run).
alter table public.blog_posts add column if not exists publish_at timestamptz;
create index if not exists blog_posts_scheduled on public.blog_posts (publish_at) where published and publish_at is not null;

drop policy if exists "anon reads published posts" on public.blog_posts;
create policy "anon reads published posts" on public.blog_posts
  for select to anon using (published and (publish_at is null or publish_at <= now()));
drop policy if exists "users read published posts" on public.blog_posts;
create policy "users read published posts" on public.blog_posts
  for select to authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select private.is_admin()));

-- Preview links -----------------------------------------------------------------------------------
-- A link to a draft for someone without the passcode: an unpublished (or scheduled) post as last
-- saved, or a page with a content change not saved yet. Only the SHA-256 of the token is kept.
create table if not exists public.preview_links (
  id          uuid primary key default gen_random_uuid(),
  token_hash  text not null unique,
  kind        text not null check (kind in ('post', 'page')),
  post_id     uuid references public.blog_posts (id) on delete cascade,
  page_route  text check (page_route ~ '^/'),
  -- For a page: the content to show instead of the saved one.
  content     text check (length(content) <= 2000000),
  label       text not null default '' check (length(label) <= 300),
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  revoked_at  timestamptz,
  session_id  text,
  check ((kind = 'post') = (post_id is not null) and (kind = 'page') = (page_route is not null))
);
create index if not exists preview_links_post on public.preview_links (post_id);
alter table public.preview_links enable row level security;
revoke all on public.preview_links from anon, authenticated;
grant select (id, kind, post_id, page_route, label, created_at, expires_at, revoked_at) on public.preview_links to authenticated;
grant update (revoked_at) on public.preview_links to authenticated;
grant all on public.preview_links to service_role;
drop policy if exists "admins read preview links" on public.preview_links;
create policy "admins read preview links" on public.preview_links
  for select to authenticated using ((select private.is_admin()));
drop policy if exists "admins revoke preview links" on public.preview_links;
create policy "admins revoke preview links" on public.preview_links
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

-- Creates a link; the token is returned once. Days: 1 to 90 (default 7).
create or replace function public.create_preview_link(
  kind text, post_id uuid default null, page_route text default null, content text default null,
  expires_in_days integer default 7)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  link public.preview_links%rowtype;
  label text;
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only an admin can create preview links';
  end if;
  if coalesce(expires_in_days, 0) not between 1 and 90 then
    raise exception using errcode = '22023', message = 'A preview link lasts from 1 to 90 days';
  end if;
  if kind = 'post' then
    select b.title into label from public.blog_posts b where b.id = create_preview_link.post_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'Save the post before creating a preview link';
    end if;
  elsif kind = 'page' then
    if content is null then
      raise exception using errcode = '22023', message = 'A page preview needs the content to show';
    end if;
    select p.page_name into label from public.page_seo_settings p where p.page_route = create_preview_link.page_route;
    if not found then
      raise exception using errcode = 'PT404', message = format('No page is set up at %s', page_route);
    end if;
  else
    raise exception using errcode = '22023', message = 'kind must be post or page';
  end if;
  insert into public.preview_links (token_hash, kind, post_id, page_route, content, label, expires_at, session_id)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), kind,
          case when kind = 'post' then create_preview_link.post_id end,
          case when kind = 'page' then create_preview_link.page_route end,
          case when kind = 'page' then create_preview_link.content end,
          coalesce(label, ''), now() + make_interval(days => expires_in_days),
          (select a.session_id from private.request_actor() a))
  returning * into link;
  perform private.record_activity('preview_create', case when kind = 'post' then 'blog_post' else 'page_content' end,
    coalesce(link.post_id::text, link.page_route), link.label,
    jsonb_build_object('preview_link', link.id, 'expires_at', link.expires_at));
  return json_build_object('id', link.id, 'token', token, 'expires_at', link.expires_at);
end
$$;

-- What a preview link shows, for anyone holding the token: 404 (PT404: PostgREST answers that status) when it is unknown,
-- revoked or expired, with the reason.
create or replace function public.preview(token text) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  link public.preview_links%rowtype;
begin
  select * into link from public.preview_links l
   where l.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex');
  if not found then
    raise exception using errcode = 'PT404', message = 'This preview link is not valid';
  elsif link.revoked_at is not null then
    raise exception using errcode = 'PT404', message = 'This preview link was revoked';
  elsif link.expires_at <= now() then
    raise exception using errcode = 'PT404', message = 'This preview link has expired';
  end if;
  if link.kind = 'post' then
    return json_build_object('kind', 'post', 'expires_at', link.expires_at,
      'post', (select to_json(b) from public.blog_posts b where b.id = link.post_id));
  end if;
  return json_build_object('kind', 'page', 'expires_at', link.expires_at, 'page_route', link.page_route,
    'content', link.content,
    'page', (select to_jsonb(p) || jsonb_build_object('content', link.content)
               from public.page_seo_settings p where p.page_route = link.page_route));
end
$$;

revoke execute on function private.request_actor(), private.record_activity(text, text, text, text, jsonb),
  private.record_sign_in(text, text, text, text), private.revision_doc(jsonb),
  private.add_revision(text, uuid, text, jsonb, jsonb), private.in_request(),
  private.blog_post_changed(), private.page_seo_changed(), private.row_activity() from public;
grant execute on function private.record_sign_in(text, text, text, text) to service_role;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.blog_post_changed(), private.page_seo_changed(), private.row_activity()
  to anon, authenticated, service_role;
revoke execute on function public.log_admin_activity(text, text, text, text, jsonb),
  public.restore_revision(bigint), public.create_preview_link(text, uuid, text, text, integer),
  public.preview(text) from public;
grant execute on function public.log_admin_activity(text, text, text, text, jsonb),
  public.restore_revision(bigint), public.create_preview_link(text, uuid, text, text, integer)
  to authenticated, service_role;
grant execute on function public.preview(text) to anon, authenticated, service_role;
