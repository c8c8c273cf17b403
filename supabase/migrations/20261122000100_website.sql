-- ClaimBridge website schema: tables of product-spec §3, the grants and row-level security of the
-- access matrix (README "Access matrix"), and the indexes behind every query of product-spec §7.
-- Runs unchanged on hosted Supabase (it only uses what Supabase provides: auth.jwt(), storage.*).

create schema if not exists private;
-- anon and authenticated evaluate policies that call private.* helpers; they get no table there.
grant usage on schema private to anon, authenticated, service_role;

-- The passcode generation admin tokens must carry: the server writes it at start from the configured
-- passcode hash, so a new passcode revokes every token issued before it, in RLS too. No row (a
-- database the server has not started on) means no generation check.
create table if not exists private.admin_settings (
  singleton        boolean primary key default true check (singleton),
  passcode_version text not null,
  updated_at       timestamptz not null default now()
);
alter table private.admin_settings enable row level security;

-- The admin token minted by simple-auth: role authenticated, app_metadata.admin = true, and the
-- current passcode_version. Security definer only to read admin_settings, which no API role can.
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'role', '') = 'authenticated'
     and coalesce((auth.jwt() -> 'app_metadata' ->> 'admin')::boolean, false)
     and coalesce(
           (select s.passcode_version = (auth.jwt() -> 'app_metadata' ->> 'passcode_version')
              from private.admin_settings s),
           true)
$$;

-- The analytics session of the caller, sent by the website as the x-claimbridge-session header
-- (PostgREST exposes request headers, lower-cased, in request.headers). Visitors can only see
-- and update the analytics rows of their own browser session.
create or replace function private.request_session_id() returns text
language sql stable
as $$
  select nullif(current_setting('request.headers', true), '')::json ->> 'x-claimbridge-session'
$$;

create or replace function private.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

grant execute on function private.is_admin(), private.request_session_id() to anon, authenticated, service_role;
revoke execute on function private.set_updated_at() from public;

-- page_analytics ------------------------------------------------------------------------------
create table if not exists public.page_analytics (
  id           uuid primary key default gen_random_uuid(),
  session_id   text not null check (session_id ~ '^session_[0-9]+_[A-Za-z0-9]+$' and length(session_id) <= 100),
  page_path    text not null check (length(page_path) between 1 and 2048),
  page_title   text check (length(page_title) <= 1000),
  referrer     text check (length(referrer) <= 2048),
  user_agent   text check (length(user_agent) <= 1024),
  device_type  text check (device_type in ('tablet', 'mobile', 'desktop')),
  browser      text check (browser in ('Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Unknown')),
  visited_at   timestamptz not null default now(),
  time_on_page integer not null default 0 check (time_on_page >= 0),
  scroll_depth integer not null default 0 check (scroll_depth between 0 and 100),
  created_at   timestamptz not null default now()
);
create index if not exists page_analytics_session_path_visited
  on public.page_analytics (session_id, page_path, visited_at desc);
create index if not exists page_analytics_visited on public.page_analytics (visited_at desc);

-- page_seo_settings ---------------------------------------------------------------------------
create table if not exists public.page_seo_settings (
  id                  uuid primary key default gen_random_uuid(),
  page_route          text not null unique check (page_route ~ '^/'),
  page_name           text not null check (page_name <> ''),
  meta_title          text,
  meta_description    text,
  keywords            text[] not null default '{}',
  canonical_url       text,
  featured_image_url  text,
  featured_image_alt  text,
  og_title            text,
  og_description      text,
  og_image            text,
  og_type             text not null default 'website' check (og_type in ('website', 'article')),
  twitter_card_type   text not null default 'summary_large_image'
                        check (twitter_card_type in ('summary', 'summary_large_image')),
  twitter_title       text,
  twitter_description text,
  twitter_image       text,
  noindex             boolean not null default false,
  nofollow            boolean not null default false,
  schema_json         jsonb,
  content             text,
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now()
);
create index if not exists page_seo_settings_page_name on public.page_seo_settings (page_name);

-- blog_posts ----------------------------------------------------------------------------------
create table if not exists public.blog_posts (
  id                 uuid primary key default gen_random_uuid(),
  title              text not null check (title <> ''),
  slug               text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 200),
  description        text not null check (description <> ''),
  content            text not null default '',
  category           text not null check (category <> ''),
  read_time          text not null default '5' check (read_time <> ''),
  published          boolean not null default false,
  meta_title         text,
  focus_keyword      text,
  featured_image_url text,
  featured_image_alt text,
  excerpt            text,
  og_title           text,
  og_description     text,
  og_image           text,
  twitter_card_type  text not null default 'summary_large_image'
                       check (twitter_card_type in ('summary', 'summary_large_image')),
  canonical_url      text,
  author_name        text,
  tags               text[] not null default '{}',
  schema_type        text not null default 'BlogPosting'
                       check (schema_type in ('BlogPosting', 'Article', 'NewsArticle', 'TechArticle')),
  noindex            boolean not null default false,
  nofollow           boolean not null default false,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
create index if not exists blog_posts_published_created
  on public.blog_posts (created_at desc) where published;
create index if not exists blog_posts_created on public.blog_posts (created_at desc);

-- whitepapers ---------------------------------------------------------------------------------
create table if not exists public.whitepapers (
  id          uuid primary key default gen_random_uuid(),
  title       text not null check (title <> ''),
  description text not null default '',
  category    text not null check (category <> ''),
  pages       integer check (pages > 0),
  featured    boolean not null default false,
  file_path   text check (file_path is null or (file_path <> '' and file_path !~ '(^/|\.\.)')),
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index if not exists whitepapers_listing on public.whitepapers (featured desc, created_at desc);
-- One paper per stored file: deleting or replacing a file can never orphan a second card.
create unique index if not exists whitepapers_file_path on public.whitepapers (file_path) where file_path is not null;

-- whitepaper_submissions (leads from the whitepaper form; anon may insert, never read) ----------
create table if not exists public.whitepaper_submissions (
  id                 uuid primary key default gen_random_uuid(),
  company_name       text not null check (length(company_name) between 1 and 300),
  first_name         text not null check (length(first_name) between 1 and 200),
  last_name          text not null default '' check (length(last_name) <= 200),
  email              text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 320),
  phone              text not null check (length(phone) between 1 and 50),
  job_title          text not null default '' check (length(job_title) <= 200),
  company_size       text not null default '' check (length(company_size) <= 200),
  revenue            text not null default '' check (length(revenue) <= 200),
  current_challenges text not null default '' check (length(current_challenges) <= 20000),
  created_at         timestamptz not null default now()
);
create index if not exists whitepaper_submissions_created on public.whitepaper_submissions (created_at desc);

-- leads: every lead the relay accepted, stored before it answers --------------------------------
create table if not exists public.leads (
  id           uuid primary key default gen_random_uuid(),
  source       text not null,
  email        text not null,
  company_name text not null default '',
  full_name    text not null default '',
  payload      jsonb not null,
  client_ip    inet,
  user_agent   text,
  received_at  timestamptz not null default now()
);
create index if not exists leads_received on public.leads (received_at desc);

-- lead_deliveries: the outbox of webhook deliveries, one row per lead and target ---------------
create table if not exists public.lead_deliveries (
  id              uuid primary key default gen_random_uuid(),
  lead_id         uuid not null references public.leads (id) on delete cascade,
  target_url      text not null,
  status          text not null default 'pending'
                    check (status in ('pending', 'delivering', 'delivered', 'failed')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_status     integer,
  last_error      text,
  delivered_at    timestamptz,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create index if not exists lead_deliveries_due
  on public.lead_deliveries (next_attempt_at) where status in ('pending', 'delivering');
create index if not exists lead_deliveries_lead on public.lead_deliveries (lead_id);

-- Abuse protection state, never exposed through the API --------------------------------------
create table if not exists private.rate_limit_hits (
  scope  text not null,          -- e.g. 'antispam:ip', 'antispam:email', 'login:ip'
  key    text not null,
  hit_at timestamptz not null default now()
);
create index if not exists rate_limit_hits_lookup on private.rate_limit_hits (scope, key, hit_at desc);

create table if not exists private.used_captcha_tokens (
  token_hash text primary key,
  used_at    timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists used_captcha_tokens_expiry on private.used_captcha_tokens (expires_at);

-- updated_at triggers ----------------------------------------------------------------------------
drop trigger if exists set_updated_at on public.page_seo_settings;
create trigger set_updated_at before update on public.page_seo_settings
  for each row execute function private.set_updated_at();
drop trigger if exists set_updated_at on public.blog_posts;
create trigger set_updated_at before update on public.blog_posts
  for each row execute function private.set_updated_at();
drop trigger if exists set_updated_at on public.whitepapers;
create trigger set_updated_at before update on public.whitepapers
  for each row execute function private.set_updated_at();
drop trigger if exists set_updated_at on public.lead_deliveries;
create trigger set_updated_at before update on public.lead_deliveries
  for each row execute function private.set_updated_at();

-- Grants: least privilege per role; RLS then decides which rows ---------------------------------
revoke all on public.page_analytics, public.page_seo_settings, public.blog_posts, public.whitepapers,
  public.whitepaper_submissions, public.leads, public.lead_deliveries from anon, authenticated;
grant all on public.page_analytics, public.page_seo_settings, public.blog_posts, public.whitepapers,
  public.whitepaper_submissions, public.leads, public.lead_deliveries to service_role;
revoke all on all tables in schema private from anon, authenticated;

grant insert (session_id, page_path, page_title, referrer, user_agent, device_type, browser,
              visited_at, time_on_page, scroll_depth)
  on public.page_analytics to anon, authenticated;
-- Visitors filter on session and path and order by time, so those columns are readable, but
-- RLS limits the rows to the caller's own session.
grant select (id, session_id, page_path, visited_at) on public.page_analytics to anon;
grant select on public.page_analytics to authenticated;
grant update (time_on_page, scroll_depth) on public.page_analytics to anon, authenticated;

grant select on public.page_seo_settings, public.blog_posts, public.whitepapers to anon, authenticated;
grant insert, update, delete on public.page_seo_settings, public.blog_posts, public.whitepapers to authenticated;

grant insert (company_name, first_name, last_name, email, phone, job_title, company_size, revenue,
              current_challenges)
  on public.whitepaper_submissions to anon, authenticated;
grant select, delete on public.whitepaper_submissions to authenticated;
grant select, update, delete on public.leads to authenticated;
grant select, update on public.lead_deliveries to authenticated;

-- Row-level security ----------------------------------------------------------------------------
alter table public.page_analytics enable row level security;
alter table public.page_seo_settings enable row level security;
alter table public.blog_posts enable row level security;
alter table public.whitepapers enable row level security;
alter table public.whitepaper_submissions enable row level security;
alter table public.leads enable row level security;
alter table public.lead_deliveries enable row level security;
alter table private.rate_limit_hits enable row level security;
alter table private.used_captcha_tokens enable row level security;

drop policy if exists "visitors record page views" on public.page_analytics;
create policy "visitors record page views" on public.page_analytics
  for insert to anon, authenticated with check (true);
drop policy if exists "visitors read their own session" on public.page_analytics;
create policy "visitors read their own session" on public.page_analytics
  for select to anon, authenticated
  using (session_id = (select private.request_session_id()) or (select private.is_admin()));
drop policy if exists "visitors update their own session" on public.page_analytics;
create policy "visitors update their own session" on public.page_analytics
  for update to anon, authenticated
  using (session_id = (select private.request_session_id()))
  with check (session_id = (select private.request_session_id()));
drop policy if exists "admin deletes analytics" on public.page_analytics;
create policy "admin deletes analytics" on public.page_analytics
  for delete to authenticated using ((select private.is_admin()));

drop policy if exists "anyone reads page seo" on public.page_seo_settings;
create policy "anyone reads page seo" on public.page_seo_settings
  for select to anon, authenticated using (true);
drop policy if exists "admin writes page seo" on public.page_seo_settings;
create policy "admin writes page seo" on public.page_seo_settings
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

drop policy if exists "anyone reads published posts" on public.blog_posts;
create policy "anyone reads published posts" on public.blog_posts
  for select to anon, authenticated using (published or (select private.is_admin()));
drop policy if exists "admin writes posts" on public.blog_posts;
create policy "admin writes posts" on public.blog_posts
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

drop policy if exists "anyone reads whitepapers" on public.whitepapers;
create policy "anyone reads whitepapers" on public.whitepapers
  for select to anon, authenticated using (true);
drop policy if exists "admin writes whitepapers" on public.whitepapers;
create policy "admin writes whitepapers" on public.whitepapers
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

drop policy if exists "visitors submit whitepaper leads" on public.whitepaper_submissions;
create policy "visitors submit whitepaper leads" on public.whitepaper_submissions
  for insert to anon, authenticated with check (true);
drop policy if exists "admin reads whitepaper leads" on public.whitepaper_submissions;
create policy "admin reads whitepaper leads" on public.whitepaper_submissions
  for select to authenticated using ((select private.is_admin()));
drop policy if exists "admin deletes whitepaper leads" on public.whitepaper_submissions;
create policy "admin deletes whitepaper leads" on public.whitepaper_submissions
  for delete to authenticated using ((select private.is_admin()));

drop policy if exists "admin manages leads" on public.leads;
create policy "admin manages leads" on public.leads
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
drop policy if exists "admin manages deliveries" on public.lead_deliveries;
create policy "admin manages deliveries" on public.lead_deliveries
  for all to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

-- Storage: the site's two public buckets; writes only with the admin token (service_role bypasses RLS).
drop policy if exists "public buckets are listable" on storage.objects;
create policy "public buckets are listable" on storage.objects
  for select to anon, authenticated using (bucket_id in ('blog-images', 'whitepapers'));
drop policy if exists "admin uploads site files" on storage.objects;
create policy "admin uploads site files" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('blog-images', 'whitepapers') and (select private.is_admin()));
drop policy if exists "admin updates site files" on storage.objects;
create policy "admin updates site files" on storage.objects
  for update to authenticated
  using (bucket_id in ('blog-images', 'whitepapers') and (select private.is_admin()))
  with check (bucket_id in ('blog-images', 'whitepapers') and (select private.is_admin()));
drop policy if exists "admin deletes site files" on storage.objects;
create policy "admin deletes site files" on storage.objects
  for delete to authenticated
  using (bucket_id in ('blog-images', 'whitepapers') and (select private.is_admin()));
drop policy if exists "anyone reads site buckets" on storage.buckets;
create policy "anyone reads site buckets" on storage.buckets
  for select to anon, authenticated using (id in ('blog-images', 'whitepapers'));
