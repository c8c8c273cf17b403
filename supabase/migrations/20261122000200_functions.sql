-- What the functions (simple-auth, antispam-check, lead-relay and its outbox) need beyond the
-- website schema: a verdict column on leads and the atomic rate-limit step. Runs unchanged on
-- hosted Supabase, where the TypeScript versions under supabase/functions call the same SQL.

-- A lead whose captcha did not verify is kept (nothing is lost) but not forwarded; why is here.
alter table public.leads add column if not exists spam_reason text;
create index if not exists leads_spam on public.leads (received_at desc) where spam_reason is not null;

-- Records a hit of (scope, key) if fewer than p_max hits fall in the last p_window, atomically
-- (one advisory lock per scope and key, so concurrent requests and instances count right).
-- Returns 0 when the hit was allowed and recorded, else the seconds until a slot frees up.
create or replace function private.rate_limit_take(p_scope text, p_key text, p_max integer, p_window interval)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  hits integer;
  oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended(p_scope || chr(31) || p_key, 0));
  select count(*) into hits
    from private.rate_limit_hits
   where scope = p_scope and key = p_key and hit_at > clock_timestamp() - p_window;
  if hits >= p_max then
    -- The hit whose expiry brings the count back under the limit.
    select hit_at into oldest
      from private.rate_limit_hits
     where scope = p_scope and key = p_key and hit_at > clock_timestamp() - p_window
     order by hit_at
     offset hits - p_max
     limit 1;
    return greatest(1, ceil(extract(epoch from (oldest + p_window - clock_timestamp())))::integer);
  end if;
  insert into private.rate_limit_hits (scope, key, hit_at) values (p_scope, p_key, clock_timestamp());
  return 0;
end
$$;

revoke execute on function private.rate_limit_take(text, text, integer, interval) from public, anon, authenticated;
grant execute on function private.rate_limit_take(text, text, integer, interval) to service_role;
