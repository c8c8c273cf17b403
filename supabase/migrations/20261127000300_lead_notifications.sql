-- Lead notifications by email: every accepted lead (a contact inquiry stored by the lead relay in
-- public.leads, a whitepaper submission inserted over REST into public.whitepaper_submissions) is
-- queued here by an AFTER INSERT trigger, in the transaction that stores it, so nothing is lost
-- and direct REST inserts are covered. The ClaimBridge server's worker (crates/functions/src/
-- lead_email) sends the queued rows through SMTP: claimed with FOR UPDATE SKIP LOCKED and leased
-- (any number of instances, a crashed one's rows come back), retried with exponential backoff,
-- woken by NOTIFY claimbridge_lead_email (a poll covers a missed one). In daily digest mode the
-- rows wait for the digest hour and go out together in one private.lead_email_digests email.
--
-- Nothing is queued unless private.lead_email_settings says the feature is on: the server writes
-- that row at start from its configuration (LEAD_EMAIL_TO set or not). On hosted Supabase no
-- process sends them, the row is never written and the triggers queue nothing.

-- Written by the server at start; read by the triggers (no API role can see it) ----------------
create table if not exists private.lead_email_settings (
  singleton      boolean primary key default true check (singleton),
  enabled        boolean not null default false,
  -- UTC hour of the daily digest; null: one email per lead.
  digest_hour    smallint check (digest_hour between 0 and 23),
  -- The digest hour whose digest has been made (only one instance makes it).
  last_digest_at timestamptz,
  updated_at     timestamptz not null default now()
);
alter table private.lead_email_settings enable row level security;
revoke all on private.lead_email_settings from public, anon, authenticated;
grant all on private.lead_email_settings to service_role;

-- One digest email: the leads queued since the last one ------------------------------------------
create table if not exists private.lead_email_digests (
  id              uuid primary key default gen_random_uuid(),
  slot            timestamptz not null,
  status          text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz not null default now()
);
create index if not exists lead_email_digests_due
  on private.lead_email_digests (next_attempt_at) where status in ('pending', 'sending');
alter table private.lead_email_digests enable row level security;
revoke all on private.lead_email_digests from public, anon, authenticated;
grant all on private.lead_email_digests to service_role;

-- lead_notifications: the email outbox, one row per lead (the admin reads it) -------------------
create table if not exists public.lead_notifications (
  id              uuid primary key default gen_random_uuid(),
  kind            text not null check (kind in ('contact', 'whitepaper')),
  lead_id         uuid unique references public.leads (id) on delete cascade,
  submission_id   uuid unique references public.whitepaper_submissions (id) on delete cascade,
  -- duplicate: the whitepaper form's own POST to the lead relay, already emailed as the
  -- submission named in duplicate_of; cancelled: marked as spam before it was sent.
  status          text not null default 'pending'
                    check (status in ('pending', 'sending', 'sent', 'failed', 'duplicate', 'cancelled')),
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_error      text,
  sent_at         timestamptz,
  digest_id       uuid references private.lead_email_digests (id) on delete set null,
  duplicate_of    uuid references public.lead_notifications (id) on delete set null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  check ((kind = 'contact') = (lead_id is not null) and (kind = 'whitepaper') = (submission_id is not null))
);
create index if not exists lead_notifications_due
  on public.lead_notifications (next_attempt_at) where status in ('pending', 'sending');
create index if not exists lead_notifications_digest on public.lead_notifications (digest_id) where digest_id is not null;

drop trigger if exists set_updated_at on public.lead_notifications;
create trigger set_updated_at before update on public.lead_notifications
  for each row execute function private.set_updated_at();

alter table public.lead_notifications enable row level security;
revoke all on public.lead_notifications from anon, authenticated;
grant select on public.lead_notifications to authenticated;
grant all on public.lead_notifications to service_role;
drop policy if exists "admin reads lead notifications" on public.lead_notifications;
create policy "admin reads lead notifications" on public.lead_notifications
  for select to authenticated using ((select private.is_admin()));

-- Queueing ---------------------------------------------------------------------------------------
-- Security definer: visitors (anon) insert whitepaper submissions but may not write the outbox.
-- Rows are queued for leads without a spam_reason, on insert and when a lead is restored from
-- spam (the pipeline's spam flag, migration 20261127000500; read through to_jsonb so this works
-- before that column exists on whitepaper_submissions); a restored lead whose email had been
-- cancelled (flagged before it was sent) is queued again.
create or replace function private.lead_email_enqueue() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  kind constant text := tg_argv[0];
  twin uuid;
begin
  if (tg_op = 'UPDATE' and (to_jsonb(old) ->> 'spam_reason') is null)
     or (to_jsonb(new) ->> 'spam_reason') is not null
     or not exists (select 1 from private.lead_email_settings where singleton and enabled) then
    return null;
  end if;
  if kind = 'contact' then
    -- The whitepaper form inserts its row, then POSTs the same answers to the lead relay: that
    -- lead was emailed as the submission (whose current_challenges begins with the help request).
    select n.id into twin
      from public.whitepaper_submissions w
      join public.lead_notifications n on n.submission_id = w.id
     where w.created_at > now() - interval '15 minutes'
       and lower(w.email) = lower(new.email)
       and w.company_name = new.company_name
       and starts_with(w.current_challenges, 'How can we help: ' || btrim(coalesce(new.payload ->> 'howCanWeHelp', '')))
     order by w.created_at desc
     limit 1;
    insert into public.lead_notifications (kind, lead_id, status, duplicate_of)
    values ('contact', new.id, case when twin is null then 'pending' else 'duplicate' end, twin)
    on conflict (lead_id) do update set status = 'pending', next_attempt_at = now(), digest_id = null
     where public.lead_notifications.status = 'cancelled';
  else
    insert into public.lead_notifications (kind, submission_id) values ('whitepaper', new.id)
    on conflict (submission_id) do update set status = 'pending', next_attempt_at = now(), digest_id = null
     where public.lead_notifications.status = 'cancelled';
  end if;
  if twin is null then
    perform pg_notify('claimbridge_lead_email', '');
  end if;
  return null;
end
$$;

drop trigger if exists lead_email on public.leads;
create trigger lead_email after insert on public.leads
  for each row execute function private.lead_email_enqueue('contact');
drop trigger if exists lead_email_restored on public.leads;
create trigger lead_email_restored after update of spam_reason on public.leads
  for each row execute function private.lead_email_enqueue('contact');
drop trigger if exists lead_email on public.whitepaper_submissions;
create trigger lead_email after insert on public.whitepaper_submissions
  for each row execute function private.lead_email_enqueue('whitepaper');
-- Not "update of spam_reason": that column is added by a later migration.
drop trigger if exists lead_email_restored on public.whitepaper_submissions;
create trigger lead_email_restored after update on public.whitepaper_submissions
  for each row execute function private.lead_email_enqueue('whitepaper');

revoke execute on function private.lead_email_enqueue() from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.lead_email_enqueue() to anon, authenticated, service_role;

-- What the worker puts in an email: the lead a notification is about, as JSON (null once the lead
-- is gone). Only the answers and when they came: no client IP, no user agent.
create or replace function private.lead_email_content(n public.lead_notifications) returns jsonb
language sql stable set search_path = ''
as $$
  select case n.kind
    when 'contact' then (
      select jsonb_build_object(
               'kind', 'contact', 'received_at', l.received_at, 'source', l.source, 'email', l.email,
               'company_name', l.company_name, 'full_name', l.full_name, 'payload', l.payload,
               'spam', l.spam_reason is not null)
        from public.leads l where l.id = n.lead_id)
    else (
      select jsonb_build_object(
               'kind', 'whitepaper', 'received_at', w.created_at, 'email', w.email,
               'company_name', w.company_name, 'first_name', w.first_name, 'last_name', w.last_name,
               'phone', w.phone, 'job_title', w.job_title, 'company_size', w.company_size,
               'revenue', w.revenue, 'current_challenges', w.current_challenges,
               'spam', (to_jsonb(w) ->> 'spam_reason') is not null)
        from public.whitepaper_submissions w where w.id = n.submission_id)
  end
$$;
revoke execute on function private.lead_email_content(public.lead_notifications) from public, anon, authenticated;
grant execute on function private.lead_email_content(public.lead_notifications) to service_role;
