-- Redirects and the 404 log (issue 37): old links keep working when a URL changes, and staff see
-- which paths people (and bots) ask for in vain.
--
-- public.redirects holds the rules the site server applies before rendering any page: an exact
-- path, or a prefix whose rest of the path is carried over to the target, answered 301, 302 or
-- 410. The database keeps the rule set sane whichever client writes it: sources and targets are
-- checked (no open redirects: a target is a path on this site or, for an exact rule only, a full
-- http(s) address typed on purpose), chains are collapsed (a visitor makes one hop, not three)
-- and loops are refused, all with errors a marketer can act on (22023: PostgREST answers 400).
-- Renaming a published post's slug or a page's route adds the 301 by itself; content published
-- at a redirected path removes the rule that would hide it.
--
-- public.not_found_log is what the server saw answering 404, buffered and flushed every few
-- seconds through private.record_not_found, at most 10,000 paths.
--
-- Who: staff read the rules and the log; editors (owners and the passcode among them) write
-- rules and clear the log; anon nothing. The server counts hits and records 404s as the database
-- owner: those writes are nobody's activity and do not make every instance reload its rules.

-- Paths as rules match them ------------------------------------------------------------------------
-- A path as the server matches it: without ?query or #fragment and without trailing '/' (except
-- '/' itself). Null for anything that is not a site path (a full address).
create or replace function private.redirect_route(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case when p ~ '^/' then coalesce(nullif(rtrim(regexp_replace(p, '[?#].*$', ''), '/'), ''), '/') end
$$;

-- The key an exact rule matches a path by: its route, lower-case (the server matches paths
-- case-insensitively).
create or replace function private.redirect_exact_key(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$ select lower(private.redirect_route(p)) $$;

-- Whether a prefix rule from p_source covers p_path: everything under the folder, and the folder
-- itself (/old/ covers /old/anything and /old).
create or replace function private.redirect_prefix_covers(p_source text, p_path text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select starts_with(private.redirect_exact_key(p_path), lower(p_source))
      or private.redirect_exact_key(p_path) || '/' = lower(p_source)
$$;

-- Characters no rule may hold: whitespace (Unicode's too), control characters, zero-width and
-- direction marks (a rule must read as what it does), and the backslash (browsers read '\' as
-- '/', so '/\evil.example' would be another host).
create or replace function private.redirect_has_bad_chars(p text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select p ~ '[\x01-\x20\x7f-\xa0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]'
$$;

-- What is wrong with a source path, in words for the admin screen; null when it is fine. Paths the
-- server itself answers (the APIs, the admin, the built assets, previews, the site's own files)
-- cannot be taken over by a rule.
create or replace function private.redirect_source_problem(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case
    when coalesce(p, '') = '' then 'A redirect needs the path it redirects from, such as /old-page.'
    when length(p) > 1000 then 'The path to redirect from is too long: 1000 characters at most.'
    when p !~ '^/' or p ~ '^//' then
      'The path to redirect from must start with a single /, such as /old-page (not a full https:// address).'
    when private.redirect_has_bad_chars(p) then
      'The path to redirect from cannot contain spaces, control characters or a backslash.'
    when p ~ '[?#]' then 'The path to redirect from cannot contain ? or #: redirects match the path only.'
    when p ~ '(^|/)\.\.?(/|$)' then 'The path to redirect from cannot contain /./ or /../ steps.'
    when private.redirect_exact_key(p) ~ '^/(admin|auth|rest|storage|functions|realtime|assets|preview)(/|$)'
      or private.redirect_exact_key(p) in ('/robots.txt', '/sitemap.xml', '/rss.xml', '/healthz', '/readyz') then
      format('%s belongs to the site itself and cannot be redirected.', p)
  end
$$;

-- What is wrong with a 301/302 target; null when it is fine. A path on this site, which may carry
-- a ?query and a #fragment; or, for an exact rule only, a full http:// or https:// address with a
-- host (no user@ part). Everything else (javascript:, data:, //host, /\host, a prefix rule sending
-- a whole section off the site) is an open redirect or a mistake.
create or replace function private.redirect_target_problem(p_target text, p_match_type text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case
    when length(p_target) > 2000 then 'The redirect target is too long: 2000 characters at most.'
    when not private.redirect_has_bad_chars(p_target)
         and ((p_target ~ '^/' and p_target !~ '^//')
              or (p_match_type = 'exact'
                  and p_target ~* '^https?://[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?([/?#]|$)'))
      then null
    else 'Redirect targets must be a path on this site (or a full https:// address for an exact rule).'
  end
$$;

-- p_to with p_from's ?query and #fragment where p_to has none of its own: where a visitor asking
-- for p_from would end up after one more hop (the server keeps the request's query unless the
-- target has one).
create or replace function private.redirect_merge(p_to text, p_from text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select regexp_replace(p_to, '[?#].*$', '')
      || coalesce('?' || coalesce(substring(p_to from '\?([^#]*)'), substring(p_from from '\?([^#]*)')), '')
      || coalesce('#' || coalesce(substring(p_to from '#(.*)$'), substring(p_from from '#(.*)$')), '')
$$;

-- The redirects table ---------------------------------------------------------------------------------
create table if not exists public.redirects (
  id          uuid primary key default gen_random_uuid(),
  source_path text not null check (length(source_path) <= 1000),
  match_type  text not null default 'exact' check (match_type in ('exact', 'prefix')),
  target      text check (length(target) <= 2000),
  status_code integer not null default 301 check (status_code in (301, 302, 410)),
  note        text check (length(note) <= 500),
  -- Added by a slug or route change rather than by a person.
  automatic   boolean not null default false,
  -- Counted by the server (as the owner, in batches).
  hits        bigint not null default 0,
  last_hit_at timestamptz,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  check ((status_code = 410) = (target is null))
);
create unique index if not exists redirects_source on public.redirects (lower(source_path), match_type);

alter table public.redirects enable row level security;
revoke all on public.redirects from public, anon, authenticated;
-- hits, automatic and the times are the database's and the server's to write.
grant select, delete on public.redirects to authenticated;
grant insert (source_path, match_type, target, status_code, note),
      update (source_path, match_type, target, status_code, note) on public.redirects to authenticated;
grant all on public.redirects to service_role;

drop policy if exists "staff read redirects" on public.redirects;
create policy "staff read redirects" on public.redirects
  for select to authenticated using ((select private.is_staff()));
drop policy if exists "editors write redirects" on public.redirects;
create policy "editors write redirects" on public.redirects
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));

-- Where a request for p_path goes next under the rules, with the rule being saved (p_id, as it is
-- about to be) in place of its stored version: the next path, or null where the chain ends (no
-- rule, a 410, a full address). As the server answers: an exact rule first, else the longest
-- prefix, whose target (as a folder) gets the rest of the path.
create or replace function private.redirect_next(
  p_path text, p_id uuid, p_source text, p_match_type text, p_target text, p_status integer)
returns text
language sql stable set search_path = ''
as $$
  with rules as (
    select r.source_path, r.match_type, r.target, r.status_code
      from public.redirects r
     where r.id is distinct from p_id
       and ((r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(p_path))
            or (r.match_type = 'prefix' and private.redirect_prefix_covers(r.source_path, p_path)))
    union all
    select p_source, p_match_type, p_target, p_status
  )
  select case when r.status_code = 410 or r.target !~ '^/' then null
              when r.match_type = 'exact' then regexp_replace(r.target, '[?#].*$', '')
              else rtrim(regexp_replace(r.target, '[?#].*$', ''), '/') || '/'
                   || ltrim(substr(private.redirect_route(p_path), length(r.source_path) + 1), '/') end
    from rules r
   where (r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(p_path))
      or (r.match_type = 'prefix' and private.redirect_prefix_covers(r.source_path, p_path))
   order by r.match_type = 'exact' desc, length(r.source_path) desc
   limit 1
$$;

-- Where p_target ends up through the exact rules it names (other than p_id): the target a new
-- rule gets so a visitor makes one hop. 410s end the chain where they are.
create or replace function private.redirect_follow(p_target text, p_id uuid) returns text
language plpgsql stable set search_path = ''
as $$
declare
  ends_at text := p_target;
  next text;
begin
  for hop in 1..20 loop
    exit when ends_at !~ '^/';
    next := (select r.target from public.redirects r
              where r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(ends_at)
                and r.id is distinct from p_id and r.target is not null);
    exit when next is null;
    ends_at := private.redirect_merge(next, ends_at);
  end loop;
  return ends_at;
end
$$;

-- Checks and normalises a rule before it is stored, then collapses its chain. Security definer:
-- loops and chains are judged on every rule, whoever saves.
create or replace function private.redirect_check() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  problem text;
  starts text[];
  start text;
  here text;
  seen text[];
begin
  if new.match_type is null or new.match_type not in ('exact', 'prefix') then
    raise exception using errcode = '22023', message = 'A redirect matches an exact path or a prefix (exact or prefix).';
  end if;
  if new.status_code is null or new.status_code not in (301, 302, 410) then
    raise exception using errcode = '22023',
      message = 'A redirect answers 301 (moved for good), 302 (moved for now) or 410 (gone for good).';
  end if;
  if length(new.note) > 500 then
    raise exception using errcode = '22023', message = 'The note is too long: 500 characters at most.';
  end if;
  problem := private.redirect_source_problem(new.source_path);
  if problem is not null then
    raise exception using errcode = '22023', message = problem;
  end if;
  -- One spelling per rule: '/old/' and '/old' are the same page; a prefix covers a folder.
  if new.match_type = 'exact' then
    new.source_path := coalesce(nullif(rtrim(new.source_path, '/'), ''), '/');
  elsif right(new.source_path, 1) <> '/' then
    new.source_path := new.source_path || '/';
  end if;

  new.target := nullif(new.target, '');
  if new.status_code = 410 and new.target is not null then
    raise exception using errcode = '22023', message = 'A 410 (gone) rule sends visitors nowhere: leave its target empty.';
  elsif new.status_code <> 410 and new.target is null then
    raise exception using errcode = '22023',
      message = format('A %s redirect needs a target, such as /new-page.', new.status_code);
  end if;
  if new.target is not null then
    problem := private.redirect_target_problem(new.target, new.match_type);
    if problem is not null then
      raise exception using errcode = '22023', message = problem;
    end if;
    -- /old/x -> /old/new/x -> /old/new/new/x ...: never ends (the target is a folder the rest
    -- of the path goes into, so /old/ -> /old loops too).
    if new.match_type = 'prefix'
       and starts_with(lower(regexp_replace(new.target, '[?#].*$', '')) || '/', lower(new.source_path)) then
      raise exception using errcode = '22023',
        message = format('This redirect would loop: %s is inside %s itself.', new.target, new.source_path);
    end if;
  end if;

  if exists (select 1 from public.redirects r
              where lower(r.source_path) = lower(new.source_path) and r.match_type = new.match_type
                and r.id is distinct from new.id) then
    raise exception using errcode = '23505',
      message = format('There is already a redirect from %s.', new.source_path),
      hint = 'Change that rule instead of adding another.';
  end if;

  -- Loops: follow the chain as the server would, from the source and, for a prefix, from every
  -- target other rules send into it.
  if new.target ~ '^/' then
    starts := array[new.source_path];
    if new.match_type = 'prefix' then
      starts := starts || array(select regexp_replace(r.target, '[?#].*$', '') from public.redirects r
                                 where r.id is distinct from new.id and r.target ~ '^/'
                                   and private.redirect_prefix_covers(new.source_path, r.target));
    end if;
    foreach start in array starts loop
      seen := array[start];
      here := start;
      for hop in 1..20 loop
        here := private.redirect_next(here, new.id, new.source_path, new.match_type, new.target, new.status_code);
        exit when here is null;
        if private.redirect_exact_key(here) in (select private.redirect_exact_key(s) from unnest(seen) s) then
          raise exception using errcode = '22023',
            message = format('This redirect would loop: %s.', array_to_string(seen || here, ' → ')),
            hint = 'Change or delete one of the rules on the way.';
        end if;
        seen := seen || here;
      end loop;
      if here is not null then
        raise exception using errcode = '22023',
          message = format('This redirect would loop: %s ...', array_to_string(seen, ' → '));
      end if;
    end loop;
  end if;

  -- A chain: the target is itself redirected (an exact rule), so point where that one ends.
  if new.match_type = 'exact' and new.target is not null then
    new.target := private.redirect_follow(new.target, new.id);
  end if;

  -- Hit counts are not edits.
  if tg_op = 'UPDATE' and (old.source_path, old.match_type, old.target, old.status_code, old.note)
                          is distinct from (new.source_path, new.match_type, new.target, new.status_code, new.note) then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- The other half of collapsing: rules that sent visitors to this rule's source now send them
-- where it points.
create or replace function private.redirect_repoint() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.match_type = 'exact' and new.target is not null then
    update public.redirects r
       set target = private.redirect_merge(new.target, r.target)
     where r.id <> new.id and r.match_type = 'exact' and r.target ~ '^/'
       and private.redirect_exact_key(r.target) = lower(new.source_path);
  end if;
  return null;
end
$$;

drop trigger if exists check_rule on public.redirects;
create trigger check_rule before insert or update of source_path, match_type, target, status_code, note
  on public.redirects for each row execute function private.redirect_check();
drop trigger if exists collapse_chains on public.redirects;
create trigger collapse_chains after insert or update of source_path, match_type, target, status_code
  on public.redirects for each row execute function private.redirect_repoint();
drop trigger if exists record_activity on public.redirects;
create trigger record_activity after insert or delete or update of source_path, match_type, target, status_code, note
  on public.redirects for each row execute function private.row_activity('redirect', 'source_path');
-- Every instance reloads its rules on 'redirects'; the server's hit counts are not rule changes.
drop trigger if exists notify_site_change on public.redirects;
create trigger notify_site_change
  after insert or delete or truncate or update of source_path, match_type, target, status_code on public.redirects
  for each statement execute function private.notify_site_change();

-- Automatic redirects ------------------------------------------------------------------------------
-- Content now lives at p_path: an exact rule from there would hide it (and, after a rename back,
-- loop), so it goes.
create or replace function private.redirect_clear(p_path text) returns void
language sql volatile security definer set search_path = ''
as $$
  delete from public.redirects r
   where r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(p_path)
$$;

-- Content moved from p_from to p_to: a 301 from the old path (a new rule, or the one already
-- there repointed), noted with p_note. Paths a rule cannot hold (a page route under /admin, say)
-- get none rather than failing the save.
create or replace function private.redirect_moved(p_from text, p_to text, p_note text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.redirect_clear(p_to);
  if private.redirect_source_problem(p_from) is not null
     or private.redirect_target_problem(p_to, 'exact') is not null
     or private.redirect_exact_key(p_from) = private.redirect_exact_key(p_to) then
    return;
  end if;
  update public.redirects r set target = p_to, status_code = 301
   where r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(p_from);
  if not found then
    insert into public.redirects (source_path, target, status_code, note, automatic)
    values (p_from, p_to, 301, left(p_note, 500), true);
  end if;
end
$$;

-- A post's old URL was public when the post was published and due; a draft's or a scheduled
-- post's never was, so renaming one adds nothing. A post that goes live at a path takes it back
-- from any rule there (editors alone publish, so an author's draft never removes a rule).
create or replace function private.blog_post_redirects() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.slug is distinct from old.slug
     and old.published and (old.publish_at is null or old.publish_at <= now()) then
    perform private.redirect_moved('/blog/' || old.slug, '/blog/' || new.slug,
                                   format('Post slug changed: %s', new.title));
  elsif new.published and (tg_op = 'INSERT' or new.slug is distinct from old.slug or not old.published) then
    perform private.redirect_clear('/blog/' || new.slug);
  end if;
  return null;
end
$$;

create or replace function private.page_route_redirects() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.page_route is distinct from old.page_route then
    perform private.redirect_moved(old.page_route, new.page_route,
                                   format('Page route changed: %s', new.page_name));
  elsif tg_op = 'INSERT' then
    perform private.redirect_clear(new.page_route);
  end if;
  return null;
end
$$;

drop trigger if exists redirect_old_url on public.blog_posts;
create trigger redirect_old_url after insert or update of slug, published on public.blog_posts
  for each row execute function private.blog_post_redirects();
drop trigger if exists redirect_old_url on public.page_seo_settings;
create trigger redirect_old_url after insert or update of page_route on public.page_seo_settings
  for each row execute function private.page_route_redirects();

-- The 404 log ------------------------------------------------------------------------------------------
create table if not exists public.not_found_log (
  path          text primary key check (length(path) <= 500),
  hits          bigint not null default 0 check (hits >= 0),
  first_seen    timestamptz not null default now(),
  last_seen     timestamptz not null default now(),
  last_referrer text check (length(last_referrer) <= 2000),
  -- page: a person's browser; bot: a crawler; probe: a scanner's guess (wp-login.php, .env ...).
  kind          text not null default 'page' check (kind in ('page', 'bot', 'probe'))
);
create index if not exists not_found_log_last_seen on public.not_found_log (last_seen desc);
create index if not exists not_found_log_hits on public.not_found_log (hits desc, last_seen desc);

alter table public.not_found_log enable row level security;
revoke all on public.not_found_log from public, anon, authenticated;
grant select, delete on public.not_found_log to authenticated;
grant all on public.not_found_log to service_role;

drop policy if exists "staff read the 404 log" on public.not_found_log;
create policy "staff read the 404 log" on public.not_found_log
  for select to authenticated using ((select private.is_staff()));
drop policy if exists "editors clear the 404 log" on public.not_found_log;
create policy "editors clear the 404 log" on public.not_found_log
  for delete to authenticated using ((select private.is_editor()));

-- The server's buffered 404s: [{"path","hits","last_seen","referrer","kind"}], added to what the
-- log holds (a path twice in a batch counts once, summed). A path a person reached is a page,
-- whoever else asked for it. The log keeps the 10,000 most recently seen paths, so a scanner
-- trying a million URLs cannot grow it without bound. Paths are cut to 500 characters.
create or replace function private.record_not_found(entries jsonb) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if jsonb_typeof(entries) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'entries must be a JSON array';
  end if;
  insert into public.not_found_log as l (path, hits, first_seen, last_seen, last_referrer, kind)
  select e.path, sum(e.hits), min(e.seen), max(e.seen),
         (array_agg(e.referrer order by e.seen desc) filter (where e.referrer is not null))[1],
         case when bool_or(e.kind = 'page') then 'page' else (array_agg(e.kind order by e.seen desc))[1] end
    from (select left(x ->> 'path', 500) as path,
                 greatest(coalesce((x ->> 'hits')::bigint, 1), 1) as hits,
                 least(coalesce((x ->> 'last_seen')::timestamptz, now()), now()) as seen,
                 left(nullif(x ->> 'referrer', ''), 2000) as referrer,
                 case when x ->> 'kind' in ('page', 'bot', 'probe') then x ->> 'kind' else 'page' end as kind
            from jsonb_array_elements(entries) x
           where jsonb_typeof(x) = 'object' and coalesce(x ->> 'path', '') <> '') e
   group by e.path
   -- The same order in every instance's batch, so two flushes at once cannot deadlock.
   order by e.path
  on conflict (path) do update
    set hits = l.hits + excluded.hits,
        first_seen = least(l.first_seen, excluded.first_seen),
        last_seen = greatest(l.last_seen, excluded.last_seen),
        last_referrer = case when excluded.last_seen >= l.last_seen
                             then coalesce(excluded.last_referrer, l.last_referrer)
                             else coalesce(l.last_referrer, excluded.last_referrer) end,
        kind = case when 'page' in (l.kind, excluded.kind) then 'page' else excluded.kind end;
  delete from public.not_found_log l
   where l.path in (select k.path from public.not_found_log k order by k.last_seen desc, k.path offset 10000);
end
$$;

-- The rule a request for p_path meets, as the server matches (exact first, else the longest
-- prefix); null when none.
create or replace function private.redirect_covering(p_path text) returns uuid
language sql stable set search_path = ''
as $$
  select r.id from public.redirects r
   where (r.match_type = 'exact' and lower(r.source_path) = private.redirect_exact_key(p_path))
      or (r.match_type = 'prefix' and private.redirect_prefix_covers(r.source_path, p_path))
   order by r.match_type = 'exact' desc, length(r.source_path) desc
   limit 1
$$;

-- The log for the admin's 404 screen, most asked-for first, with the rule that now covers each
-- path (its "Create redirect" becomes "Edit redirect"). Staff only; with the caller's rights.
create or replace function public.not_found_report(max_rows integer default 200)
returns table (path text, hits bigint, first_seen timestamptz, last_seen timestamptz,
               last_referrer text, kind text, redirect_id uuid)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see the 404 log';
  end if;
  if max_rows is null or max_rows not between 1 and 10000 then
    raise exception using errcode = '22023', message = 'Ask for 1 to 10000 rows of the 404 log';
  end if;
  return query
  select l.path, l.hits, l.first_seen, l.last_seen, l.last_referrer, l.kind, private.redirect_covering(l.path)
    from public.not_found_log l
   order by l.hits desc, l.last_seen desc, l.path
   limit max_rows;
end
$$;

revoke execute on function private.redirect_route(text), private.redirect_exact_key(text),
  private.redirect_prefix_covers(text, text), private.redirect_has_bad_chars(text),
  private.redirect_source_problem(text), private.redirect_target_problem(text, text),
  private.redirect_merge(text, text), private.redirect_next(text, uuid, text, text, text, integer),
  private.redirect_follow(text, uuid), private.redirect_check(), private.redirect_repoint(),
  private.redirect_clear(text), private.redirect_moved(text, text, text), private.blog_post_redirects(),
  private.page_route_redirects(), private.record_not_found(jsonb), private.redirect_covering(text)
  from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.redirect_check(), private.redirect_repoint(), private.blog_post_redirects(),
  private.page_route_redirects() to anon, authenticated, service_role;
-- not_found_report runs with the caller's rights.
grant execute on function private.redirect_route(text), private.redirect_exact_key(text),
  private.redirect_prefix_covers(text, text), private.redirect_covering(text) to authenticated, service_role;
revoke execute on function public.not_found_report(integer) from public, anon;
grant execute on function public.not_found_report(integer) to authenticated, service_role;
