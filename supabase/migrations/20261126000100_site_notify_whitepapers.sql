-- The website server renders the whitepaper and download pages from the whitepapers table and
-- the files in the whitepapers bucket, and keeps them until told otherwise: writes to either
-- tell every instance on channel claimbridge_site (the trigger function of 20261122000400), so
-- an admin's save shows on the next request. Statement-level: one notification per statement.
drop trigger if exists notify_site_change on public.whitepapers;
create trigger notify_site_change
  after insert or update or delete or truncate on public.whitepapers
  for each statement execute function private.notify_site_change();

-- storage.objects belongs to the storage service; where this role may not add triggers to it
-- (some hosted setups), file changes show once the page cache is next dropped instead.
do $$
begin
  drop trigger if exists notify_site_change on storage.objects;
  create trigger notify_site_change
    after insert or update or delete on storage.objects
    for each statement execute function private.notify_site_change();
exception when insufficient_privilege then
  raise notice 'storage.objects: no trigger (%), file changes are not announced to the site', sqlerrm;
end;
$$;
