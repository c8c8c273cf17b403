-- Staff sign-ins in the activity log, as the passcode's are there: the auth server (ours, or
-- GoTrue on a hosted project) adds one auth.sessions row per sign-in (password, emailed link,
-- invitation or recovery), and for a staff member this trigger logs it in their name, with the
-- session, address and browser the session recorded. Refreshes and the authenticator step
-- change an existing session and are not sign-ins.
create or replace function private.log_staff_sign_in()
returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.admin_activity
    (action, entity, summary, session_id, client_ip, user_agent, actor_id, actor_name, actor_email)
  select 'sign_in', 'session', 'Signed in with their staff account', new.id::text,
         left(host(new.ip), 100), left(new.user_agent, 1024), u.id,
         left(private.user_display_name(u.id), 200), left(u.email, 320)
    from private.staff_members m
    join auth.users u on u.id = m.user_id
   where m.user_id = new.user_id;
  return null;
end
$$;
revoke execute on function private.log_staff_sign_in() from public;

drop trigger if exists log_staff_sign_in on auth.sessions;
create trigger log_staff_sign_in
  after insert on auth.sessions
  for each row execute function private.log_staff_sign_in();
