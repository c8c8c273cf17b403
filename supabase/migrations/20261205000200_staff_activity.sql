-- Per-person attribution and staff management.
--
-- The activity log and revisions name who acted: actor_id (the staff member's auth user id),
-- actor_name (their display name when they acted, or 'passcode' for the admin passcode's token,
-- or 'service_role') and actor_email. The names are copied when the row is written, so the log
-- still reads right after a person renames themselves, changes address or is deleted; actor_id
-- is what identifies them (a display name is the person's own choice).
--
-- Owners manage staff through RPCs any supabase-js client calls (supabase.rpc): staff_list,
-- staff_set_role, staff_set_active; my_sessions and staff_me are for every signed-in person.
-- The staff-invite function adds an invited person with private.staff_add. Nobody can leave the
-- site without an active owner: demoting or deactivating the last one is refused.

-- Who did it -------------------------------------------------------------------------------------
alter table public.admin_activity
  add column if not exists actor_id    uuid,
  add column if not exists actor_name  text check (length(actor_name) <= 200),
  add column if not exists actor_email text check (length(actor_email) <= 320);
alter table public.content_revisions
  add column if not exists actor_id    uuid,
  add column if not exists actor_name  text check (length(actor_name) <= 200),
  add column if not exists actor_email text check (length(actor_email) <= 320);
-- Staff read their own entries: the policy filters on actor_id.
create index if not exists admin_activity_actor on public.admin_activity (actor_id, occurred_at desc)
  where actor_id is not null;

-- Everything logged so far was done with the passcode: sign-in attempts, and what admin tokens
-- (which carry a session_id) did. Rows without a session came from service_role requests.
update public.admin_activity set actor_name = 'passcode'
 where actor_name is null
   and (session_id is not null or action in ('sign_in', 'sign_in_failed', 'sign_in_locked'));
update public.content_revisions set actor_name = 'passcode'
 where actor_name is null and session_id is not null;

-- The caller of the current request: session, IP, user agent, and the person (nulls outside a
-- request). Reads auth.users: only security-definer functions call it. The OUT columns grew, so
-- it is dropped and created again (callers are plpgsql, which resolves it at run time).
drop function if exists private.request_actor();
create function private.request_actor(
  out session_id text, out client_ip text, out user_agent text,
  out actor_id uuid, out actor_name text, out actor_email text)
language sql stable set search_path = ''
as $$
  select left(nullif(auth.jwt() ->> 'session_id', ''), 100),
         left(nullif(btrim(split_part(coalesce(h ->> 'x-real-ip', h ->> 'x-forwarded-for', ''), ',', 1)), ''), 100),
         left(h ->> 'user-agent', 1024),
         person.id,
         case when passcode then 'passcode'
              when coalesce(auth.jwt() ->> 'role', '') = 'service_role' then 'service_role'
              else private.user_display_name(person.id) end,
         left(person.email, 320)
    from (select nullif(current_setting('request.headers', true), '')::json as h,
                 private.is_admin() as passcode) request
    left join auth.users person
      on not passcode
     and coalesce(auth.jwt() ->> 'role', '') = 'authenticated'
     and person.id = private.request_user_id()
$$;
revoke execute on function private.request_actor() from public;

-- One entry, with the request's actor. Security definer: no API role may write the log itself.
create or replace function private.record_activity(
  p_action text, p_entity text, p_entity_id text, p_summary text, p_details jsonb default '{}'::jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  actor record;
begin
  select * into actor from private.request_actor();
  insert into public.admin_activity
    (action, entity, entity_id, summary, session_id, client_ip, user_agent, details, actor_id, actor_name, actor_email)
  values (p_action, p_entity, left(p_entity_id, 300), left(coalesce(p_summary, ''), 500),
          actor.session_id, actor.client_ip, actor.user_agent, coalesce(p_details, '{}'::jsonb),
          actor.actor_id, actor.actor_name, actor.actor_email);
end
$$;

-- As in 20261127000100, with the actor kept on each revision.
create or replace function private.add_revision(
  p_entity text, p_entity_id uuid, p_entity_key text, p_previous jsonb, p_snapshot jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changed text[];
  restoring bigint := nullif(current_setting('claimbridge.restoring_revision', true), '')::bigint;
  actor record;
  kept integer;
begin
  select coalesce(array_agg(k order by k), '{}') into changed
    from (select jsonb_object_keys(coalesce(p_previous, '{}'::jsonb)) as k
          union
          select jsonb_object_keys(coalesce(p_snapshot, '{}'::jsonb))) keys
   where nullif(p_previous -> k, 'null'::jsonb) is distinct from nullif(p_snapshot -> k, 'null'::jsonb);
  if cardinality(changed) = 0 then
    return;
  end if;
  select * into actor from private.request_actor();
  insert into public.content_revisions
    (entity, entity_id, entity_key, action, changed, previous, snapshot, restored_from, session_id, client_ip,
     user_agent, actor_id, actor_name, actor_email)
  values (p_entity, p_entity_id, p_entity_key,
          case when restoring is not null then 'restore'
               when p_previous is null then 'create'
               when p_snapshot is null then 'delete'
               else 'update' end,
          changed, p_previous, p_snapshot, restoring, actor.session_id, actor.client_ip, actor.user_agent,
          actor.actor_id, actor.actor_name, actor.actor_email);
  select revisions_kept into kept from private.cms_settings;
  delete from public.content_revisions r
   where r.entity = p_entity and r.entity_id = p_entity_id
     and r.id <= (select k.id from public.content_revisions k
                   where k.entity = p_entity and k.entity_id = p_entity_id
                   order by k.id desc offset coalesce(kept, 100) limit 1);
end
$$;

-- As in 20261127000600: simple-auth's sign-in attempts are the passcode's.
create or replace function private.record_sign_in(
  p_action text, p_session_id text, p_client_ip text, p_user_agent text)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_action is null or p_action not in ('sign_in', 'sign_in_failed', 'sign_in_locked') then
    raise exception using errcode = '22023', message = format('Unknown sign-in activity: %s', p_action);
  end if;
  if p_action = 'sign_in_locked' and exists (
       select 1 from public.admin_activity a
        where a.action = 'sign_in_locked' and a.occurred_at > now() - interval '1 minute'
          and a.client_ip is not distinct from left(p_client_ip, 100)) then
    return;
  end if;
  insert into public.admin_activity (action, entity, summary, session_id, client_ip, user_agent, actor_name)
  values (p_action, 'session',
          case p_action when 'sign_in' then 'Signed in with the admin passcode'
                        when 'sign_in_failed' then 'Wrong admin passcode'
                        else 'Sign-in refused: too many failed attempts' end,
          left(p_session_id, 100), left(p_client_ip, 100), left(p_user_agent, 1024), 'passcode');
end
$$;

-- Staff management ----------------------------------------------------------------------------------
-- Owner-only functions start with this (service_role, which may do anything, passes too).
create or replace function private.require_owner(p_what text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not private.is_owner() and coalesce(auth.jwt() ->> 'role', '') <> 'service_role' then
    raise exception using errcode = '42501', message = format('Only an owner can %s', p_what);
  end if;
end
$$;

-- Changes to who is staff are made one at a time, so two owners demoting each other at once
-- cannot both pass the last-owner check.
create or replace function private.lock_staff() returns void
language sql volatile set search_path = ''
as $$ select pg_advisory_xact_lock(hashtextextended('claimbridge:staff_members', 0)) $$;

-- The member p_target, locked for a change (above); 404 (PT404) for someone who is not staff.
create or replace function private.staff_member_to_change(p_target uuid) returns private.staff_members
language plpgsql volatile set search_path = ''
as $$
declare
  member private.staff_members;
begin
  perform private.lock_staff();
  select * into member from private.staff_members m where m.user_id = p_target;
  if not found then
    raise exception using errcode = 'PT404', message = format('No staff member has the id %s', p_target);
  end if;
  return member;
end
$$;

-- Refuses a role that is not one of the three.
create or replace function private.check_staff_role(p_role text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('owner', 'editor', 'author') then
    raise exception using errcode = '22023', message = format('Unknown staff role: %s', coalesce(p_role, 'null')),
      hint = 'Use one of owner, editor, author';
  end if;
end
$$;

-- Refuses to take p_target out of the active owners when they are the last one (active: not
-- deactivated, not banned, not deleted, as private.staff_role() counts it). The passcode is not
-- counted: it is the break-glass way in, not someone who runs the site.
create or replace function private.keep_an_owner(p_target uuid, p_change text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if exists (
       select 1 from private.staff_members m
        where m.user_id = p_target and m.role = 'owner' and m.deactivated_at is null)
     and not exists (
       select 1 from private.staff_members m
         join auth.users u on u.id = m.user_id
        where m.user_id <> p_target and m.role = 'owner' and m.deactivated_at is null
          and (u.banned_until is null or u.banned_until <= now()) and u.deleted_at is null) then
    raise exception using errcode = 'P0001',
      message = format('Cannot %s the last active owner: the site would have no owner', p_change),
      hint = 'Make another staff member an owner first';
  end if;
end
$$;

-- How a member is named in activity summaries: display name and email.
create or replace function private.staff_label(p_user uuid) returns text
language sql stable set search_path = ''
as $$
  select coalesce(private.user_display_name(u.id) || coalesce(' <' || u.email || '>', ''), p_user::text)
    from (select p_user as id) target
    left join auth.users u on u.id = target.id
$$;

-- Adds an invited person as staff with a role, or changes the role of one already there (the
-- staff-invite function calls it after the auth server's invite). invited_by: the inviting
-- owner's user id; null (or an id that is no auth user, such as the passcode token's sub) means
-- the passcode. Logged as staff_invite, in the inviter's name.
create or replace function private.staff_add(target uuid, role text, invited_by uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  inviter uuid;
  previous text;
begin
  perform private.check_staff_role(staff_add.role);
  if not exists (select 1 from auth.users u where u.id = target) then
    raise exception using errcode = '23503', message = format('No user has the id %s', target),
      hint = 'Invite them on the auth server first';
  end if;
  select u.id into inviter from auth.users u where u.id = staff_add.invited_by;
  perform private.lock_staff();
  select m.role into previous from private.staff_members m where m.user_id = target;
  if previous = 'owner' and staff_add.role <> 'owner' then
    perform private.keep_an_owner(target, 'demote');
  end if;
  insert into private.staff_members (user_id, role, invited_by, invited_at)
  values (target, staff_add.role, inviter, now())
  on conflict (user_id) do update
    set role = excluded.role, invited_by = excluded.invited_by, invited_at = excluded.invited_at;
  insert into public.admin_activity (action, entity, entity_id, summary, details, actor_id, actor_name, actor_email)
  select 'staff_invite', 'staff', target::text,
         left(format('%s invited as %s', private.staff_label(target), staff_add.role), 500),
         jsonb_build_object('role', staff_add.role, 'previous_role', previous),
         inviter, coalesce(private.user_display_name(inviter), 'passcode'),
         (select left(u.email, 320) from auth.users u where u.id = inviter);
end
$$;

-- Every staff member, for the owner's staff screen.
create or replace function public.staff_list()
returns table (user_id uuid, email text, display_name text, role text, status text,
               invited_at timestamptz, last_sign_in_at timestamptz, mfa_enabled boolean)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_owner('list the staff');
  return query
  select m.user_id, u.email::text, private.user_display_name(m.user_id), m.role,
         case when m.deactivated_at is not null then 'deactivated'
              when u.last_sign_in_at is null then 'invited'
              else 'active' end,
         coalesce(m.invited_at, u.invited_at), u.last_sign_in_at,
         exists (select 1 from auth.mfa_factors f where f.user_id = m.user_id and f.status = 'verified')
    from private.staff_members m
    join auth.users u on u.id = m.user_id
   order by array_position(array['owner', 'editor', 'author'], m.role),
            lower(private.user_display_name(m.user_id)), m.user_id;
end
$$;

create or replace function public.staff_set_role(target uuid, new_role text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  previous text;
begin
  perform private.require_owner('change a staff member''s role');
  perform private.check_staff_role(new_role);
  previous := (private.staff_member_to_change(target)).role;
  if previous = new_role then
    return;
  end if;
  if previous = 'owner' then
    perform private.keep_an_owner(target, 'demote');
  end if;
  update private.staff_members m set role = new_role where m.user_id = target;
  perform private.record_activity('staff_role', 'staff', target::text,
    format('%s: %s → %s', private.staff_label(target), previous, new_role),
    jsonb_build_object('from', previous, 'to', new_role));
end
$$;

-- Deactivating ends the person's access at once: private.staff_role() stops counting them (their
-- unexpired access tokens write nothing more), their sessions are deleted (with their refresh
-- tokens, so no new access token), and their auth user is banned, so GoTrue refuses their next
-- sign-in. The ban is 100 years, GoTrue's own "ban_duration: 876000h", not 'infinity': GoTrue
-- reads banned_until into a Go time.Time, which has no infinity, and would fail to load the user.
-- Reactivating lifts both.
create or replace function public.staff_set_active(target uuid, active boolean) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  member private.staff_members%rowtype;
  ended integer;
begin
  perform private.require_owner('deactivate or reactivate staff');
  if active is null then
    raise exception using errcode = '22023', message = 'active must be true or false';
  end if;
  member := private.staff_member_to_change(target);
  if active then
    if member.deactivated_at is null then
      return;
    end if;
    update private.staff_members m set deactivated_at = null where m.user_id = target;
    update auth.users u set banned_until = null, updated_at = now() where u.id = target;
    perform private.record_activity('staff_reactivate', 'staff', target::text,
      format('%s reactivated', private.staff_label(target)), jsonb_build_object('role', member.role));
  else
    if member.deactivated_at is not null then
      return;
    end if;
    perform private.keep_an_owner(target, 'deactivate');
    update private.staff_members m set deactivated_at = now() where m.user_id = target;
    update auth.users u set banned_until = now() + interval '100 years', updated_at = now() where u.id = target;
    delete from auth.sessions s where s.user_id = target;
    get diagnostics ended = row_count;
    -- Refresh tokens of sessions went with them; these are any left without one.
    delete from auth.refresh_tokens r where r.user_id = target::text;
    perform private.record_activity('staff_deactivate', 'staff', target::text,
      format('%s deactivated', private.staff_label(target)),
      jsonb_build_object('role', member.role, 'sessions_ended', ended));
  end if;
end
$$;

-- The caller's own sessions (any signed-in person), newest activity first, for "where am I
-- signed in".
create or replace function public.my_sessions()
returns table (id uuid, created_at timestamptz, refreshed_at timestamptz, user_agent text, ip text,
               aal text, is_current boolean)
language sql stable security definer set search_path = ''
as $$
  select s.id, s.created_at, s.refreshed_at at time zone 'UTC', s.user_agent, host(s.ip), s.aal::text,
         s.id::text = coalesce(auth.jwt() ->> 'session_id', '')
    from auth.sessions s
   where coalesce(auth.jwt() ->> 'role', '') = 'authenticated'
     and s.user_id = private.request_user_id()
     and (s.not_after is null or s.not_after > now())
   order by coalesce(s.refreshed_at at time zone 'UTC', s.created_at) desc nulls last, s.id
$$;

-- Who the signed-in staff member is (the passcode: an owner without an account).
create or replace function public.staff_me()
returns table (user_id uuid, email text, display_name text, role text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  my_role text := private.staff_role();
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff have a staff profile';
  end if;
  if private.is_admin() then
    return query select null::uuid, null::text, 'passcode'::text, my_role;
    return;
  end if;
  return query
  select u.id, u.email::text, private.user_display_name(u.id), my_role
    from auth.users u
   where u.id = private.request_user_id();
end
$$;

revoke execute on function private.require_owner(text), private.lock_staff(), private.staff_member_to_change(uuid),
  private.check_staff_role(text), private.keep_an_owner(uuid, text), private.staff_label(uuid),
  private.staff_add(uuid, text, uuid) from public, anon, authenticated;
grant execute on function private.staff_add(uuid, text, uuid) to service_role;
revoke execute on function public.staff_list(), public.staff_set_role(uuid, text),
  public.staff_set_active(uuid, boolean), public.my_sessions(), public.staff_me() from public, anon;
grant execute on function public.staff_list(), public.staff_set_role(uuid, text),
  public.staff_set_active(uuid, boolean), public.my_sessions(), public.staff_me() to authenticated, service_role;
