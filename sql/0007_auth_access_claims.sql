-- The claims of an access token, built in the statement that reads the user: GoTrue's claims
-- from the user bundle (the server's one read of a user, its session and the session's
-- authentication methods), passed through the custom access token hook when one is
-- configured. So the refresh grant (rotation, user read, claims and hook) is one statement and
-- one round trip, and a hook that fails or refuses aborts that statement: the presented refresh
-- token is then still valid, as GoTrue, which calls the hook inside the refresh's transaction,
-- leaves it. A hook that raises is told apart by its error's context (auth_run_hook).
--
-- Errors the server maps to GoTrue's answers:
--   CBH01  the hook answered {"error": {"http_code", "message"}} (that status and message);
--   CBH02  the hook's claims lack one GoTrue requires (500).
create or replace function claimbridge.auth_access_claims(
  p_bundle jsonb, p_issuer text, p_expiry_seconds integer, p_method text,
  p_hook_schema text, p_hook_function text
) returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  issued_at bigint := floor(extract(epoch from now()))::bigint;
  person jsonb := p_bundle -> 'user';
  session jsonb := nullif(p_bundle -> 'session', 'null'::jsonb);
  claims jsonb;
  output jsonb;
begin
  if person is null then
    return null;
  end if;
  claims := jsonb_build_object(
    'iss', p_issuer,
    'sub', person -> 'id',
    'aud', coalesce(nullif(person ->> 'aud', ''), 'authenticated'),
    'exp', issued_at + p_expiry_seconds,
    'iat', issued_at,
    'email', coalesce(person ->> 'email', ''),
    'phone', coalesce(person ->> 'phone', ''),
    'app_metadata', case when jsonb_typeof(person -> 'raw_app_meta_data') = 'object'
                         then person -> 'raw_app_meta_data' else '{}'::jsonb end,
    'user_metadata', case when jsonb_typeof(person -> 'raw_user_meta_data') = 'object'
                          then person -> 'raw_user_meta_data' else '{}'::jsonb end,
    'role', coalesce(nullif(person ->> 'role', ''), 'authenticated'),
    'aal', coalesce(session ->> 'aal', 'aal1'),
    'amr', coalesce(session -> 'amr', '[]'::jsonb),
    'session_id', session -> 'id',
    'is_anonymous', coalesce((person ->> 'is_anonymous')::boolean, false));
  if p_hook_function is null then
    return claims;
  end if;

  output := claimbridge.auth_run_hook(p_hook_schema, p_hook_function, jsonb_build_object(
    'user_id', person -> 'id', 'claims', claims, 'authentication_method', p_method));
  if jsonb_typeof(output) = 'object' and output ? 'error' then
    raise exception using errcode = 'CBH01',
      message = coalesce(output -> 'error' ->> 'message', 'Error from the custom access token hook'),
      detail = coalesce(output -> 'error' ->> 'http_code', '500');
  end if;
  if jsonb_typeof(output -> 'claims') is distinct from 'object'
     or not (output -> 'claims' ?& array['aud', 'exp', 'iat', 'sub', 'email', 'phone', 'role',
                                         'aal', 'session_id', 'is_anonymous']) then
    raise exception using errcode = 'CBH02',
      message = 'output claims do not conform to the expected schema';
  end if;
  return output -> 'claims';
end
$$;
