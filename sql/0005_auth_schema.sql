-- The tables /auth/v1 keeps its users, sessions and factors in, with GoTrue's (supabase/auth)
-- names, types, keys and (but for four on refresh_tokens) indexes, so rows move between this server and a Supabase project in
-- either direction: `pg_dump --data-only` of these tables restores into the other, and a
-- password hash (bcrypt, `$2a$`/`$2b$`) signs in on both. Only the tables of the features this
-- server speaks are here (no SSO, SAML, OAuth server, WebAuthn or passkey tables).
--
-- Nothing here is granted to the API roles: the auth service reads and writes these tables as the
-- database owner, and row-level security (with no policies) keeps everyone else out even where a
-- grant would be added by mistake, as on Supabase.

-- Supabase's auth server role: the auth service calls Postgres hooks (custom access token) as
-- this role, as GoTrue does, so a hook's grants and policies are written as on Supabase.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
exception when duplicate_object or unique_violation then
  null;
end
$$;
grant usage on schema auth to supabase_auth_admin;

do $$
begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null;
end
$$;

do $$
begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null;
end
$$;

do $$
begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null;
end
$$;

do $$
begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then null;
end
$$;

do $$
begin
  create type auth.one_time_token_type as enum (
    'confirmation_token',
    'reauthentication_token',
    'recovery_token',
    'email_change_token_new',
    'email_change_token_current',
    'phone_change_token'
  );
exception when duplicate_object then null;
end
$$;

create table auth.instances (
  id              uuid not null primary key,
  uuid            uuid,
  raw_base_config text,
  created_at      timestamptz,
  updated_at      timestamptz
);
comment on table auth.instances is 'Auth: Manages users across multiple sites.';

create table auth.schema_migrations (
  version varchar(255) not null primary key
);
comment on table auth.schema_migrations is 'Auth: Manages updates to the auth system.';

create table auth.users (
  instance_id                 uuid,
  id                          uuid not null primary key,
  aud                         varchar(255),
  role                        varchar(255),
  email                       varchar(255),
  encrypted_password          varchar(255),
  email_confirmed_at          timestamptz,
  invited_at                  timestamptz,
  confirmation_token          varchar(255),
  confirmation_sent_at        timestamptz,
  recovery_token              varchar(255),
  recovery_sent_at            timestamptz,
  email_change_token_new      varchar(255),
  email_change                varchar(255),
  email_change_sent_at        timestamptz,
  last_sign_in_at             timestamptz,
  raw_app_meta_data           jsonb,
  raw_user_meta_data          jsonb,
  is_super_admin              boolean,
  created_at                  timestamptz,
  updated_at                  timestamptz,
  phone                       text default null::varchar,
  phone_confirmed_at          timestamptz,
  phone_change                text default ''::varchar,
  phone_change_token          varchar(255) default '',
  phone_change_sent_at        timestamptz,
  confirmed_at                timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current  varchar(255) default '',
  email_change_confirm_status smallint default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until                timestamptz,
  reauthentication_token      varchar(255) default '',
  reauthentication_sent_at    timestamptz,
  is_sso_user                 boolean not null default false,
  deleted_at                  timestamptz,
  is_anonymous                boolean not null default false,
  constraint users_phone_key unique (phone)
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index users_instance_id_email_idx on auth.users (instance_id, email);
create index users_instance_id_idx on auth.users (instance_id);
create index users_is_anonymous_idx on auth.users (is_anonymous);
-- The legacy token columns: unique when they hold a token (empty and OTP-only values repeat).
create unique index confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';

create table auth.identities (
  provider_id     text not null,
  user_id         uuid not null references auth.users (id) on delete cascade,
  identity_data   jsonb not null,
  provider        text not null,
  last_sign_in_at timestamptz,
  created_at      timestamptz,
  updated_at      timestamptz,
  email           text generated always as (lower(identity_data ->> 'email')) stored,
  id              uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index identities_email_idx on auth.identities (email text_pattern_ops);
create index identities_user_id_idx on auth.identities (user_id);

create table auth.sessions (
  id                     uuid not null primary key,
  user_id                uuid not null references auth.users (id) on delete cascade,
  created_at             timestamptz,
  updated_at             timestamptz,
  factor_id              uuid,
  aal                    auth.aal_level,
  not_after              timestamptz,
  refreshed_at           timestamp,
  user_agent             text,
  ip                     inet,
  tag                    text,
  refresh_token_hmac_key text,
  refresh_token_counter  bigint,
  scopes                 text constraint sessions_scopes_length check (char_length(scopes) <= 4096),
  -- GoTrue's OAuth server columns: never set here, kept so dumps carry over column for column.
  oauth_client_id        uuid
)
-- Room on each page, so the refresh of a session (refreshed_at, ip, user agent) is a HOT update.
with (fillfactor = 80);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index sessions_user_id_idx on auth.sessions (user_id);
create index user_id_created_at_idx on auth.sessions (user_id, created_at);
create index sessions_not_after_idx on auth.sessions (not_after desc);

create table auth.refresh_tokens (
  instance_id uuid,
  id          bigserial not null primary key,
  token       varchar(255) constraint refresh_tokens_token_unique unique,
  user_id     varchar(255),
  revoked     boolean,
  created_at  timestamptz,
  updated_at  timestamptz,
  parent      varchar(255),
  session_id  uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
-- Of GoTrue's indexes on this table, only those of the queries this server runs: every refresh
-- writes a row and updates one, and each further index is another write (GoTrue's
-- instance_id, (instance_id, user_id), parent and updated_at ones serve its own queries).
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table auth.mfa_factors (
  id                           uuid not null primary key,
  user_id                      uuid not null references auth.users (id) on delete cascade,
  friendly_name                text,
  factor_type                  auth.factor_type not null,
  status                       auth.factor_status not null,
  created_at                   timestamptz not null,
  updated_at                   timestamptz not null,
  secret                       text,
  phone                        text,
  last_challenged_at           timestamptz constraint mfa_factors_last_challenged_at_key unique,
  web_authn_credential         jsonb,
  web_authn_aaguid             uuid,
  last_webauthn_challenge_data jsonb
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table auth.mfa_challenges (
  id                     uuid not null primary key,
  factor_id              uuid not null
    constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at             timestamptz not null,
  verified_at            timestamptz,
  ip_address             inet not null,
  otp_code               text,
  web_authn_session_data jsonb
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table auth.mfa_amr_claims (
  session_id            uuid not null references auth.sessions (id) on delete cascade,
  created_at            timestamptz not null,
  updated_at            timestamptz not null,
  authentication_method text not null,
  id                    uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

create table auth.one_time_tokens (
  id         uuid not null primary key,
  user_id    uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

create table auth.flow_state (
  id                     uuid not null primary key,
  user_id                uuid,
  auth_code              text,
  code_challenge_method  auth.code_challenge_method,
  code_challenge         text,
  provider_type          text not null,
  provider_access_token  text,
  provider_refresh_token text,
  created_at             timestamptz,
  updated_at             timestamptz,
  authentication_method  text not null,
  auth_code_issued_at    timestamptz,
  invite_token           text,
  referrer               text,
  linking_target_id      uuid,
  email_optional         boolean not null default false,
  oauth_client_state_id  uuid
);
comment on table auth.flow_state is 'Stores metadata for all OAuth/SSO login flows';
create index idx_auth_code on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

create table auth.audit_log_entries (
  instance_id uuid,
  id          uuid not null primary key,
  payload     json,
  created_at  timestamptz,
  ip_address  varchar(64) not null default ''
);
comment on table auth.audit_log_entries is 'Auth: Audit trail for user actions.';
create index audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

alter table auth.instances enable row level security;
alter table auth.schema_migrations enable row level security;
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.audit_log_entries enable row level security;
