-- Site health (issue 37): the content checks behind the admin's "Site health" screen. Staff see,
-- each with a link to the screen that fixes it: broken links inside the site (to a page, a post,
-- a stored file or a build file that does not exist), broken links to other sites, images without
-- alt text, posts and pages whose meta description is missing or too thin for a search result,
-- posts without a featured image, posts that share a title, and whitepapers whose file is gone.
--
-- The server does the work (crates/site/src/health): on every change of the site's content (the
-- claimbridge_site notification) and on a timer, it reads the published posts' and the pages'
-- stored HTML, records every link and every image without alt text (content_links,
-- content_images_without_alt, rewritten whole by private.record_site_content), checks the links
-- inside the site at once against the build's routes, the posts, the redirects and the stored
-- files, and queues the links to other sites in link_checks, which a background job checks over
-- HTTP (rows leased with FOR UPDATE SKIP LOCKED, so two instances never check one URL at once).
-- public.site_health() puts it all together with the checks that need no scan (meta descriptions,
-- featured images, titles, whitepaper files), so what it says about a post is as fresh as the post.
--
-- Who: staff (owners, editors, authors) read; no API role but service_role writes: the server writes
-- as the database owner (and rewrites whatever else was written at its next scan).

-- link_checks: one row per URL the content links to -----------------------------------------------
-- url: a path on this site ('/blog/some-post', with its ?query) for links inside the site, the full
-- address (without #fragment) for other sites. status: unchecked (queued), ok, broken (no such page:
-- 404, 410, another 4xx, a missing post or file), unreachable (timed out, no DNS answer, 5xx) or
-- refused (the address is on a private or local network, which the checker never requests).
create table if not exists public.link_checks (
  url           text primary key check (length(url) between 1 and 2000),
  internal      boolean not null,
  status        text not null default 'unchecked'
                  check (status in ('unchecked', 'ok', 'broken', 'unreachable', 'refused')),
  -- The final answer's HTTP status (other sites only).
  http_status   integer check (http_status between 100 and 599),
  -- What was found, in words for the admin screen.
  detail        text check (length(detail) <= 500),
  checked_at    timestamptz,
  -- When the job checks it (again): a week after an ok, a day after anything else.
  next_check_at timestamptz not null default now(),
  -- While an instance checks it: until when the row is that instance's.
  lease_until   timestamptz
);
create index if not exists link_checks_due on public.link_checks (next_check_at) where not internal;

-- Where each link is: one row per source (a published post, a page's content) and URL.
-- source_id: the post's or the page_seo_settings row's id; source_label: its title or page name
-- when scanned (site_health() shows the current one).
create table if not exists public.content_links (
  source_type  text not null check (source_type in ('post', 'page')),
  source_id    text not null check (length(source_id) <= 100),
  source_label text not null default '' check (length(source_label) <= 300),
  url          text not null check (length(url) between 1 and 2000),
  primary key (source_type, source_id, url)
);
create index if not exists content_links_url on public.content_links (url);

-- Images in the content with no alt text, or a blank one: screen readers announce the file name
-- and search engines learn nothing from them. (alt="" marks a decorative image on a web page, but
-- in an article an image carries meaning, and the editor leaves a missing alt blank.) src: as
-- written, cut to 2000 characters.
create table if not exists public.content_images_without_alt (
  source_type  text not null check (source_type in ('post', 'page')),
  source_id    text not null check (length(source_id) <= 100),
  source_label text not null default '' check (length(source_label) <= 300),
  src          text not null check (length(src) between 1 and 2000),
  primary key (source_type, source_id, src)
);

-- When the content was last scanned (site_health_summary()'s last_run).
create table if not exists private.site_health_state (
  singleton boolean primary key default true check (singleton),
  last_run  timestamptz
);
alter table private.site_health_state enable row level security;

alter table public.link_checks enable row level security;
alter table public.content_links enable row level security;
alter table public.content_images_without_alt enable row level security;
revoke all on public.link_checks, public.content_links, public.content_images_without_alt
  from public, anon, authenticated;
grant select on public.link_checks, public.content_links, public.content_images_without_alt to authenticated;
grant all on public.link_checks, public.content_links, public.content_images_without_alt to service_role;

drop policy if exists "staff read link checks" on public.link_checks;
create policy "staff read link checks" on public.link_checks
  for select to authenticated using ((select private.is_staff()));
drop policy if exists "staff read content links" on public.content_links;
create policy "staff read content links" on public.content_links
  for select to authenticated using ((select private.is_staff()));
drop policy if exists "staff read images without alt" on public.content_images_without_alt;
create policy "staff read images without alt" on public.content_images_without_alt
  for select to authenticated using ((select private.is_staff()));

-- What one scan found, written in one statement (no transaction left open between round trips):
--   links:  [{"source_type", "source_id", "source_label", "url"}], every link of every source;
--   images: [{"source_type", "source_id", "source_label", "src"}], every image without alt text;
--   checks: [{"url", "internal", "status", "detail"}], every linked URL: a link inside the site
--           with the status the scan gave it; a link to another site queued (unchecked) when new,
--           its last result kept otherwise.
-- Sources and URLs no longer found are dropped. Scans of several instances wait for each other:
-- the last to finish wrote what it read. Not granted to the API roles: the server calls it as
-- the database owner.
create or replace function private.record_site_content(links jsonb, images jsonb, checks jsonb)
returns void
language plpgsql volatile set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('claimbridge.site_health', 0));

  with wanted as (
    select distinct on (x.source_type, x.source_id, x.url)
           x.source_type, x.source_id, left(coalesce(x.source_label, ''), 300) as source_label, x.url
      from jsonb_to_recordset(coalesce(links, '[]')) as x(source_type text, source_id text, source_label text, url text)
  ), gone as (
    delete from public.content_links c
     where not exists (select 1 from wanted w
                        where w.source_type = c.source_type and w.source_id = c.source_id and w.url = c.url)
  )
  insert into public.content_links (source_type, source_id, source_label, url)
  select w.source_type, w.source_id, w.source_label, w.url from wanted w
  on conflict (source_type, source_id, url) do update set source_label = excluded.source_label
   where public.content_links.source_label is distinct from excluded.source_label;

  with wanted as (
    select distinct on (x.source_type, x.source_id, left(x.src, 2000))
           x.source_type, x.source_id, left(coalesce(x.source_label, ''), 300) as source_label,
           left(x.src, 2000) as src
      from jsonb_to_recordset(coalesce(images, '[]')) as x(source_type text, source_id text, source_label text, src text)
  ), gone as (
    delete from public.content_images_without_alt c
     where not exists (select 1 from wanted w
                        where w.source_type = c.source_type and w.source_id = c.source_id and w.src = c.src)
  )
  insert into public.content_images_without_alt (source_type, source_id, source_label, src)
  select w.source_type, w.source_id, w.source_label, w.src from wanted w
  on conflict (source_type, source_id, src) do update set source_label = excluded.source_label
   where public.content_images_without_alt.source_label is distinct from excluded.source_label;

  -- A link inside the site ('/...') is checked by every scan; one to another site keeps its result
  -- until the job checks it again.
  insert into public.link_checks as l (url, internal, status, detail, checked_at, next_check_at)
  select distinct on (x.url) x.url, x.internal,
         case when x.internal then coalesce(x.status, 'unchecked') else 'unchecked' end,
         case when x.internal then left(x.detail, 500) end,
         case when x.internal and x.status is not null and x.status <> 'unchecked' then now() end,
         now()
    from jsonb_to_recordset(coalesce(checks, '[]')) as x(url text, internal boolean, status text, detail text)
  on conflict (url) do update
     set status = excluded.status, detail = excluded.detail, checked_at = excluded.checked_at
   where l.internal and (l.status, l.detail) is distinct from (excluded.status, excluded.detail);

  delete from public.link_checks l
   where not exists (select 1 from public.content_links c where c.url = l.url);

  insert into private.site_health_state (singleton, last_run) values (true, now())
  on conflict (singleton) do update set last_run = excluded.last_run;
end
$$;
revoke execute on function private.record_site_content(jsonb, jsonb, jsonb) from public, anon, authenticated, service_role;

-- Every finding, errors first. fix_path: where the admin fixes it: a post's editor
-- ('/admin/blog/{id}'), the pages' content ('/admin/content'), the pages' SEO ('/admin/pages'), the
-- whitepapers ('/admin/whitepapers').
--
-- Kinds:
--   broken_internal_link (error): a link inside the site to nothing (the scan's verdict), or a
--     whitepaper whose file is not in storage (its download link leads nowhere).
--   broken_external_link: error when the other site answered that the page does not exist;
--     warning when it could not be reached (it may be down for a while) or when the link points to
--     a private or local address (visitors cannot open it either).
--   image_without_alt (warning): an image in the content, or a featured image, without alt text.
--   missing_meta_description (warning): what a search result shows under the title is missing or
--     shorter than 50 characters. For a post that is what the site's head writes as its meta
--     description (crates/site/src/head/post.rs post_description): the excerpt, else the
--     description. The description is required, so a post never has none, but a one-line
--     description like "New rules" is as good as none in a search result: 50 characters is the
--     least a snippet needs to say what the post is about. For a page, its meta_description (the
--     head writes none without it). Posts and pages kept out of search (noindex) are skipped.
--   missing_featured_image (warning): a post without a featured image (cards and link previews
--     show it).
--   duplicate_title (warning): published posts sharing a title, compared without case or outer
--     spaces: readers and search engines cannot tell them apart.
-- Posts: the published ones (scheduled included: they go live by themselves). Security invoker:
-- row-level security decides what staff read.
create or replace function public.site_health()
returns table (kind text, severity text, title text, detail text, source_type text, source_id text,
               source_label text, fix_path text)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see the site health checks';
  end if;
  return query
  with posts as (
    select p.id, p.title, p.slug, p.description, p.excerpt, p.featured_image_url, p.featured_image_alt,
           p.noindex, '/admin/blog/' || p.id::text as fix_path
      from public.blog_posts p
     where p.published
  ),
  sources as (
    select 'post'::text as source_type, p.id::text as source_id, p.title as source_label, p.fix_path
      from posts p
    union all
    select 'page', s.id::text, s.page_name, '/admin/content'
      from public.page_seo_settings s
  ),
  findings as (
    select case when l.internal then 'broken_internal_link' else 'broken_external_link' end as kind,
           case when l.status = 'broken' then 'error' else 'warning' end as severity,
           format('Broken link: %s', l.url) as title,
           coalesce(l.detail, case l.status when 'broken' then 'No page at this address'
                                            when 'refused' then 'This address is on a private or local network'
                                            else 'The address could not be reached' end) as detail,
           s.source_type, s.source_id, s.source_label, s.fix_path
      from public.content_links c
      join public.link_checks l on l.url = c.url
      join sources s on s.source_type = c.source_type and s.source_id = c.source_id
     where l.status in ('broken', 'unreachable', 'refused')
    union all
    select 'broken_internal_link', 'error', format('Missing file: %s', w.file_path),
           'The whitepaper''s download leads nowhere: its file is not in storage. Upload it again.',
           'whitepaper', w.id::text, w.title, '/admin/whitepapers'
      from public.whitepapers w
     where w.file_path is not null
       and not exists (select 1 from storage.objects o
                        where o.bucket_id = 'whitepapers' and o.name = w.file_path)
    union all
    select 'image_without_alt', 'warning', format('Image without alt text: %s', i.src),
           'Describe the image in a few words: screen readers read it out and search engines index it.',
           s.source_type, s.source_id, s.source_label, s.fix_path
      from public.content_images_without_alt i
      join sources s on s.source_type = i.source_type and s.source_id = i.source_id
    union all
    select 'image_without_alt', 'warning', 'Featured image without alt text',
           'Describe the featured image in a few words: link previews and screen readers use it.',
           'post', p.id::text, p.title, p.fix_path
      from posts p
     where btrim(coalesce(p.featured_image_url, '')) <> '' and btrim(coalesce(p.featured_image_alt, '')) = ''
    union all
    select 'image_without_alt', 'warning', 'Featured image without alt text',
           'Describe the page''s featured image in a few words: link previews and screen readers use it.',
           'page', s.id::text, s.page_name, '/admin/pages'
      from public.page_seo_settings s
     where btrim(coalesce(s.featured_image_url, '')) <> '' and btrim(coalesce(s.featured_image_alt, '')) = ''
    union all
    select 'missing_meta_description', 'warning',
           case when d.chars = 0 then 'No meta description' else 'Meta description too short' end,
           format('Search results show the %s under the title: write 50 to 160 characters that say what the post offers (now %s).',
                  case when d.from_excerpt then 'excerpt' else 'description (there is no excerpt)' end, d.chars),
           'post', p.id::text, p.title, p.fix_path
      from posts p
     cross join lateral (
       select char_length(coalesce(nullif(btrim(p.excerpt), ''), btrim(p.description))) as chars,
              btrim(coalesce(p.excerpt, '')) <> '' as from_excerpt
     ) d
     where not p.noindex and d.chars < 50
    union all
    select 'missing_meta_description', 'warning',
           case when d.chars = 0 then 'No meta description' else 'Meta description too short' end,
           format('Search results show the meta description under the page''s title: write 50 to 160 characters (now %s).', d.chars),
           'page', s.id::text, s.page_name, '/admin/pages'
      from public.page_seo_settings s
     cross join lateral (select char_length(btrim(coalesce(s.meta_description, ''))) as chars) d
     where not s.noindex and d.chars < 50
    union all
    select 'missing_featured_image', 'warning', 'No featured image',
           'Blog cards and link previews on LinkedIn and elsewhere show the featured image: add one.',
           'post', p.id::text, p.title, p.fix_path
      from posts p
     where btrim(coalesce(p.featured_image_url, '')) = ''
    union all
    select 'duplicate_title', 'warning', format('Title used by more than one post: %s', p.title),
           format('Also the title of: %s. Give each post its own title.',
                  (select string_agg(format('/blog/%s', o.slug), ', ' order by o.slug)
                     from posts o
                    where o.id <> p.id and lower(btrim(o.title)) = lower(btrim(p.title)))),
           'post', p.id::text, p.title, p.fix_path
      from posts p
     where exists (select 1 from posts o where o.id <> p.id and lower(btrim(o.title)) = lower(btrim(p.title)))
  )
  select f.kind, f.severity, f.title, f.detail, f.source_type, f.source_id, f.source_label, f.fix_path
    from findings f
   order by f.severity = 'warning', f.kind, f.source_label, f.title;
end
$$;

-- The checker's progress: {"last_run": when the content was last scanned (null: never),
-- "links_checked": links with a result, "pending": links queued and not yet checked}. Security
-- definer: the state table is the server's; staff only, as site_health().
create or replace function public.site_health_summary()
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see the site health checks';
  end if;
  return jsonb_build_object(
    'last_run', (select s.last_run from private.site_health_state s),
    'links_checked', (select count(*) from public.link_checks l where l.status <> 'unchecked'),
    'pending', (select count(*) from public.link_checks l where l.status = 'unchecked'));
end
$$;

revoke execute on function public.site_health(), public.site_health_summary() from public, anon;
grant execute on function public.site_health(), public.site_health_summary() to authenticated, service_role;
