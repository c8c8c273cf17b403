-- The media library (/admin/media): what the admin keeps with each image of the blog-images
-- bucket (alt text, pixel size) and where each image is used, computed from the posts and page
-- SEO records themselves so it can never drift from them.
--
-- Nothing here is readable by anon: the public site renders alt text from the records that use
-- an image (featured_image_alt, the alt attributes in content HTML), which the editor copies
-- from the library; the library itself is an admin tool.

-- media_assets: one row per object in blog-images ----------------------------------------------
create table if not exists public.media_assets (
  -- storage.objects.name in bucket blog-images.
  object_name text primary key check (length(object_name) between 1 and 1024),
  alt_text    text not null default '' check (length(alt_text) <= 500),
  -- Measured in the browser (naturalWidth/naturalHeight) at upload, or when first shown.
  width       integer check (width between 1 and 100000),
  height      integer check (height between 1 and 100000),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
alter table public.media_assets enable row level security;
revoke all on public.media_assets from anon, authenticated;
grant select, insert, update, delete on public.media_assets to authenticated;
grant all on public.media_assets to service_role;
drop policy if exists "admins manage media" on public.media_assets;
create policy "admins manage media" on public.media_assets
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

-- A row describes an image that exists: a typo'd or stale name is a clear error, not an orphan.
create or replace function private.media_asset_check() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.object_name is distinct from old.object_name then
    raise exception using errcode = '22023', message = 'An image''s name cannot be changed',
      hint = 'Upload the image under the new name instead';
  end if;
  if tg_op = 'INSERT' and not exists (
       select 1 from storage.objects o where o.bucket_id = 'blog-images' and o.name = new.object_name) then
    raise exception using errcode = '23503',
      message = format('No image named %s in blog-images', left(new.object_name, 200)),
      hint = 'Upload the image first';
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- Alt text is staff work: each change goes to the activity log (dimensions are measurements).
create or replace function private.media_asset_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  before_alt text := case when tg_op = 'UPDATE' then old.alt_text else '' end;
begin
  if private.in_request() and new.alt_text is distinct from before_alt then
    perform private.record_activity('save', 'media', new.object_name,
      case when new.alt_text = '' then 'Alt text removed'
           else format('Alt text: %s', left(new.alt_text, 400)) end,
      jsonb_build_object('alt_text', new.alt_text, 'previous_alt_text', before_alt));
  end if;
  return null;
end
$$;

drop trigger if exists check_media_asset on public.media_assets;
create trigger check_media_asset before insert or update on public.media_assets
  for each row execute function private.media_asset_check();
drop trigger if exists record_activity on public.media_assets;
create trigger record_activity after insert or update of alt_text on public.media_assets
  for each row execute function private.media_asset_activity();

-- A deleted image takes its row with it (the admin app also deletes it, for setups where this
-- role may not add triggers to storage.objects).
create or replace function private.media_object_deleted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.media_assets m where m.object_name = old.name;
  return null;
end
$$;

do $$
begin
  drop trigger if exists media_object_deleted on storage.objects;
  create trigger media_object_deleted
    after delete on storage.objects
    for each row when (old.bucket_id = 'blog-images')
    execute function private.media_object_deleted();
exception when insufficient_privilege then
  raise notice 'storage.objects: no trigger (%), the admin app removes media rows itself', sqlerrm;
end;
$$;

-- Where images are used -------------------------------------------------------------------------
-- %XX escapes decoded as UTF-8, as Storage decodes an object path; text that does not decode to
-- valid UTF-8 is returned unchanged (it names no object a URL could reach).
create or replace function private.url_decode(p_text text) returns text
language plpgsql immutable strict parallel safe set search_path = ''
as $$
declare
  bytes bytea := ''::bytea;
  rest text := p_text;
  at integer;
begin
  if strpos(p_text, '%') = 0 then
    return p_text;
  end if;
  loop
    at := strpos(rest, '%');
    exit when at = 0;
    bytes := bytes || convert_to(left(rest, at - 1), 'UTF8');
    if substr(rest, at + 1, 2) ~ '^[0-9A-Fa-f]{2}$' then
      bytes := bytes || decode(substr(rest, at + 1, 2), 'hex');
      rest := substr(rest, at + 3);
    else
      bytes := bytes || '\x25'::bytea;
      rest := substr(rest, at + 1);
    end if;
  end loop;
  return convert_from(bytes || convert_to(rest, 'UTF8'), 'UTF8');
exception when character_not_in_repertoire or untranslatable_character then
  return p_text;
end
$$;

-- The blog-images object names a text refers to: every Storage URL of the bucket in it (public,
-- signed or authenticated downloads and image transformations, relative or absolute), up to
-- the end of the attribute value or the query string, HTML-unescaped and URL-decoded. The
-- names are read out of the text and compared for equality afterwards, so no object name is
-- ever part of a pattern: quotes, % and _ in a name mean themselves, and "a.png" does not
-- match "a.png.webp" or "ba.png".
create or replace function private.media_refs(p_text text) returns setof text
language sql immutable strict parallel safe set search_path = ''
as $$
  select distinct private.url_decode(replace(split_part(m[1], '&quot;', 1), '&amp;', '&'))
    from regexp_matches(p_text,
           '/storage/v1/(?:object|render/image)/(?:public|sign|authenticated)/blog-images/([^"<>[:space:]?#]+)',
           'g') as m
$$;

-- For each object of blog-images (or each of `names`), where it is used: one entry per post
-- or page with the fields that refer to it. Admin only; runs with the caller's rights (an admin
-- reads every post, draft or scheduled, every page and the bucket's objects).
create or replace function public.media_usage(names text[] default null)
returns table (object_name text, uses jsonb)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception using errcode = '42501', message = 'Only an admin can see where images are used';
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

revoke execute on function private.media_asset_check(), private.media_asset_activity(),
  private.media_object_deleted(), private.url_decode(text), private.media_refs(text) from public;
grant execute on function private.url_decode(text), private.media_refs(text) to authenticated, service_role;
revoke execute on function public.media_usage(text[]) from public, anon;
grant execute on function public.media_usage(text[]) to authenticated, service_role;
