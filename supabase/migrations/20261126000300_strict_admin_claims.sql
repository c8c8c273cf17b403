-- private.is_admin() reads the admin token's claims strictly, as simple-auth does: `admin` must be
-- JSON true (not "true", "yes" or 1 through a cast) and `passcode_version` must equal the
-- current passcode generation. A token without one, or a database where no server has recorded a
-- generation yet, is not an admin: a passcode change now revokes every earlier token in RLS too.
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'role', '') = 'authenticated'
     and coalesce(auth.jwt() -> 'app_metadata' -> 'admin' = 'true'::jsonb, false)
     and exists (
           select 1 from private.admin_settings s
            where s.passcode_version = auth.jwt() -> 'app_metadata' ->> 'passcode_version')
$$;
