-- Analytics over time for the admin (issue 35): views, visitors and leads per day or per week, and
-- the range's top pages, sources, devices and browsers, counted in the database in the admin's
-- time zone instead of the admin app downloading every page view. Pages nobody found and bots are
-- counted apart, so they no longer crowd the real pages.
--
-- Not found: the site marks a page view whose page was its not-found view (an unknown path, a blog
-- post that does not exist) with not_found. Views recorded before this migration have no mark.
-- Bots: views whose user agent names a crawler or a script, or names nothing.
-- Leads: contact inquiries (public.leads) and whitepaper submissions, spam left out. The whitepaper
-- form also sends its answers to the lead relay (spec §7): that copy, matched as the lead email
-- trigger matches it (20261127000300), is not counted twice.
--
-- Who: owners and editors, who read every page view and every lead (20261205000300). The functions
-- run with the caller's rights, so those policies still decide which rows are counted.

alter table public.page_analytics add column if not exists not_found boolean not null default false;
-- The site sets it with the view and again at the page's exit (the not-found view may show after
-- the view was recorded); RLS keeps a visitor to their own session's rows.
grant insert (not_found), update (not_found) on public.page_analytics to anon, authenticated;

-- Crawlers, link previews, uptime monitors and HTTP libraries; a browser always names itself.
create or replace function private.analytics_is_bot(user_agent text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(btrim(user_agent), '') = ''
      or user_agent ~* '(bot\y|bot/|crawl|spider|slurp|scrap|facebookexternalhit|bingpreview|lighthouse|pingdom|uptime|monitor|curl/|wget/|python|java/|go-http-client|okhttp|httpclient|axios/|node-fetch|undici|phantomjs|selenium|puppeteer)'
$$;

-- A bot's name for the admin: the word naming the crawler, else the first product of the agent.
create or replace function private.analytics_bot_name(user_agent text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select left(coalesce(
    substring(user_agent from '(?i)([a-z0-9._-]*(?:bot|crawler|spider|slurp|facebookexternalhit|bingpreview|lighthouse|pingdom|uptime)[a-z0-9._-]*)'),
    nullif(split_part(btrim(user_agent), '/', 1), ''),
    'No browser named'), 100)
$$;

-- The range asked for as times: from the first day's midnight to the midnight after the last day,
-- in `time_zone`. Refuses callers who are not owners or editors, and unclear ranges, with the
-- PostgREST error the admin app shows.
create or replace function private.analytics_window(from_day date, to_day date, time_zone text)
returns tstzrange
language plpgsql stable set search_path = ''
as $$
declare
  zone_hint constant text := 'Send an IANA time zone name, such as America/Chicago';
begin
  if not private.is_editor() then
    raise exception using errcode = '42501', message = 'Only owners and editors can see analytics';
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
  if coalesce(time_zone, '') = '' then
    raise exception using errcode = '22023', message = 'Give a time zone', hint = zone_hint;
  end if;
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = time_zone) then
    raise exception using errcode = '22023', message = format('Unknown time zone: %s', time_zone), hint = zone_hint;
  end if;
  return tstzrange(from_day::timestamp at time zone time_zone, (to_day + 1)::timestamp at time zone time_zone);
end
$$;

-- Views of real pages by people within `span` (not bots, not pages nobody found).
create or replace function private.analytics_page_views(span tstzrange)
returns setof public.page_analytics
language sql stable set search_path = ''
as $$
  select a.* from public.page_analytics a
   where a.visited_at <@ span and not a.not_found and not private.analytics_is_bot(a.user_agent)
$$;

-- When each lead within `span` arrived: contact inquiries and whitepaper submissions, not spam,
-- without the whitepaper form's copy of a submission.
create or replace function private.analytics_lead_times(span tstzrange)
returns setof timestamptz
language sql stable set search_path = ''
as $$
  select w.created_at from public.whitepaper_submissions w
   where w.created_at <@ span and w.spam_reason is null
  union all
  select l.received_at from public.leads l
   where l.received_at <@ span and l.spam_reason is null
     and not exists (
       select 1 from public.whitepaper_submissions w
        where w.created_at between l.received_at - interval '15 minutes' and l.received_at
          and lower(w.email) = lower(l.email)
          and w.company_name = l.company_name
          and starts_with(w.current_challenges, 'How can we help: ' || btrim(coalesce(l.payload ->> 'howCanWeHelp', ''))))
$$;

-- Views, visitors and leads per day or per week ('day' or 'week'; weeks start on Monday) from
-- `from_day` to `to_day` in `time_zone` (an IANA name), each period listed, those with nothing
-- as zeros. A period is named by its first day (a week's may be before `from_day`).
create or replace function public.analytics_series(from_day date, to_day date, time_zone text, unit text default 'day')
returns table (period_start date, views bigint, visitors bigint, leads bigint)
language plpgsql stable security invoker set search_path = ''
as $$
#variable_conflict use_column
declare
  span tstzrange := private.analytics_window(from_day, to_day, time_zone);
begin
  if unit is null or unit not in ('day', 'week') then
    raise exception using errcode = '22023', message = format('Group by day or week, not %s', coalesce(unit, 'nothing'));
  end if;
  return query
  with periods as (
    select p::date as period_start
      from generate_series(date_trunc(unit, from_day::timestamp), date_trunc(unit, to_day::timestamp),
                           ('1 ' || unit)::interval) as p
  ),
  traffic as (
    select date_trunc(unit, v.visited_at at time zone time_zone)::date as period_start,
           count(*) as views, count(distinct v.session_id) as visitors
      from private.analytics_page_views(span) v
     group by 1
  ),
  arrivals as (
    select date_trunc(unit, t at time zone time_zone)::date as period_start, count(*) as leads
      from private.analytics_lead_times(span) as t
     group by 1
  )
  select p.period_start, coalesce(t.views, 0), coalesce(t.visitors, 0), coalesce(a.leads, 0)
    from periods p
    left join traffic t using (period_start)
    left join arrivals a using (period_start)
   order by p.period_start;
end
$$;

-- The range's totals and lists, as one JSON object:
--   totals: views, visitors, leads, avg_time_on_page (seconds), avg_scroll_depth (percent);
--   pages (top 25) and sources (top 10, by referring site; '' is a direct visit): views, visitors,
--     and for pages the averages; devices and browsers: views;
--   not_found (top 50 paths) and bots (top 50 names): views, and the last time seen.
-- Averages count only views whose exit was recorded (time or scroll above zero); null without any.
create or replace function public.analytics_breakdown(from_day date, to_day date, time_zone text)
returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  span tstzrange := private.analytics_window(from_day, to_day, time_zone);
  result jsonb;
begin
  with views as (
    select v.*, (v.time_on_page > 0 or v.scroll_depth > 0) as measured,
           coalesce(lower(substring(v.referrer from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:@]+)')), '') as source
      from private.analytics_page_views(span) v
  ),
  others as (
    select a.page_path, a.visited_at, a.not_found, private.analytics_is_bot(a.user_agent) as bot,
           private.analytics_bot_name(a.user_agent) as bot_name
      from public.page_analytics a
     where a.visited_at <@ span
  )
  select jsonb_build_object(
    'totals', (select jsonb_build_object(
                 'views', count(*), 'visitors', count(distinct session_id),
                 'leads', (select count(*) from private.analytics_lead_times(span)),
                 'avg_time_on_page', round(avg(time_on_page) filter (where measured)),
                 'avg_scroll_depth', round(avg(scroll_depth) filter (where measured)))
                 from views),
    'pages', coalesce((select jsonb_agg(p order by p.views desc, p.path) from (
                 select page_path as path, count(*) as views, count(distinct session_id) as visitors,
                        round(avg(time_on_page) filter (where measured)) as avg_time_on_page,
                        round(avg(scroll_depth) filter (where measured)) as avg_scroll_depth
                   from views group by page_path order by views desc, path limit 25) p), '[]'),
    'sources', coalesce((select jsonb_agg(s order by s.visitors desc, s.views desc, s.source) from (
                 select source, count(*) as views, count(distinct session_id) as visitors
                   from views group by source order by visitors desc, views desc, source limit 10) s), '[]'),
    'devices', coalesce((select jsonb_agg(d order by d.views desc, d.label) from (
                 select coalesce(device_type, 'unknown') as label, count(*) as views
                   from views group by 1) d), '[]'),
    'browsers', coalesce((select jsonb_agg(b order by b.views desc, b.label) from (
                 select coalesce(browser, 'Unknown') as label, count(*) as views
                   from views group by 1) b), '[]'),
    'not_found', coalesce((select jsonb_agg(n order by n.views desc, n.path) from (
                 select page_path as path, count(*) as views, max(visited_at) as last_seen
                   from others where not_found and not bot
                  group by page_path order by views desc, path limit 50) n), '[]'),
    'bots', coalesce((select jsonb_agg(b order by b.views desc, b.name) from (
                 select bot_name as name, count(*) as views, max(visited_at) as last_seen
                   from others where bot
                  group by bot_name order by views desc, name limit 50) b), '[]'))
    into result;
  return result;
end
$$;

revoke execute on function private.analytics_is_bot(text), private.analytics_bot_name(text),
  private.analytics_window(date, date, text), private.analytics_page_views(tstzrange),
  private.analytics_lead_times(tstzrange), public.analytics_series(date, date, text, text),
  public.analytics_breakdown(date, date, text) from public;
grant execute on function private.analytics_is_bot(text), private.analytics_bot_name(text),
  private.analytics_window(date, date, text), private.analytics_page_views(tstzrange),
  private.analytics_lead_times(tstzrange) to authenticated, service_role;
grant execute on function public.analytics_series(date, date, text, text),
  public.analytics_breakdown(date, date, text) to authenticated, service_role;

-- The breakdown's ranges: views by time (page_analytics_visited), lead arrivals by time (leads_received,
-- whitepaper_submissions_created); a whitepaper copy is looked up by email.
create index if not exists whitepaper_submissions_email on public.whitepaper_submissions (lower(email), created_at);
