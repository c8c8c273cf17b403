-- The audit log (/admin/activity): sign-ins as simple-auth records them (Rust and Deno alike),
-- and the action list the page filters by.

-- Sign-ins: only the three actions simple-auth knows. A locked-out client is recorded once a
-- minute per IP: refusals cost the caller nothing (no passcode check, no delay, no rate-limit
-- hit), so logging each one would let anyone grow the log as fast as they can send requests.
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
  insert into public.admin_activity (action, entity, summary, session_id, client_ip, user_agent)
  values (p_action, 'session',
          case p_action when 'sign_in' then 'Signed in with the admin passcode'
                        when 'sign_in_failed' then 'Wrong admin passcode'
                        else 'Sign-in refused: too many failed attempts' end,
          left(p_session_id, 100), left(p_client_ip, 100), left(p_user_agent, 1024));
end
$$;
revoke execute on function private.record_sign_in(text, text, text, text) from public;
grant execute on function private.record_sign_in(text, text, text, text) to service_role;

-- The actions the log holds, for the page's filter (actions other features add show up without
-- a frontend change). A loose index scan on admin_activity_action: one probe per distinct action.
-- Security invoker: RLS leaves a non-admin an empty list.
create or replace function public.admin_activity_actions()
returns text[]
language sql stable security invoker set search_path = ''
as $$
  with recursive actions (name) as (
    (select a.action from public.admin_activity a order by a.action limit 1)
    union all
    select (select a.action from public.admin_activity a where a.action > actions.name
             order by a.action limit 1)
      from actions where actions.name is not null
  )
  select coalesce(array_agg(name order by name), '{}') from actions where name is not null
$$;
revoke execute on function public.admin_activity_actions() from public;
grant execute on function public.admin_activity_actions() to authenticated, service_role;

