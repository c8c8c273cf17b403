-- Staff accounts and their roles: owner, editor, author (README "Access matrix").
--
-- Staff sign in on /auth/v1 (GoTrue's tables, auth.users and auth.sessions). Who is staff, and
-- with which role, is this migration's private.staff_members: a table no API role can read or
-- write. The custom access token hook copies the role into the token as the `staff_role` claim
-- for the admin app to show the right screens; the policies never read that claim. They ask
-- private.staff_role(), which reads the table on every statement, so a forged or stale claim
-- grants nothing, and a deactivation, a role change or a revoked session applies to the very
-- next request, whatever tokens are still unexpired. user_metadata (which every user may change
-- with PUT /user) is never read for anything but a display name.
--
-- The admin passcode (simple-auth's admin token, private.is_admin()) stays the owner's
-- break-glass sign-in: it is an owner in every rule.
--
-- Runs unchanged on hosted Supabase: it uses only auth.users and auth.sessions columns GoTrue has
-- there, and the hook is granted as Supabase's RBAC guide grants it.

create table if not exists private.staff_members (
  user_id        uuid primary key references auth.users (id) on delete cascade,
  role           text not null check (role in ('owner', 'editor', 'author')),
  -- The owner who invited them (null: the passcode, or an owner's account since deleted).
  invited_by     uuid references auth.users (id) on delete set null,
  invited_at     timestamptz,
  -- Set while the person may not act (deactivated by an owner); their auth user is banned too.
  deactivated_at timestamptz,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
alter table private.staff_members enable row level security;
revoke all on private.staff_members from public, anon, authenticated;
grant all on private.staff_members to service_role;

drop trigger if exists set_updated_at on private.staff_members;
create trigger set_updated_at before update on private.staff_members
  for each row execute function private.set_updated_at();

-- Who the request is ------------------------------------------------------------------------------
-- The caller's user id: the JWT's sub when it is a UUID (GoTrue's always are), else null. Policies
-- use this rather than auth.uid(), whose cast fails the whole statement for a token whose sub is
-- not a UUID (tokens minted by other tools): such a caller is simply nobody here.
create or replace function private.request_user_id() returns uuid
language sql stable set search_path = ''
as $$
  select case when s ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then s::uuid end
    from (select auth.jwt() ->> 'sub' as s) claims
$$;

-- The caller's staff role: 'owner' for a current passcode admin token; otherwise the role of the
-- staff member the token belongs to, if that member is active (not deactivated), their auth user
-- is not banned or deleted, and the token's session still exists (GoTrue deletes it on sign-out,
-- and staff_set_active deletes every session of a deactivated member), so a signed-out or
-- deactivated person's unexpired access token stops writing at once; else null. Security
-- definer: the API roles can read neither private.staff_members nor auth.*.
create or replace function private.staff_role() returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when private.is_admin() then 'owner'
    when coalesce(auth.jwt() ->> 'role', '') <> 'authenticated' then null
    else (
      select m.role
        from private.staff_members m
        join auth.users u on u.id = m.user_id
        join auth.sessions s on s.user_id = m.user_id
       where m.user_id = private.request_user_id()
         and m.deactivated_at is null
         and (u.banned_until is null or u.banned_until <= now())
         and u.deleted_at is null
         and s.id::text = auth.jwt() ->> 'session_id'
         and (s.not_after is null or s.not_after > now()))
  end
$$;

-- The role ladder the policies are written with: owner > editor > author.
create or replace function private.is_owner() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(private.staff_role() = 'owner', false) $$;

create or replace function private.is_editor() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(private.staff_role() in ('owner', 'editor'), false) $$;

create or replace function private.is_staff() returns boolean
language sql stable set search_path = ''
as $$ select private.staff_role() is not null $$;

-- How a person is named in the CMS ("By ..." on a post, the activity log, the staff list): the
-- display name they chose, else their full name, else their email's local part. Reads auth.users:
-- only security-definer callers use it.
create or replace function private.user_display_name(p_user uuid) returns text
language sql stable set search_path = ''
as $$
  select left(coalesce(nullif(btrim(u.raw_user_meta_data ->> 'display_name'), ''),
                       nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''),
                       nullif(split_part(u.email, '@', 1), '')), 200)
    from auth.users u
   where u.id = p_user
$$;

revoke execute on function private.request_user_id(), private.staff_role(), private.is_owner(),
  private.is_editor(), private.is_staff(), private.user_display_name(uuid) from public;
grant execute on function private.request_user_id(), private.staff_role(), private.is_owner(),
  private.is_editor(), private.is_staff() to anon, authenticated, service_role;

-- The custom access token hook ([auth.hook.custom_access_token] in supabase/config.toml) ------------
-- GoTrue's Postgres hook contract: called with {user_id, claims, authentication_method} before
-- every access token is issued (sign-in and refresh alike), answers {claims}. It keeps every claim
-- GoTrue requires (iss, aud, exp, iat, sub, role, aal, session_id, email, phone, is_anonymous) as
-- they came and only sets, or removes, the top-level `staff_role`: the member's role while they
-- are active, no such claim otherwise, so nothing else (user_metadata included, which it never
-- reads) can put one there. The claim is for the admin app; RLS asks private.staff_role().
-- Security definer (owned by the migration owner), so supabase_auth_admin needs no grant on
-- private.staff_members; callable only by supabase_auth_admin, as the RBAC guide grants it.
create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb) - 'staff_role';
  member_role text;
begin
  select m.role into member_role
    from private.staff_members m
   where m.user_id = (event ->> 'user_id')::uuid
     and m.deactivated_at is null;
  if member_role is not null then
    claims := claims || jsonb_build_object('staff_role', member_role);
  end if;
  return jsonb_build_object('claims', claims);
end
$$;

grant usage on schema public to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
