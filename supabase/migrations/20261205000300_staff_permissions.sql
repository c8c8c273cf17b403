-- The role matrix (README "Access matrix"), enforced on every CMS table, bucket and function that
-- checked private.is_admin() until now. The passcode's admin token is an owner in each rule
-- (private.staff_role() answers 'owner' for it), so it keeps every right it had.
--   author: reads what staff read about posts and media (every post, draft or not, post
--           revisions, the media library); writes only their own drafts (never publishes or
--           schedules), uploads images, changes or deletes only the images they uploaded,
--           previews and restores only their own drafts; reads only their own activity.
--   editor: everything on posts, page SEO, page content, whitepapers, media, previews and
--           revisions; reads leads, whitepaper submissions, deliveries, notifications and
--           analytics, without changing or deleting any; reads their own activity.
--   owner:  everything the admin token could do (the lead pipeline, deletes, the whole activity
--           log, exports), and staff management (20261205000200).
-- anon, service_role and signed-in people who are not staff keep exactly their rights.

-- Posts record their author ---------------------------------------------------------------------
alter table public.blog_posts add column if not exists author_id uuid references auth.users (id) on delete set null;
create index if not exists blog_posts_author on public.blog_posts (author_id) where author_id is not null;

-- A staff member's new post is theirs (author_id: the caller; an editor or owner may name another
-- author), and "By {author_name}" defaults to the author's display name when left empty. An
-- author gets clear errors (the policies below refuse the same, as 42501 without a reason) for
-- writing as someone else and for publishing or scheduling. The passcode's token is nobody's
-- account: its posts keep the author_id they were given. A restored post keeps the author its
-- revision names (not the restorer), or none when that account has been deleted since (the live
-- post's author_id was set null with it). Security definer: reads auth.users.
create or replace function private.blog_post_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_role text := private.staff_role();
  caller uuid := private.request_user_id();
  restoring boolean := nullif(current_setting('claimbridge.restoring_revision', true), '') is not null;
begin
  if restoring and new.author_id is not null
     and not exists (select 1 from auth.users u where u.id = new.author_id) then
    new.author_id := null;
  end if;
  if caller_role = 'author' then
    if tg_op = 'INSERT' and new.author_id is null then
      new.author_id := caller;
    end if;
    if new.author_id is distinct from caller then
      raise exception using errcode = '42501', message = 'An author writes only their own posts',
        hint = 'Leave author_id out: a new post is yours';
    end if;
    if new.published or new.publish_at is not null then
      raise exception using errcode = '42501', message = 'An author cannot publish or schedule a post',
        hint = 'Save it as a draft (published false, no publish_at): an editor publishes it';
    end if;
  elsif tg_op = 'INSERT' and not restoring and new.author_id is null and caller_role is not null
        and not private.is_admin() then
    new.author_id := caller;
  end if;
  if coalesce(btrim(new.author_name), '') = '' and new.author_id is not null then
    new.author_name := private.user_display_name(new.author_id);
  end if;
  return new;
end
$$;

drop trigger if exists author on public.blog_posts;
create trigger author before insert or update on public.blog_posts
  for each row execute function private.blog_post_author();
revoke execute on function private.blog_post_author() from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.blog_post_author() to anon, authenticated, service_role;

-- blog_posts ------------------------------------------------------------------------------------
drop policy if exists "users read published posts" on public.blog_posts;
create policy "users read published posts" on public.blog_posts
  for select to authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select private.is_staff()));
drop policy if exists "admin writes posts" on public.blog_posts;
drop policy if exists "editors write posts" on public.blog_posts;
create policy "editors write posts" on public.blog_posts
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));
drop policy if exists "authors add drafts" on public.blog_posts;
create policy "authors add drafts" on public.blog_posts
  for insert to authenticated
  with check ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
              and not published and publish_at is null);
drop policy if exists "authors edit their drafts" on public.blog_posts;
create policy "authors edit their drafts" on public.blog_posts
  for update to authenticated
  using ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
         and not published)
  with check ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
              and not published and publish_at is null);
drop policy if exists "authors delete their drafts" on public.blog_posts;
create policy "authors delete their drafts" on public.blog_posts
  for delete to authenticated
  using ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
         and not published);

-- Page SEO and page content, whitepapers: editors ----------------------------------------------------
drop policy if exists "admin writes page seo" on public.page_seo_settings;
drop policy if exists "editors write page seo" on public.page_seo_settings;
create policy "editors write page seo" on public.page_seo_settings
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));
drop policy if exists "admin writes whitepapers" on public.whitepapers;
drop policy if exists "editors write whitepapers" on public.whitepapers;
create policy "editors write whitepapers" on public.whitepapers
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));

-- Analytics: editors read every session, owners delete ---------------------------------------------
drop policy if exists "users read their own session" on public.page_analytics;
create policy "users read their own session" on public.page_analytics
  for select to authenticated
  using (session_id = (select private.request_session_id()) or (select private.is_editor()));
-- The matrix always said the admin deletes analytics, and a policy said so, but no grant let
-- any API role delete: owners now can (the policy keeps everyone else to no rows).
grant delete on public.page_analytics to authenticated;
drop policy if exists "admin deletes analytics" on public.page_analytics;
drop policy if exists "owners delete analytics" on public.page_analytics;
create policy "owners delete analytics" on public.page_analytics
  for delete to authenticated using ((select private.is_owner()));

-- Leads: editors read, owners work the pipeline and delete -------------------------------------------
drop policy if exists "admin reads whitepaper leads" on public.whitepaper_submissions;
drop policy if exists "editors read whitepaper leads" on public.whitepaper_submissions;
create policy "editors read whitepaper leads" on public.whitepaper_submissions
  for select to authenticated using ((select private.is_editor()));
drop policy if exists "admin updates whitepaper leads" on public.whitepaper_submissions;
drop policy if exists "owners update whitepaper leads" on public.whitepaper_submissions;
create policy "owners update whitepaper leads" on public.whitepaper_submissions
  for update to authenticated using ((select private.is_owner())) with check ((select private.is_owner()));
drop policy if exists "admin deletes whitepaper leads" on public.whitepaper_submissions;
drop policy if exists "owners delete whitepaper leads" on public.whitepaper_submissions;
create policy "owners delete whitepaper leads" on public.whitepaper_submissions
  for delete to authenticated using ((select private.is_owner()));

drop policy if exists "admin manages leads" on public.leads;
drop policy if exists "editors read leads" on public.leads;
create policy "editors read leads" on public.leads
  for select to authenticated using ((select private.is_editor()));
drop policy if exists "owners update leads" on public.leads;
create policy "owners update leads" on public.leads
  for update to authenticated using ((select private.is_owner())) with check ((select private.is_owner()));
drop policy if exists "owners delete leads" on public.leads;
create policy "owners delete leads" on public.leads
  for delete to authenticated using ((select private.is_owner()));

drop policy if exists "admin manages deliveries" on public.lead_deliveries;
drop policy if exists "editors read deliveries" on public.lead_deliveries;
create policy "editors read deliveries" on public.lead_deliveries
  for select to authenticated using ((select private.is_editor()));
drop policy if exists "owners update deliveries" on public.lead_deliveries;
create policy "owners update deliveries" on public.lead_deliveries
  for update to authenticated using ((select private.is_owner())) with check ((select private.is_owner()));

drop policy if exists "admin reads lead notifications" on public.lead_notifications;
drop policy if exists "editors read lead notifications" on public.lead_notifications;
create policy "editors read lead notifications" on public.lead_notifications
  for select to authenticated using ((select private.is_editor()));

-- Owners (the passcode among them) add whitepaper submissions without a lead ticket, as the admin
-- token did; everyone else, staff included, goes through antispam-check like a visitor.
create or replace function private.whitepaper_submission_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_owner() then
    perform private.lead_ticket_consume(
      nullif(current_setting('request.headers', true), '')::json ->> 'x-claimbridge-lead-ticket',
      new.email);
  end if;
  return new;
end
$$;

-- Activity log, revisions, preview links --------------------------------------------------------------
-- Owners read the whole log; other staff read what they did themselves.
drop policy if exists "admins read the activity log" on public.admin_activity;
drop policy if exists "staff read the activity log" on public.admin_activity;
create policy "staff read the activity log" on public.admin_activity
  for select to authenticated
  using ((select private.is_owner())
         or ((select private.is_staff()) and actor_id = (select private.request_user_id())));

-- Authors read the revisions of posts (they read every post), not of pages.
drop policy if exists "admins read revisions" on public.content_revisions;
drop policy if exists "staff read revisions" on public.content_revisions;
create policy "staff read revisions" on public.content_revisions
  for select to authenticated
  using ((select private.is_editor()) or ((select private.is_staff()) and entity = 'blog_post'));

-- Whether the post p_post is the caller's, and whether they uploaded the blog-images object
-- p_name (Storage records the uploader's sub as owner_id). With the caller's rights: staff read
-- every post and both buckets' objects.
create or replace function private.is_my_post(p_post uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.blog_posts b where b.id = p_post and b.author_id = private.request_user_id())
$$;

create or replace function private.is_my_image(p_name text) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from storage.objects o
                  where o.bucket_id = 'blog-images' and o.name = p_name
                    and o.owner_id = private.request_user_id()::text)
$$;
revoke execute on function private.is_my_post(uuid), private.is_my_image(text) from public;
grant execute on function private.is_my_post(uuid), private.is_my_image(text) to authenticated, service_role;

-- Authors see and revoke the links to their own posts.
drop policy if exists "admins read preview links" on public.preview_links;
drop policy if exists "staff read preview links" on public.preview_links;
create policy "staff read preview links" on public.preview_links
  for select to authenticated
  using ((select private.is_editor())
         or ((select private.staff_role()) = 'author' and kind = 'post' and private.is_my_post(post_id)));
drop policy if exists "admins revoke preview links" on public.preview_links;
drop policy if exists "staff revoke preview links" on public.preview_links;
create policy "staff revoke preview links" on public.preview_links
  for update to authenticated
  using ((select private.is_editor())
         or ((select private.staff_role()) = 'author' and kind = 'post' and private.is_my_post(post_id)))
  with check ((select private.is_editor())
              or ((select private.staff_role()) = 'author' and kind = 'post' and private.is_my_post(post_id)));

-- Media: every staff member reads the library and adds images; editors change and delete any,
-- authors only the images they uploaded.
drop policy if exists "admins manage media" on public.media_assets;
drop policy if exists "staff read media" on public.media_assets;
create policy "staff read media" on public.media_assets
  for select to authenticated using ((select private.is_staff()));
drop policy if exists "staff add media" on public.media_assets;
create policy "staff add media" on public.media_assets
  for insert to authenticated with check ((select private.is_staff()));
drop policy if exists "staff change media" on public.media_assets;
create policy "staff change media" on public.media_assets
  for update to authenticated
  using ((select private.is_editor())
         or ((select private.is_staff()) and private.is_my_image(object_name)))
  with check ((select private.is_editor())
              or ((select private.is_staff()) and private.is_my_image(object_name)));
drop policy if exists "staff delete media" on public.media_assets;
create policy "staff delete media" on public.media_assets
  for delete to authenticated
  using ((select private.is_editor())
         or ((select private.is_staff()) and private.is_my_image(object_name)));

-- Storage: staff upload images, editors whitepaper PDFs; changing or deleting a file is an
-- editor's, or an author's for an image they uploaded. Reads are unchanged (both buckets are
-- public).
drop policy if exists "admin uploads site files" on storage.objects;
drop policy if exists "staff upload site files" on storage.objects;
create policy "staff upload site files" on storage.objects
  for insert to authenticated
  with check ((bucket_id = 'blog-images' and (select private.is_staff()))
              or (bucket_id = 'whitepapers' and (select private.is_editor())));
drop policy if exists "admin updates site files" on storage.objects;
drop policy if exists "staff update site files" on storage.objects;
create policy "staff update site files" on storage.objects
  for update to authenticated
  using ((bucket_id in ('blog-images', 'whitepapers') and (select private.is_editor()))
         or (bucket_id = 'blog-images' and (select private.is_staff())
             and owner_id = (select private.request_user_id())::text))
  with check ((bucket_id in ('blog-images', 'whitepapers') and (select private.is_editor()))
              or (bucket_id = 'blog-images' and (select private.is_staff())
                  and owner_id = (select private.request_user_id())::text));
drop policy if exists "admin deletes site files" on storage.objects;
drop policy if exists "staff delete site files" on storage.objects;
create policy "staff delete site files" on storage.objects
  for delete to authenticated
  using ((bucket_id in ('blog-images', 'whitepapers') and (select private.is_editor()))
         or (bucket_id = 'blog-images' and (select private.is_staff())
             and owner_id = (select private.request_user_id())::text));

-- Functions ---------------------------------------------------------------------------------------------
-- What the admin app reports itself: any staff member their sign-out and media uploads and
-- deletes; exports (of leads) only an owner, as owners manage exports. Security definer: the
-- caller may not write the log (nor call private.record_activity) itself.
create or replace function public.log_admin_activity(
  action text, entity text default null, entity_id text default null, summary text default '',
  details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  my_role text := private.staff_role();
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can write to the activity log';
  end if;
  if action not in ('export', 'media_upload', 'media_delete', 'sign_out') then
    raise exception using errcode = '22023',
      message = format('Unknown activity: %s', action),
      hint = 'Use one of export, media_upload, media_delete, sign_out';
  end if;
  if action = 'export' and my_role <> 'owner' then
    raise exception using errcode = '42501', message = 'Only an owner can export';
  end if;
  if jsonb_typeof(coalesce(details, '{}'::jsonb)) <> 'object' or length(coalesce(details, '{}'::jsonb)::text) > 10000 then
    raise exception using errcode = '22023', message = 'details must be a JSON object of at most 10000 characters';
  end if;
  perform private.record_activity(action, entity, entity_id, summary, details);
end
$$;

-- Restoring a revision (as in 20261127000100): editors any; an author only a revision of their own
-- post while it is a draft (the policies refuse the rest; a restore they filter out entirely is
-- refused here rather than reported as done), never one that would publish it.
create or replace function public.restore_revision(revision_id bigint) returns uuid
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  my_role text := private.staff_role();
  revision public.content_revisions%rowtype;
  target regclass;
  state jsonb;
  columns text;
  exists_now boolean;
  changed integer;
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can restore a revision';
  end if;
  select * into revision from public.content_revisions r where r.id = revision_id;
  if not found then
    raise exception using errcode = 'PT404', message = format('Revision %s does not exist', revision_id),
      hint = 'It may have been removed by the retention limit';
  end if;
  target := case revision.entity when 'blog_post' then 'public.blog_posts'::regclass
                                 else 'public.page_seo_settings'::regclass end;
  state := coalesce(revision.snapshot, revision.previous);
  if my_role = 'author' and (state ->> 'author_id') is distinct from private.request_user_id()::text then
    raise exception using errcode = '42501', message = 'An author can restore only revisions of their own posts';
  end if;
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
    get diagnostics changed = row_count;
    if changed = 0 then
      raise exception using errcode = '42501',
        message = 'An author can restore only revisions of their own drafts',
        hint = 'This post is published or scheduled: ask an editor';
    end if;
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

-- Preview links (as in 20261127000100): editors for any post or page; an author for their own
-- draft posts.
create or replace function public.create_preview_link(
  kind text, post_id uuid default null, page_route text default null, content text default null,
  expires_in_days integer default 7)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  my_role text := private.staff_role();
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  link public.preview_links%rowtype;
  label text;
  post_author uuid;
  post_published boolean;
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can create preview links';
  end if;
  if coalesce(expires_in_days, 0) not between 1 and 90 then
    raise exception using errcode = '22023', message = 'A preview link lasts from 1 to 90 days';
  end if;
  if kind = 'post' then
    select b.title, b.author_id, b.published into label, post_author, post_published
      from public.blog_posts b where b.id = create_preview_link.post_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'Save the post before creating a preview link';
    end if;
    if my_role = 'author' and (post_author is distinct from private.request_user_id() or post_published) then
      raise exception using errcode = '42501', message = 'An author can preview only their own drafts';
    end if;
  elsif kind = 'page' then
    if my_role = 'author' then
      raise exception using errcode = '42501', message = 'An author cannot preview page changes';
    end if;
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

-- Where images are used (as in 20261127000400): any staff member, who all read every post, page
-- and image; runs with the caller's rights.
create or replace function public.media_usage(names text[] default null)
returns table (object_name text, uses jsonb)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see where images are used';
  end if;
  if cardinality(names) > 1000 then
    raise exception using errcode = '22023', message = 'Ask for at most 1000 images at a time',
      hint = 'Leave names out to get every image of blog-images';
  end if;
  return query
  with targets as (
    select distinct n.name from unnest(names) as n(name) where names is not null and n.name is not null
    union
    select o.name from storage.objects o where names is null and o.bucket_id = 'blog-images' and o.name is not null
  ),
  refs as (
    select 'post'::text as kind, b.id, b.title as label, b.slug as key, b.published, f.field, r.name
      from public.blog_posts b
      cross join lateral (values ('content', b.content), ('featured_image_url', b.featured_image_url),
                                 ('og_image', b.og_image)) as f(field, value)
      cross join lateral private.media_refs(f.value) as r(name)
    union all
    select 'page', p.id, p.page_name, p.page_route, null, f.field, r.name
      from public.page_seo_settings p
      cross join lateral (values ('content', p.content), ('featured_image_url', p.featured_image_url),
                                 ('og_image', p.og_image), ('twitter_image', p.twitter_image),
                                 ('schema_json', p.schema_json::text)) as f(field, value)
      cross join lateral private.media_refs(f.value) as r(name)
  ),
  per_record as (
    select r.name, r.kind, r.id, r.label, r.key, r.published, array_agg(r.field order by r.field) as fields
      from refs r
      join targets t on t.name = r.name
     group by r.name, r.kind, r.id, r.label, r.key, r.published
  )
  select t.name,
         coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
                            'kind', u.kind, 'id', u.id, 'title', u.label, 'key', u.key,
                            'published', u.published, 'fields', to_jsonb(u.fields)))
                          order by u.kind desc, u.label, u.id)
                     from per_record u where u.name = t.name), '[]'::jsonb)
    from targets t
   order by t.name;
end
$$;
