-- Lead tickets: the whitepaper form's direct INSERT into whitepaper_submissions (product spec §7)
-- gets the anti-spam protection the lead relay has. antispam-check, when it allows a visitor,
-- issues a random single-use ticket (stored here only as its SHA-256, with the client IP the
-- function saw, the email it checked, and the lead relay's per-IP limit of that deployment); the
-- website sends it on the insert in the x-claimbridge-lead-ticket header, and a BEFORE INSERT
-- trigger consumes it for anon and non-admin authenticated callers: it must exist, be unexpired
-- and unused, and match the row's email (case-insensitively); then the lead relay's per-IP limit
-- is applied to the ticket's IP (private.rate_limit_take, scope 'whitepaper:ip'). One ticket is
-- one row, so an array insert is refused at its second row. Admin tokens, service_role and the
-- database owner insert as before.
-- Runs unchanged on hosted Supabase: PostgREST exposes request headers in request.headers there
-- too, and the TypeScript antispam-check issues tickets through the same private.lead_ticket_issue.

create table if not exists private.lead_tickets (
  ticket_hash     text primary key,
  email           text not null,
  client_ip       text not null,
  -- The lead relay's per-IP limit when the ticket was issued (0: off): the functions own that
  -- setting (LEAD_RELAY_IP_RATE_LIMIT), so they hand it to the database with each ticket.
  ip_limit_max    integer not null check (ip_limit_max >= 0),
  ip_limit_window interval not null,
  issued_at       timestamptz not null default now(),
  expires_at      timestamptz not null,
  used_at         timestamptz,
  used_xact       bigint
);
create index if not exists lead_tickets_expiry on private.lead_tickets (expires_at);
alter table private.lead_tickets enable row level security;
revoke all on private.lead_tickets from public, anon, authenticated;
grant all on private.lead_tickets to service_role;

create or replace function private.lead_ticket_hash(p_ticket text) returns text
language sql immutable strict set search_path = ''
as $$
  select encode(sha256(convert_to(p_ticket, 'UTF8')), 'hex')
$$;

-- Called by antispam-check (Rust and TypeScript) when it allows a visitor: stores the ticket for
-- ten minutes and sweeps expired ones. Returns when it expires.
create or replace function private.lead_ticket_issue(
  p_ticket text, p_email text, p_client_ip text, p_ip_limit_max integer, p_ip_limit_window interval)
returns timestamptz
language plpgsql volatile set search_path = ''
as $$
declare
  expires timestamptz;
begin
  if p_ticket is null or length(p_ticket) < 22 then
    raise exception 'a lead ticket carries at least 128 random bits';
  end if;
  delete from private.lead_tickets where expires_at < now();
  insert into private.lead_tickets (ticket_hash, email, client_ip, ip_limit_max, ip_limit_window, expires_at)
  values (private.lead_ticket_hash(p_ticket), lower(btrim(p_email)), coalesce(p_client_ip, 'unknown'),
          greatest(coalesce(p_ip_limit_max, 0), 0), coalesce(p_ip_limit_window, interval '10 minutes'),
          now() + interval '10 minutes')
  returning expires_at into expires;
  return expires;
end
$$;

-- Consumes the ticket for a row with email p_email, then counts the lead against the ticket's IP.
-- Security definer: the callers (anon, authenticated) can read no private table themselves.
-- Errors: 42501 (PostgREST: 401 for anon, 403 for authenticated) with a message and a hint; the
-- per-IP limit answers 429 with Retry-After, as the lead relay does.
create or replace function private.lead_ticket_consume(p_ticket text, p_email text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ticket private.lead_tickets%rowtype;
  retry integer;
  obtain constant text := 'Call the antispam-check function first and send the ticket it returns in the x-claimbridge-lead-ticket header';
begin
  if coalesce(btrim(p_ticket), '') = '' then
    raise exception using errcode = '42501',
      message = 'A whitepaper submission needs a lead ticket from antispam-check', hint = obtain;
  end if;
  select * into ticket from private.lead_tickets
   where ticket_hash = private.lead_ticket_hash(btrim(p_ticket))
   for update;
  if not found then
    raise exception using errcode = '42501', message = 'The lead ticket is not valid', hint = obtain;
  end if;
  if ticket.used_at is not null then
    if ticket.used_xact = txid_current() then
      raise exception using errcode = '42501',
        message = 'One whitepaper submission per request: arrays of submissions are refused',
        hint = 'Insert one row, with its own lead ticket';
    end if;
    raise exception using errcode = '42501', message = 'The lead ticket was already used', hint = obtain;
  end if;
  if ticket.expires_at <= now() then
    raise exception using errcode = '42501', message = 'The lead ticket has expired', hint = obtain;
  end if;
  if ticket.email <> lower(btrim(coalesce(p_email, ''))) then
    raise exception using errcode = '42501',
      message = 'The lead ticket was issued for another email address', hint = obtain;
  end if;
  if ticket.ip_limit_max > 0 then
    retry := private.rate_limit_take('whitepaper:ip', ticket.client_ip, ticket.ip_limit_max, ticket.ip_limit_window);
    if retry > 0 then
      raise sqlstate 'PGRST' using
        message = json_build_object(
          'code', 'CB429',
          'message', format('Too many submissions: please wait %s before sending again',
                            case when retry < 90 then retry || case when retry = 1 then ' second' else ' seconds' end
                                 else ceil(retry / 60.0)::integer || ' minutes' end),
          'details', null,
          'hint', null)::text,
        detail = json_build_object('status', 429, 'headers', json_build_object('Retry-After', retry::text))::text;
    end if;
  end if;
  update private.lead_tickets set used_at = now(), used_xact = txid_current()
   where ticket_hash = ticket.ticket_hash;
end
$$;

-- The trigger runs as the caller (so current_user is the API role); only the ticket check itself
-- is a security definer.
create or replace function private.whitepaper_submission_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not private.is_admin() then
    perform private.lead_ticket_consume(
      nullif(current_setting('request.headers', true), '')::json ->> 'x-claimbridge-lead-ticket',
      new.email);
  end if;
  return new;
end
$$;

drop trigger if exists lead_ticket on public.whitepaper_submissions;
create trigger lead_ticket before insert on public.whitepaper_submissions
  for each row execute function private.whitepaper_submission_guard();

revoke execute on function private.lead_ticket_hash(text) from public;
revoke execute on function private.lead_ticket_issue(text, text, text, integer, interval) from public, anon, authenticated;
revoke execute on function private.lead_ticket_consume(text, text) from public;
revoke execute on function private.whitepaper_submission_guard() from public;
grant execute on function private.lead_ticket_hash(text) to service_role;
grant execute on function private.lead_ticket_issue(text, text, text, integer, interval) to service_role;
grant execute on function private.lead_ticket_consume(text, text) to anon, authenticated, service_role;
grant execute on function private.whitepaper_submission_guard() to anon, authenticated, service_role;
