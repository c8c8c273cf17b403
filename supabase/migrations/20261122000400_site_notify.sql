-- The website server caches page SEO records and published posts (the heads it injects into
-- index.html, the sitemap, the RSS feed). Every write to either table tells every instance, on
-- channel claimbridge_site, to drop that cache; the payload names the table. Statement-level,
-- so a bulk write sends one notification, and NOTIFY is sent only when the transaction commits.
create or replace function private.notify_site_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('claimbridge_site', tg_table_name);
  return null;
end;
$$;

revoke all on function private.notify_site_change() from public;

drop trigger if exists notify_site_change on public.page_seo_settings;
create trigger notify_site_change
  after insert or update or delete or truncate on public.page_seo_settings
  for each statement execute function private.notify_site_change();

drop trigger if exists notify_site_change on public.blog_posts;
create trigger notify_site_change
  after insert or update or delete or truncate on public.blog_posts
  for each statement execute function private.notify_site_change();
