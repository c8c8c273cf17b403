-- The auth server's own state beside GoTrue's tables, and its multi-statement steps as PL/pgSQL
-- functions (whose plans are cached), so a refresh or a sign-in is one round trip. Everything lives in the
-- `claimbridge` schema (never exposed through /rest/v1, nothing granted to the API roles).

create schema if not exists claimbridge;
revoke all on schema claimbridge from public;

-- GoTrue's audit log entry for `p_actor` (a user id; null for an admin key acting), with the
-- payload GoTrue writes: actor id, username (email, or phone), name, action, log type, traits.
create or replace function claimbridge.auth_audit(
  p_actor uuid, p_action text, p_traits jsonb default null, p_ip text default ''
) returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  -- PL/pgSQL, not SQL: its statement's plan is cached per session (a SQL function's is made
  -- again on every call, which the refresh grant's hot path would pay twice per request).
  insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
  select '00000000-0000-0000-0000-000000000000', gen_random_uuid(),
         jsonb_strip_nulls(jsonb_build_object(
           'actor_id', coalesce(u.id::text, ''),
           'actor_via_sso', coalesce(u.is_sso_user, false),
           'actor_username', coalesce(nullif(u.phone, ''), u.email, ''),
           'actor_name', u.raw_user_meta_data -> 'full_name',
           'action', p_action,
           'log_type', case
             when p_action in ('login', 'logout', 'invite_accepted') then 'account'
             when p_action in ('user_signedup', 'user_invited', 'user_deleted') then 'team'
             when p_action in ('token_revoked', 'token_refreshed') then 'token'
             when p_action in ('factor_in_progress', 'factor_unenrolled', 'challenge_created',
                               'verification_attempted', 'factor_deleted', 'factor_updated') then 'factor'
             else 'user' end,
           'traits', p_traits
         ))::json,
         now(), coalesce(p_ip, '')
    from (select 1) one
    left join auth.users u on u.id = p_actor;
end
$$;

-- Starts a session for a user who just proved who they are: the session row, its AMR claim
-- (`p_method`: password, otp, invite, recovery, magiclink, email/signup...), the first refresh
-- token of its family, the sign-in time and a `login` audit entry. Returns the session id and
-- the refresh token.
create or replace function claimbridge.auth_start_session(
  p_user uuid, p_method text, p_user_agent text, p_ip inet, p_token text,
  p_not_after timestamptz default null
) returns table (session_id uuid, refresh_token text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_session uuid := gen_random_uuid();
begin
  insert into auth.sessions (id, user_id, created_at, updated_at, aal, not_after, refreshed_at, user_agent, ip)
  values (new_session, p_user, now(), now(), 'aal1', p_not_after, (now() at time zone 'utc'), p_user_agent, p_ip);
  insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
  values (new_session, now(), now(), p_method, gen_random_uuid());
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_token, p_user::text, false, now(), now(), null, new_session);
  update auth.users set last_sign_in_at = now(), updated_at = now() where id = p_user;
  update auth.identities set last_sign_in_at = now()
   where user_id = p_user and provider = 'email';
  perform claimbridge.auth_audit(p_user, 'login', jsonb_build_object('provider', 'email'), coalesce(host(p_ip), ''));
  return query select new_session, p_token;
end
$$;

-- The refresh-token grant, as GoTrue rotates tokens: the presented token is revoked and a new
-- child of it issued; a revoked token whose child is the session's active token gets that child
-- back (the client lost the answer); a revoked token within `p_reuse_seconds` of its revocation
-- gets a new child (concurrent tabs); any other reuse revokes the whole family (every token of
-- the session) and is refused. The token row and its session are locked, so concurrent
-- refreshes of one token take turns. `p_new_token` is the token to issue if one is issued.
-- Outcomes: ok, reused (the active child returned), not_found, banned, no_session,
-- session_expired, already_used.
create or replace function claimbridge.auth_refresh(
  p_token text, p_new_token text, p_reuse_seconds integer, p_rotation boolean,
  p_user_agent text, p_ip inet
) returns table (outcome text, user_id uuid, session_id uuid, refresh_token text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  presented auth.refresh_tokens%rowtype;
  owner_id uuid;
  banned timestamptz;
  session_not_after timestamptz;
  active_token text;
  active_parent text;
begin
  select * into presented from auth.refresh_tokens where token = p_token for update;
  if not found then
    return query select 'not_found', null::uuid, null::uuid, null::text;
    return;
  end if;
  owner_id := presented.user_id::uuid;
  select u.banned_until into banned from auth.users u where u.id = owner_id;
  if banned is not null and banned > now() then
    return query select 'banned', owner_id, presented.session_id, null::text;
    return;
  end if;
  select s.not_after into session_not_after from auth.sessions s where s.id = presented.session_id for update;
  if not found then
    delete from auth.refresh_tokens where id = presented.id;
    return query select 'no_session', owner_id, null::uuid, null::text;
    return;
  end if;
  if session_not_after is not null and session_not_after < now() then
    return query select 'session_expired', owner_id, presented.session_id, null::text;
    return;
  end if;

  if presented.revoked then
    select t.token, t.parent into active_token, active_parent
      from auth.refresh_tokens t
     where t.session_id = presented.session_id and not t.revoked
     order by t.id desc
     limit 1;
    if active_parent is not null and active_parent = presented.token then
      update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now(),
             user_agent = p_user_agent, ip = p_ip
       where id = presented.session_id;
      return query select 'reused', owner_id, presented.session_id, active_token;
      return;
    end if;
    if presented.updated_at + make_interval(secs => p_reuse_seconds) < now() then
      if p_rotation then
        update auth.refresh_tokens set revoked = true, updated_at = now()
         where auth.refresh_tokens.session_id = presented.session_id and not revoked;
      end if;
      return query select 'already_used', owner_id, presented.session_id, null::text;
      return;
    end if;
  end if;

  update auth.refresh_tokens set revoked = true, updated_at = now() where id = presented.id;
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values (presented.instance_id, p_new_token, presented.user_id, false, now(), now(), presented.token,
          presented.session_id);
  update auth.sessions set refreshed_at = (now() at time zone 'utc'), updated_at = now(),
         user_agent = p_user_agent, ip = p_ip
   where id = presented.session_id;
  -- One audit entry per refresh (GoTrue writes a token_revoked one too), and the user row left
  -- alone (GoTrue moves last_sign_in_at on every refresh): the session's refreshed_at says when
  -- it was last used, and a refresh stays a few small writes (tests/bench/auth).
  perform claimbridge.auth_audit(owner_id, 'token_refreshed', null, coalesce(host(p_ip), ''));
  return query select 'ok', owner_id, presented.session_id, p_new_token;
end
$$;

-- Calls the custom access token hook `p_schema.p_function(p_event)` as `supabase_auth_admin`,
-- as GoTrue calls Postgres hooks (this function belongs to that role and runs as its owner), in
-- one round trip. The names come from configuration and are quoted here.
create or replace function claimbridge.auth_run_hook(p_schema text, p_function text, p_event jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  output jsonb;
begin
  execute format('select %I.%I($1)', p_schema, p_function) into output using p_event;
  return output;
end
$$;
alter function claimbridge.auth_run_hook(text, text, jsonb) owner to supabase_auth_admin;

-- Failed password sign-ins per account (lower-cased email), whether or not the account exists,
-- so a lockout says nothing about which addresses have accounts. Shared by every instance.
create table claimbridge.auth_sign_in_failures (
  account   text not null,
  failed_at timestamptz not null default now()
);
create index auth_sign_in_failures_lookup on claimbridge.auth_sign_in_failures (account, failed_at desc);
alter table claimbridge.auth_sign_in_failures enable row level security;

-- The last TOTP time step each factor accepted: a code is good once (RFC 6238 §5.2).
create table claimbridge.auth_totp_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  step      bigint not null
);
alter table claimbridge.auth_totp_steps enable row level security;

-- A TOTP code accepted for `p_factor` at time step `p_step` in answer to `p_challenge`, in
-- session `p_session`: false (and nothing changed) when that step or an earlier one was already
-- used on the factor or the challenge was answered before. Otherwise the challenge is answered,
-- the factor verified, the session raised to aal2 with a `totp` AMR claim and given a fresh
-- refresh token (`p_new_token`: the previous ones cannot mint aal2 tokens), the user's other
-- aal1 sessions end and their unfinished TOTP enrolments go, as in GoTrue.
create or replace function claimbridge.auth_totp_verified(
  p_factor uuid, p_step bigint, p_challenge uuid, p_session uuid, p_user uuid, p_new_token text
) returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  previous text;
begin
  insert into claimbridge.auth_totp_steps (factor_id, step) values (p_factor, p_step)
  on conflict (factor_id) do update set step = excluded.step
   where claimbridge.auth_totp_steps.step < excluded.step;
  if not found then
    return false;
  end if;
  update auth.mfa_challenges set verified_at = now()
   where id = p_challenge and factor_id = p_factor and verified_at is null;
  if not found then
    raise exception 'challenge already answered' using errcode = 'P0001';
  end if;
  update auth.mfa_factors set status = 'verified', updated_at = now() where id = p_factor;
  insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
  values (p_session, now(), now(), 'totp', gen_random_uuid())
  on conflict (session_id, authentication_method) do update set updated_at = now();
  update auth.sessions set aal = 'aal2', factor_id = p_factor, updated_at = now() where id = p_session;
  select token into previous from auth.refresh_tokens
   where session_id = p_session and not revoked order by id desc limit 1;
  update auth.refresh_tokens set revoked = true, updated_at = now()
   where session_id = p_session and not revoked;
  insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
  values ('00000000-0000-0000-0000-000000000000', p_new_token, p_user::text, false, now(), now(), previous, p_session);
  delete from auth.sessions where user_id = p_user and id <> p_session and (aal is null or aal = 'aal1');
  delete from auth.mfa_factors
   where user_id = p_user and factor_type = 'totp' and status = 'unverified' and id <> p_factor;
  return true;
exception when sqlstate 'P0001' then
  return false;
end
$$;

revoke all on all tables in schema claimbridge from public, anon, authenticated;
revoke all on all functions in schema claimbridge from public, anon, authenticated;
