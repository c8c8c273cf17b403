-- Discovery (issue 37): what helps a reader find more and gives search engines topic hubs.
--   * Archives of a category, a tag or an author (/blog/category/{slug}, /blog/tag/{slug},
--     /blog/author/{slug}): blog_archive, blog_taxonomies, and blog_taxonomy_seo for the title and
--     description staff give an archive. Slugs come from the names (taxonomy_slug; the frontend's
--     taxonomySlug is its twin, both checked against features/blog/taxonomy-slug-vectors.json).
--   * Related posts under each post: related_posts.
--   * Site search (/search and the header's box): private.search_index, kept by triggers on posts
--     and whitepapers and by the server for the public pages' text (private.sync_search_pages),
--     read by search_site; searches counted without anything personal (record_search,
--     search_stats for the admin).
--   * Popular posts on the not-found page: popular_posts.
--
-- Archives and related posts run with the caller's rights, so row-level security decides which
-- posts anon sees; they also ask for visible posts themselves, so a staff member (who reads drafts)
-- sees the public archive too. Search (and related posts' word matching) reads the private index
-- as its owner and applies the same rule. "Visible" is the rule of the posts' policies: published
-- and (publish_at is null or due).

-- pg_trgm (typo tolerance, suggestions, related titles) in the `extensions` schema, where hosted
-- Supabase keeps extensions; every use below names the schema, so no search_path needs it. A
-- pg_trgm installed elsewhere before (it is relocatable) is moved there.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pg_trgm with schema extensions;
do $$
begin
  if (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname = 'pg_trgm') <> 'extensions' then
    alter extension pg_trgm set schema extensions;
  end if;
end
$$;

-- Slugs ------------------------------------------------------------------------------------------
-- The address of a category, tag or author: ASCII letters lower-cased, every run of anything else
-- one '-', none at either end; nothing left is null (no archive). lower() under the C collation
-- only lowers A-Z, so the answer is the same on every database whatever its locale, and the
-- TypeScript twin can match it exactly. No SET clause (every name is qualified instead) so the
-- planner can inline it: archives compute it for every visible post's category or tags.
create or replace function public.taxonomy_slug(name text) returns text
language sql immutable parallel safe
as $$
  select nullif(
           pg_catalog.btrim(
             pg_catalog.regexp_replace(pg_catalog.lower(name collate pg_catalog."C"), '[^a-z0-9]+', '-', 'g'),
             '-'),
           '')
$$;

-- The slugs of a post's tags.
create or replace function private.taxonomy_slugs(names text[]) returns text[]
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(array_agg(distinct s) filter (where s is not null), '{}')
    from unnest(names) as n, public.taxonomy_slug(n) as s
$$;

-- blog_taxonomy_seo: an archive's own head -------------------------------------------------------
-- Editable per category, tag and author; an archive without a row uses the defaults. A row also
-- keeps an archive that no visible post has yet (an empty archive: served, noindex).
create table if not exists public.blog_taxonomy_seo (
  kind             text not null check (kind in ('category', 'tag', 'author')),
  slug             text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200),
  -- How the archive is named while no visible post names it.
  name             text check (length(name) <= 200),
  meta_title       text check (length(meta_title) <= 200),
  meta_description text check (length(meta_description) <= 500),
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  primary key (kind, slug)
);

-- Blank texts mean "the default" (null); a name must be the one the address is made from, or the
-- archive would be titled after something its address does not say.
create or replace function private.blog_taxonomy_seo_check() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.name := nullif(btrim(new.name), '');
  new.meta_title := nullif(btrim(new.meta_title), '');
  new.meta_description := nullif(btrim(new.meta_description), '');
  if new.name is not null and public.taxonomy_slug(new.name) is distinct from new.slug then
    raise exception using errcode = '22023',
      message = format('The name "%s" does not match the address %s', left(new.name, 200), new.slug),
      hint = format('Its address would be %s', coalesce(public.taxonomy_slug(new.name), 'nothing (no letters or digits)'));
  end if;
  return new;
end
$$;

-- Staff activity, named "Category: Prior Authorization" (the table has no id column).
create or replace function private.blog_taxonomy_seo_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  doc public.blog_taxonomy_seo := case when tg_op = 'DELETE' then old else new end;
begin
  if private.in_request() and (tg_op <> 'UPDATE' or old is distinct from new) then
    perform private.record_activity(
      case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete' else 'save' end,
      'blog_taxonomy', doc.kind || '/' || doc.slug,
      format('%s: %s', initcap(doc.kind), coalesce(doc.name, doc.slug)), '{}'::jsonb);
  end if;
  return null;
end
$$;

drop trigger if exists check_row on public.blog_taxonomy_seo;
create trigger check_row before insert or update on public.blog_taxonomy_seo
  for each row execute function private.blog_taxonomy_seo_check();
drop trigger if exists set_updated_at on public.blog_taxonomy_seo;
create trigger set_updated_at before update on public.blog_taxonomy_seo
  for each row execute function private.set_updated_at();
drop trigger if exists record_activity on public.blog_taxonomy_seo;
create trigger record_activity after insert or update or delete on public.blog_taxonomy_seo
  for each row execute function private.blog_taxonomy_seo_activity();
-- The site renders archive heads from it: every write drops its cache (20261122000400).
drop trigger if exists notify_site_change on public.blog_taxonomy_seo;
create trigger notify_site_change
  after insert or update or delete or truncate on public.blog_taxonomy_seo
  for each statement execute function private.notify_site_change();

alter table public.blog_taxonomy_seo enable row level security;
revoke all on public.blog_taxonomy_seo from anon, authenticated;
grant select on public.blog_taxonomy_seo to anon, authenticated;
grant insert, update, delete on public.blog_taxonomy_seo to authenticated;
grant all on public.blog_taxonomy_seo to service_role;
drop policy if exists "anyone reads taxonomy seo" on public.blog_taxonomy_seo;
create policy "anyone reads taxonomy seo" on public.blog_taxonomy_seo
  for select to anon, authenticated using (true);
drop policy if exists "editors write taxonomy seo" on public.blog_taxonomy_seo;
create policy "editors write taxonomy seo" on public.blog_taxonomy_seo
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));

-- Archives ---------------------------------------------------------------------------------------
-- One page of an archive, as the site renders it: the posts newest first with /blog's card
-- columns (plus tags and author), the archive's name and head, how many posts it has and when
-- they last changed. Null for an archive nobody has heard of (no visible post has it, no
-- blog_taxonomy_seo row): the site answers 404. A page past the last has no posts.
create or replace function public.blog_archive(kind text, slug text, page integer default 1, page_size integer default 12)
returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  seo public.blog_taxonomy_seo%rowtype;
  result jsonb;
begin
  if kind is null or kind not in ('category', 'tag', 'author') then
    raise exception using errcode = '22023', message = 'An archive is of a category, a tag or an author';
  end if;
  if page is null or page < 1 then
    raise exception using errcode = '22023', message = 'Pages are numbered from 1';
  end if;
  if page_size is null or page_size not between 1 and 50 then
    raise exception using errcode = '22023', message = 'A page lists from 1 to 50 posts';
  end if;
  select * into seo from public.blog_taxonomy_seo s where s.kind = blog_archive.kind and s.slug = blog_archive.slug;

  with posts as (
    select p.id, p.title, p.slug, p.description, p.category, p.read_time, p.created_at, p.tags,
           p.author_name, p.updated_at
      from public.blog_posts p
     where p.published and (p.publish_at is null or p.publish_at <= now())
       and case blog_archive.kind
             when 'category' then public.taxonomy_slug(p.category) = blog_archive.slug
             -- Written out (not taxonomy_slugs) so the planner inlines it: no index serves a
             -- caller under row-level security, and this is what costs least row by row.
             when 'tag' then exists (select 1 from unnest(p.tags) as t
                                      where public.taxonomy_slug(t) = blog_archive.slug)
             else public.taxonomy_slug(p.author_name) = blog_archive.slug
           end
  ),
  newest as (
    select n.* from posts n order by n.created_at desc, n.slug limit 1
  ),
  shown as (
    select s.* from posts s order by s.created_at desc, s.slug
     offset (blog_archive.page - 1)::bigint * blog_archive.page_size limit blog_archive.page_size
  )
  select case when (select count(*) from posts) = 0 and seo.slug is null then null else
    jsonb_build_object(
      'kind', blog_archive.kind,
      'slug', blog_archive.slug,
      'name', coalesce(
                (select case blog_archive.kind
                          when 'category' then n.category
                          when 'author' then n.author_name
                          else (select t from unnest(n.tags) with ordinality as u(t, i)
                                 where public.taxonomy_slug(t) = blog_archive.slug order by i limit 1)
                        end
                   from newest n),
                seo.name, blog_archive.slug),
      'meta_title', seo.meta_title,
      'meta_description', seo.meta_description,
      'total', (select count(*) from posts),
      'page', blog_archive.page,
      'page_size', blog_archive.page_size,
      'last_modified', (select max(updated_at) from posts),
      'posts', coalesce((select jsonb_agg(jsonb_build_object(
                   'id', s.id, 'title', s.title, 'slug', s.slug, 'description', s.description,
                   'category', s.category, 'read_time', s.read_time, 'created_at', s.created_at,
                   'tags', s.tags, 'author_name', s.author_name) order by s.created_at desc, s.slug)
                   from shown s), '[]'::jsonb))
  end into result;
  return result;
end
$$;

-- Every archive there is, for the sitemap and the admin: each category, tag and author of the
-- visible posts (named as on the newest post, with how many posts and when they last changed),
-- and every blog_taxonomy_seo row (an empty archive: 0 posts).
create or replace function public.blog_taxonomies()
returns table (kind text, slug text, name text, posts integer, last_modified timestamptz)
language sql stable security invoker set search_path = ''
as $$
  with visible as (
    select p.slug as post, p.category, p.tags, p.author_name, p.created_at, p.updated_at
      from public.blog_posts p
     where p.published and (p.publish_at is null or p.publish_at <= now())
  ),
  named as (
    select 'category' as kind, v.category as name, v.post, v.created_at, v.updated_at from visible v
    union all
    select 'tag', t.name, v.post, v.created_at, v.updated_at from visible v, unnest(v.tags) as t(name)
    union all
    select 'author', v.author_name, v.post, v.created_at, v.updated_at from visible v where v.author_name is not null
  ),
  slugged as (
    select n.*, public.taxonomy_slug(n.name) as slug from named n
  ),
  archives as (
    select n.kind, n.slug,
           (array_agg(n.name order by n.created_at desc, n.post))[1] as name,
           count(distinct n.post)::integer as posts,
           max(n.updated_at) as last_modified
      from slugged n
     where n.slug is not null
     group by n.kind, n.slug
  )
  select coalesce(a.kind, t.kind), coalesce(a.slug, t.slug), coalesce(a.name, t.name, t.slug),
         coalesce(a.posts, 0), a.last_modified
    from archives a
    full join public.blog_taxonomy_seo t on t.kind = a.kind and t.slug = a.slug
   order by 1, lower(coalesce(a.name, t.name, t.slug)), 2
$$;

-- Search -----------------------------------------------------------------------------------------
-- Post content is HTML; the index keeps its text: scripts, styles and comments dropped, every tag
-- a space (so words either side of <br> stay apart), the common entities decoded, whitespace
-- collapsed. Unknown entities become a space; &amp; is decoded last so "&amp;lt;" stays "&lt;".
create or replace function private.html_to_text(html text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select btrim(regexp_replace(
    replace(regexp_replace(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(html, ''),
          '<script.*?</script\s*>', ' ', 'gi'),
          '<style.*?</style\s*>', ' ', 'gi'),
          '<!--.*?-->', ' ', 'g'),
          '<[^>]*>', ' ', 'g'),
        '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&#x27;', ''''),
        '&apos;', ''''), '&rsquo;', ''''), '&lsquo;', ''''), '&ldquo;', '"'), '&rdquo;', '"'),
        '&ndash;', '-'), '&mdash;', '-'),
      '&(?!amp;)#?[a-zA-Z0-9]+;', ' ', 'g'),
      '&amp;', '&'),
    '\s+', ' ', 'g'))
$$;

-- One row per searchable document: a published post (scheduled ones too, found from visible_from),
-- a whitepaper (on /whitepapers), and each public page and hand-made article the server reports.
create table if not exists private.search_index (
  source       text not null check (source in ('post', 'whitepaper', 'page')),
  -- The post's or whitepaper's id, the page's path.
  key          text not null,
  path         text not null check (path ~ '^/'),
  kind         text not null check (kind in ('post', 'article', 'page', 'whitepaper')),
  title        text not null,
  description  text not null default '',
  -- Plain text.
  body         text not null default '',
  -- Posts: from when the public sees them (publish_at, else created_at).
  visible_from timestamptz,
  document     tsvector generated always as (
                 setweight(to_tsvector('english'::regconfig, title), 'A')
                 || setweight(to_tsvector('english'::regconfig, description), 'B')
                 || setweight(to_tsvector('english'::regconfig, body), 'C')) stored,
  -- Title and description alone, which related posts compare (over the whole document, the body's
  -- hundreds of words made that several times slower).
  summary      tsvector generated always as (
                 setweight(to_tsvector('english'::regconfig, title), 'A')
                 || setweight(to_tsvector('english'::regconfig, description), 'B')) stored,
  updated_at   timestamptz not null default now(),
  primary key (source, key)
);
-- Everything but the body is kept in the row while it fits (storage main: never moved out to
-- TOAST but as a last resort). Every search reads the document, title and path of every hit to
-- rank it; fetched from TOAST (where a row this wide sends every column it can) they cost several
-- times the ranking. The body is read only for the snippets of the page shown.
alter table private.search_index
  alter column key set storage main,
  alter column path set storage main,
  alter column title set storage main,
  alter column description set storage main,
  alter column document set storage main,
  alter column summary set storage main;
create index if not exists search_index_document on private.search_index using gin (document);
create index if not exists search_index_title on private.search_index using gin (title extensions.gin_trgm_ops);
create index if not exists search_index_summary on private.search_index using gin (summary) where source = 'post';
alter table private.search_index enable row level security;
revoke all on private.search_index from anon, authenticated;

-- A post is indexed while it is published (scheduled or live); a draft, an unpublished or a
-- deleted post is not. Security definer: the index is nobody's to write but these triggers'.
create or replace function private.search_index_post() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (not new.published or new.id <> old.id)) then
    delete from private.search_index s where s.source = 'post' and s.key = old.id::text;
  end if;
  if tg_op <> 'DELETE' and new.published then
    insert into private.search_index as s (source, key, path, kind, title, description, body, visible_from)
    values ('post', new.id::text, '/blog/' || new.slug, 'post', new.title, new.description,
            left(private.html_to_text(new.content), 100000), coalesce(new.publish_at, new.created_at))
    on conflict (source, key) do update
       set path = excluded.path, title = excluded.title, description = excluded.description,
           body = excluded.body, visible_from = excluded.visible_from, updated_at = now()
     where (s.path, s.title, s.description, s.body, s.visible_from)
           is distinct from (excluded.path, excluded.title, excluded.description, excluded.body, excluded.visible_from);
  end if;
  return null;
end
$$;

create or replace function private.search_index_whitepaper() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.id <> old.id) then
    delete from private.search_index s where s.source = 'whitepaper' and s.key = old.id::text;
  end if;
  if tg_op <> 'DELETE' then
    insert into private.search_index as s (source, key, path, kind, title, description, visible_from)
    values ('whitepaper', new.id::text, '/whitepapers', 'whitepaper', new.title, new.description, new.created_at)
    on conflict (source, key) do update
       set title = excluded.title, description = excluded.description, updated_at = now()
     where (s.title, s.description) is distinct from (excluded.title, excluded.description);
  end if;
  return null;
end
$$;

drop trigger if exists search_index on public.blog_posts;
create trigger search_index
  after insert or delete or update of id, title, description, content, slug, published, publish_at, created_at
  on public.blog_posts
  for each row execute function private.search_index_post();
drop trigger if exists search_index on public.whitepapers;
create trigger search_index after insert or delete or update of id, title, description on public.whitepapers
  for each row execute function private.search_index_whitepaper();
revoke execute on function private.search_index_post(), private.search_index_whitepaper() from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.search_index_post(), private.search_index_whitepaper()
  to anon, authenticated, service_role;

-- The posts and whitepapers there already are (later ones come through the triggers).
insert into private.search_index as s (source, key, path, kind, title, description, body, visible_from)
select 'post', p.id::text, '/blog/' || p.slug, 'post', p.title, p.description,
       left(private.html_to_text(p.content), 100000), coalesce(p.publish_at, p.created_at)
  from public.blog_posts p
 where p.published
on conflict (source, key) do update
   set path = excluded.path, title = excluded.title, description = excluded.description,
       body = excluded.body, visible_from = excluded.visible_from, updated_at = now();
insert into private.search_index as s (source, key, path, kind, title, description, visible_from)
select 'whitepaper', w.id::text, '/whitepapers', 'whitepaper', w.title, w.description, w.created_at
  from public.whitepapers w
on conflict (source, key) do update
   set title = excluded.title, description = excluded.description, updated_at = now();

-- The public pages' and hand-made articles' text, which lives in the frontend's code: the server
-- sends all of it at start, [{"path", "kind": "page"|"article", "title", "description", "body"}]
-- (body plain text). Pages it no longer sends leave the index; unchanged ones are not rewritten.
-- Returns how many page documents were added, changed or removed. Only the database owner
-- (the server) calls it.
create or replace function private.sync_search_pages(docs jsonb) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changed integer;
begin
  if jsonb_typeof(docs) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'Send the pages as a JSON array';
  end if;
  if exists (select 1 from jsonb_array_elements(docs) d
              where jsonb_typeof(d) <> 'object'
                 or coalesce(d ->> 'path', '') !~ '^/'
                 or coalesce(d ->> 'kind', '') not in ('page', 'article')
                 or coalesce(btrim(d ->> 'title'), '') = '') then
    raise exception using errcode = '22023',
      message = 'Each page needs a path starting with /, a kind (page or article) and a title';
  end if;
  with incoming as (
    select distinct on (d ->> 'path') d ->> 'path' as path, d ->> 'kind' as kind, d ->> 'title' as title,
           coalesce(d ->> 'description', '') as description, left(coalesce(d ->> 'body', ''), 100000) as body
      from jsonb_array_elements(docs) with ordinality as e(d, i)
     order by d ->> 'path', i desc
  ),
  removed as (
    delete from private.search_index s
     where s.source = 'page' and not exists (select 1 from incoming i where i.path = s.key)
    returning 1
  ),
  written as (
    insert into private.search_index as s (source, key, path, kind, title, description, body)
    select 'page', i.path, i.path, i.kind, i.title, i.description, i.body from incoming i
    on conflict (source, key) do update
       set kind = excluded.kind, title = excluded.title, description = excluded.description,
           body = excluded.body, updated_at = now()
     where (s.kind, s.title, s.description, s.body)
           is distinct from (excluded.kind, excluded.title, excluded.description, excluded.body)
    returning 1
  )
  select (select count(*) from removed) + (select count(*) from written) into changed;
  return changed;
end
$$;
revoke execute on function private.sync_search_pages(jsonb) from public, anon, authenticated, service_role;

-- A result's snippet: up to two passages around the words found (U+E000 before and U+E001 after
-- each; the client makes them <mark>), else the description. ts_headline reads every word it is
-- given through the dictionary, so it gets only the part of the text around the first word found:
-- a word starting like one of the query's stems, less their last letter ("deliveri" is the stem
-- of "delivery").
create or replace function private.search_snippet(body text, description text, words tsquery) returns text
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  pattern text;
  found_at integer := 0;
  passage text;
begin
  select '\m(' || string_agg(regexp_replace(left(m[1], greatest(length(m[1]) - 1, 3)), '([^[:alnum:]])', '\\\1', 'g'), '|') || ')'
    into pattern
    from regexp_matches(querytree(words), '''((?:[^'']|'''')+)''', 'g') as m;
  if pattern is not null and body <> '' then
    found_at := regexp_instr(body, pattern, 1, 1, 0, 'i');
  end if;
  if found_at > 0 then
    passage := substr(body, greatest(found_at - 80, 1), 450);
    -- No word cut in two at either end.
    if found_at > 81 then
      passage := regexp_replace(passage, '^\S*\s+', '');
    end if;
    if found_at - 80 + 450 <= length(body) then
      passage := regexp_replace(passage, '\s+\S*$', '');
    end if;
  else
    passage := coalesce(nullif(description, ''), left(body, 450));
  end if;
  -- A short text (a description, a short post) is shown whole.
  return ts_headline('english', passage, words,
                     format('StartSel=%s, StopSel=%s, MaxFragments=%s, MaxWords=24, MinWords=12, FragmentDelimiter=" … ", HighlightAll=%s',
                            chr(57344), chr(57345), case when length(passage) <= 200 then 0 else 2 end,
                            length(passage) <= 200));
end
$$;

-- The site's search. websearch_to_tsquery reads what people type (words, "quoted phrases", or,
-- -word) and never fails on syntax; English stemming ("billing" finds "billed"). Ranked by
-- ts_rank_cd over title (A) > description (B) > body (C), plus a bonus for a title within
-- word_similarity 0.45 of the words, which matches even when the words do not (typos, the
-- closest first) unless it has a -word. One result per path (a post beats the page of the same path;
-- each whitepaper is its own result, all on /whitepapers); snippets only for the page returned.
-- Nothing found: up to 3 suggestions, the titles closest to the words (word_similarity >= 0.3).
-- Security definer to read the index; posts count only once visible.
create or replace function private.search_results(q text, page integer, page_size integer)
returns jsonb
language plpgsql stable security definer
set search_path = ''
-- The typo match (<%, through the title index).
set pg_trgm.word_similarity_threshold = 0.45
-- Words that are all stop words ("the", "-") are no error: no NOTICE about them in the server's log.
set client_min_messages = warning
as $$
declare
  -- A chain of minus signs ("- - -x", "--x") is one: websearch_to_tsquery nests one NOT per sign
  -- and fails past 32 ("tsquery stack too small"), whatever else it reads never fails. A minus
  -- is written against its word ("- x" and "-(x)" exclude x there too), so the -words below are
  -- the ones websearch_to_tsquery excludes.
  words text := btrim(regexp_replace(regexp_replace(regexp_replace(coalesce(q, ''), '\s+', ' ', 'g'),
                                     '-(?:[^[:alnum:]"]*-)+', '-', 'g'),
                                     '(^|\s)-[^[:alnum:]"]+(?=[[:alnum:]"])', '\1-', 'g'));
  tsq tsquery;
  -- The words typos are forgiven in: not the -words, not the "quoted phrases" (those are exact),
  -- no "or", no stop words ("the" is close to every title with a "The").
  fuzzy text;
  excluded tsquery;
  total integer;
  results jsonb;
  suggestions jsonb := '[]';
begin
  if length(q) > 200 then
    raise exception using errcode = '22023', message = 'The search is too long: 200 characters at most.';
  end if;
  if page is null or page not between 1 and 100 then
    raise exception using errcode = '22023', message = 'Search results go from page 1 to page 100.';
  end if;
  if page_size is null or page_size not between 1 and 50 then
    raise exception using errcode = '22023', message = 'A page shows from 1 to 50 search results.';
  end if;
  if words = '' then
    return jsonb_build_object('query', q, 'total', 0, 'page', page, 'page_size', page_size,
                              'results', '[]'::jsonb, 'suggestions', '[]'::jsonb);
  end if;

  tsq := websearch_to_tsquery('english', words);
  -- Only -words ("-x"): every document lacks x; a search needs something to look for.
  if querytree(tsq) = 'T' then
    tsq := ''::tsquery;
  end if;
  select websearch_to_tsquery('english', string_agg(m[1], ' or '))
    into excluded
    from regexp_matches(words, '(?:^|\s)-+("[^"]*"?|[^\s"]+)', 'g') as m;
  select string_agg(t.w, ' ' order by t.i)
    into fuzzy
    from regexp_split_to_table(regexp_replace(words, '(^|\s)-+("[^"]*"?|[^\s"]+)|"[^"]*"?', ' ', 'g'), '\s+')
         with ordinality as t(w, i)
   where lower(t.w) <> 'or' and length(to_tsvector('english', t.w)) > 0;
  -- Too short to tell a typo from a prefix: "ab" would match every title with a word in ab-.
  if length(fuzzy) < 4 then
    fuzzy := null;
  end if;

  with close as materialized (
    -- Visible titles within the typo threshold, through the title index.
    select s.source, s.key, s.path, s.title, s.document @@ tsq as found,
           excluded is not null and s.document @@ excluded as refused
      from private.search_index s
     where fuzzy operator(extensions.<%) s.title
       and (s.source <> 'post' or s.visible_from <= now())
  ),
  hits as (
    select s.source, s.key, s.path, s.title, ts_rank_cd(s.document, tsq, 32) as rank,
           null::real as closeness
      from private.search_index s
     where s.document @@ tsq
       and (s.source <> 'post' or s.visible_from <= now())
    union all
    -- Found by the typo match alone, the closest first (word_similarity is too slow to compute
    -- for every hit, so only these are measured).
    select c.source, c.key, c.path, c.title, 0, extensions.word_similarity(fuzzy, c.title)
      from close c
     where not c.found and not c.refused
  ),
  -- The bonus of a title close to the words. Each whitepaper is a result of its own, though all
  -- of them are on /whitepapers. Texts are sorted byte by byte (collate "C"): no language's rules
  -- are needed here, and they cost.
  scored as (
    select h.*, h.rank + case when c.key is null then 0 else 0.15 end as score,
           (case when h.source = 'whitepaper' then h.path || '#' || h.key else h.path end) collate "C" as place
      from hits h
      left join close c on c.source = h.source and c.key = h.key
  ),
  by_path as (
    select distinct on (g.place) g.*
      from scored g
     order by g.place, g.source = 'page', g.score desc
  ),
  counted as (
    select count(*)::integer as total from by_path
  ),
  shown as (
    select b.source, b.key, b.score, b.closeness from by_path b
     order by b.score desc, b.closeness desc nulls last, b.title collate "C", b.path collate "C"
     offset (search_results.page - 1) * search_results.page_size limit search_results.page_size
  )
  select c.total,
         coalesce((select jsonb_agg(jsonb_build_object(
                     'kind', s.kind, 'path', s.path, 'title', s.title, 'description', s.description,
                     'snippet', private.search_snippet(s.body, s.description, tsq))
                     order by r.score desc, r.closeness desc nulls last, s.title collate "C", s.path collate "C")
                     from shown r
                     join private.search_index s on s.source = r.source and s.key = r.key), '[]'::jsonb)
    into total, results
    from counted c;

  if total = 0 and fuzzy is not null then
    -- Closer than a typo needs to be (the function's SET keeps this change to this call).
    perform set_config('pg_trgm.word_similarity_threshold', '0.3', true);
    select coalesce(jsonb_agg(jsonb_build_object('title', t.title, 'path', t.path) order by t.closeness desc, t.title), '[]'::jsonb)
      into suggestions
      from (select c.title, c.path, c.closeness
              from (select distinct on (s.path, case when s.source = 'whitepaper' then s.key end)
                           s.title, s.path, extensions.word_similarity(fuzzy, s.title) as closeness
                      from private.search_index s
                     where fuzzy operator(extensions.<%) s.title
                       and (excluded is null or not s.document @@ excluded)
                       and (s.source <> 'post' or s.visible_from <= now())
                     order by s.path, case when s.source = 'whitepaper' then s.key end, s.source = 'page',
                              closeness desc) c
             order by c.closeness desc, c.title
             limit 3) t;
  end if;

  return jsonb_build_object('query', q, 'total', total, 'page', page, 'page_size', page_size,
                            'results', results, 'suggestions', suggestions);
end
$$;


-- Answers kept: a marketing site's searches repeat ("prior authorization", "oxygen"), and an
-- answer over a thousand posts costs milliseconds (ranking, typo matching, snippets). Kept per
-- query as typed (spaces collapsed) and page, for the index's current generation (bumped by
-- every change of the index) and until the next scheduled post goes live (which changes no row);
-- at most 10 minutes in any case. Unlogged: a crash only empties it.
create unlogged table if not exists private.search_cache (
  words      text not null,
  page       integer not null,
  page_size  integer not null,
  result     jsonb not null,
  generation bigint not null,
  expires_at timestamptz not null,
  primary key (words, page, page_size)
);
alter table private.search_cache enable row level security;
revoke all on private.search_cache from public, anon, authenticated;

create table if not exists private.search_generation (
  one        boolean primary key default true check (one),
  generation bigint not null default 0
);
insert into private.search_generation default values on conflict do nothing;
alter table private.search_generation enable row level security;
revoke all on private.search_generation from public, anon, authenticated;

create or replace function private.search_index_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update private.search_generation set generation = generation + 1;
  return null;
end
$$;
revoke all on function private.search_index_changed() from public;
drop trigger if exists search_index_changed on private.search_index;
create trigger search_index_changed after insert or update or delete or truncate on private.search_index
  for each statement execute function private.search_index_changed();

-- The search as the site and the stock client call it: the kept answer while it holds, else
-- private.search_results' (kept when the call may write: POST calls run read-write for a
-- volatile function, GET calls and the server's render read-only, and those only read).
create or replace function public.search_site(q text, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  typed text := btrim(regexp_replace(coalesce(q, ''), '\s+', ' ', 'g'));
  current bigint;
  kept jsonb;
  answer jsonb;
begin
  -- Bad input is refused by search_results before anything is kept.
  if length(q) > 200 or page is null or page not between 1 and 100
     or page_size is null or page_size not between 1 and 50 or typed = '' then
    return private.search_results(q, page, page_size);
  end if;
  select g.generation into current from private.search_generation g;
  select c.result into kept
    from private.search_cache c
   where c.words = typed and c.page = search_site.page
     and c.page_size = search_site.page_size
     and c.generation = current and c.expires_at > now();
  if kept is not null then
    return jsonb_set(kept, '{query}', to_jsonb(q));
  end if;
  answer := private.search_results(q, page, page_size);
  if current_setting('transaction_read_only') = 'off' then
    insert into private.search_cache as c (words, page, page_size, result, generation, expires_at)
    values (typed, search_site.page, search_site.page_size, answer, current,
            least(now() + interval '10 minutes',
                  coalesce((select min(s.visible_from) from private.search_index s
                             where s.visible_from > now()), 'infinity')))
    on conflict on constraint search_cache_pkey do update
      set result = excluded.result, generation = excluded.generation, expires_at = excluded.expires_at;
    -- Bounded: now and then, what no longer holds goes, and past 10,000 answers the oldest.
    if random() < 0.01 then
      delete from private.search_cache c where c.generation < current or c.expires_at <= now();
      delete from private.search_cache c
       where c.ctid in (select x.ctid from private.search_cache x
                         order by x.expires_at desc offset 10000);
    end if;
  end if;
  return answer;
end
$$;

-- Related posts ----------------------------------------------------------------------------------
-- How close each visible post's title and description are to `words` (ts_rank, title words
-- weighing more), for those sharing at least one word. Security definer to read the search index,
-- where they are already parsed; it only ever answers for visible posts.
create or replace function private.related_closeness(words tsquery)
returns table (id uuid, closeness real)
language sql stable security definer set search_path = ''
as $$
  select s.key::uuid, ts_rank(s.summary, words)
    from private.search_index s
   where s.source = 'post' and s.summary @@ words and s.visible_from <= now()
$$;

-- Up to max_results (1 to 12) visible posts to read after post_slug, never itself: those sharing
-- the most of its tags and its category first (the category counts as two tags), then those whose
-- title and description best match its title's words, then the newest. A slug with no post the
-- caller can see (a hand-made article without a row) gets the newest posts.
create or replace function public.related_posts(post_slug text, max_results integer default 3)
returns table (id uuid, title text, slug text, description text, category text, read_time text,
               created_at timestamptz)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
declare
  my_category text;
  my_tags text[];
  -- Any of its title's words (its description's too made the query slow, to no visible gain).
  my_words tsquery;
begin
  select public.taxonomy_slug(p.category), private.taxonomy_slugs(p.tags),
         (select string_agg('''' || replace(replace(w, '\', '\\'), '''', '''''') || '''', ' | ')
            from unnest(tsvector_to_array(to_tsvector('english'::regconfig, p.title))) as w)::tsquery
    into my_category, my_tags, my_words
    from public.blog_posts p
   where p.slug = post_slug;
  return query
  select p.id, p.title, p.slug, p.description, p.category, p.read_time, p.created_at
    from public.blog_posts p
    left join private.related_closeness(my_words) c on c.id = p.id
   where p.published and (p.publish_at is null or p.publish_at <= now())
     and p.slug is distinct from post_slug
   order by coalesce((select count(distinct t.slug) from unnest(p.tags) as u(name),
                        lateral (select public.taxonomy_slug(u.name) as slug) t
                       where t.slug = any(my_tags)), 0)
            + 2 * coalesce((public.taxonomy_slug(p.category) = my_category)::integer, 0) desc,
            coalesce(c.closeness, 0) desc, p.created_at desc, p.slug
   limit greatest(1, least(coalesce(max_results, 3), 12));
end
$$;

-- Search counts ----------------------------------------------------------------------------------
-- What people search for and what finds nothing, per day: the query as normalised (nothing else,
-- no IP, no session). At most 5,000 queries a day (more are not counted, so a flood of random
-- searches cannot grow it without bound); days older than 400 are dropped.
create table if not exists private.search_queries (
  day                date not null,
  query              text not null check (length(query) between 1 and 100),
  searches           integer not null default 0,
  no_result_searches integer not null default 0,
  last_results       integer not null default 0,
  primary key (day, query)
);
alter table private.search_queries enable row level security;
revoke all on private.search_queries from anon, authenticated;

-- Counts one search the site ran (results: how many it found). The text is kept only as
-- normalised: trimmed, spaces collapsed, lower case, email addresses '[email]' and runs of 5 or
-- more digits '[number]' (a claim, member or phone number: personal data; up to two spaces,
-- dashes, dots or parentheses may come between the digits, as in (615) 555-0134), 100 characters.
create or replace function public.record_search(q text, results integer) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  normalised text;
  today date := current_date;
begin
  if length(q) > 200 then
    raise exception using errcode = '22023', message = 'The search is too long: 200 characters at most.';
  end if;
  if results is null or results < 0 then
    raise exception using errcode = '22023', message = 'results is how many results the search found (0 or more)';
  end if;
  normalised := left(btrim(regexp_replace(regexp_replace(regexp_replace(lower(coalesce(q, '')),
                  '\s+', ' ', 'g'),
                  '[^\s@]+@[^\s@]+', '[email]', 'g'),
                  '[+(]?[0-9](?:[ ().-]{0,2}[0-9]){4,}', '[number]', 'g')), 100);
  normalised := nullif(btrim(normalised), '');
  if normalised is null then
    return;
  end if;
  update private.search_queries s
     set searches = s.searches + 1,
         no_result_searches = s.no_result_searches + (results = 0)::integer,
         last_results = results
   where s.day = today and s.query = normalised;
  if found then
    return;
  end if;
  -- A new query of the day: one at a time, so the cap holds under concurrent searches.
  perform pg_advisory_xact_lock(hashtext('public.record_search'));
  if not exists (select 1 from private.search_queries s where s.day = today) then
    delete from private.search_queries s where s.day < today - 400;
  end if;
  insert into private.search_queries as s (day, query, searches, no_result_searches, last_results)
  select today, normalised, 1, (results = 0)::integer, results
   where (select count(*) from private.search_queries c where c.day = today) < 5000
  on conflict (day, query) do update
     set searches = s.searches + 1,
         no_result_searches = s.no_result_searches + excluded.no_result_searches,
         last_results = excluded.last_results;
end
$$;

-- The admin's search report for from_day to to_day: the 20 most searched queries, and the 20
-- searched most often without a result (searches: how many of those found nothing). Staff only.
create or replace function public.search_stats(from_day date, to_day date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see what people search for';
  end if;
  if from_day is null or to_day is null then
    raise exception using errcode = '22023', message = 'Give a first and a last day';
  end if;
  if to_day < from_day then
    raise exception using errcode = '22023', message = 'The last day is before the first day';
  end if;
  if to_day - from_day + 1 > 731 then
    raise exception using errcode = '22023', message = 'Choose at most two years';
  end if;
  return (
    with totals as (
      select s.query, sum(s.searches)::bigint as searches, sum(s.no_result_searches)::bigint as no_result_searches
        from private.search_queries s
       where s.day between from_day and to_day
       group by s.query
    )
    select jsonb_build_object(
      'top', coalesce((select jsonb_agg(jsonb_build_object('query', t.query, 'searches', t.searches,
                                                            'no_result_searches', t.no_result_searches)
                                        order by t.searches desc, t.query)
                         from (select * from totals order by searches desc, query limit 20) t), '[]'::jsonb),
      'no_results', coalesce((select jsonb_agg(jsonb_build_object('query', t.query, 'searches', t.no_result_searches)
                                               order by t.no_result_searches desc, t.query)
                                from (select * from totals where no_result_searches > 0
                                       order by no_result_searches desc, query limit 20) t), '[]'::jsonb)));
end
$$;

-- Popular posts ----------------------------------------------------------------------------------
-- Up to max_results (1 to 12) visible posts most read in the last 30 days (views of
-- /blog/{slug} by people: no bots, no pages not found), then the newest as fill. Security
-- definer: nobody but staff reads page views; only the counts of visible posts come out.
create or replace function public.popular_posts(max_results integer default 4)
returns table (title text, slug text, description text, views bigint)
language sql stable security definer set search_path = ''
as $$
  with views as (
    select substr(a.page_path, 7) as slug, count(*) as views
      from public.page_analytics a
     where a.visited_at >= now() - interval '30 days'
       and a.page_path like '/blog/%'
       and not a.not_found
       and not private.analytics_is_bot(a.user_agent)
     group by 1
  )
  select p.title, p.slug, p.description, coalesce(v.views, 0)
    from public.blog_posts p
    left join views v on v.slug = p.slug
   where p.published and (p.publish_at is null or p.publish_at <= now())
   order by coalesce(v.views, 0) desc, p.created_at desc, p.slug
   limit greatest(1, least(coalesce(max_results, 4), 12))
$$;

revoke execute on function public.taxonomy_slug(text), private.taxonomy_slugs(text[]),
  private.blog_taxonomy_seo_check(), private.blog_taxonomy_seo_activity(), private.html_to_text(text),
  private.search_snippet(text, text, tsquery),
  public.blog_archive(text, text, integer, integer), public.blog_taxonomies(),
  private.related_closeness(tsquery), public.related_posts(text, integer),
  public.search_site(text, integer, integer), private.search_results(text, integer, integer),
  public.record_search(text, integer), public.search_stats(date, date), public.popular_posts(integer)
  from public;
grant execute on function public.taxonomy_slug(text), private.taxonomy_slugs(text[]),
  public.blog_archive(text, text, integer, integer), public.blog_taxonomies(),
  private.related_closeness(tsquery), public.related_posts(text, integer), public.search_site(text, integer, integer),
  public.record_search(text, integer), public.popular_posts(integer)
  to anon, authenticated, service_role;
grant execute on function public.search_stats(date, date) to authenticated, service_role;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.blog_taxonomy_seo_check(), private.blog_taxonomy_seo_activity()
  to anon, authenticated, service_role;
