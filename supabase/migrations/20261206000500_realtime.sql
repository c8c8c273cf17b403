-- Realtime for the admin: new leads reach the inbox live (Postgres Changes on public.leads,
-- which RLS keeps to staff), posts' changes reach the site's readers (published ones only, by
-- the same policies), and staff see who else has a post or page open (presence on private
-- `admin:` topics). Written as on hosted Supabase, where realtime.messages and the publication
-- already exist.
do $$
declare
  wanted text;
begin
  foreach wanted in array array['leads', 'blog_posts'] loop
    if not exists (select 1 from pg_publication_tables
                    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = wanted) then
      execute format('alter publication supabase_realtime add table public.%I', wanted);
    end if;
  end loop;
end
$$;

-- Private `admin:` topics (presence on a post or page being edited, the inbox): staff only.
drop policy if exists "staff read admin topics" on realtime.messages;
create policy "staff read admin topics" on realtime.messages
  for select to authenticated
  using (realtime.topic() like 'admin:%' and private.is_staff());

drop policy if exists "staff write admin topics" on realtime.messages;
create policy "staff write admin topics" on realtime.messages
  for insert to authenticated
  with check (realtime.topic() like 'admin:%' and private.is_staff());
