-- The lead pipeline of the admin inbox, on both tables that hold leads (public.leads: contact
-- inquiries through the lead relay; public.whitepaper_submissions: the whitepaper form's rows):
-- a status, an internal note, an assignee name and a spam flag with when and why, plus updated_at.
--
-- The admin token may update only those columns (column grants; RLS with private.is_admin()), so
-- what a visitor submitted stays as received. anon's rights do not change: it gets no new column.
-- Every change made through the API is written to the activity log by a trigger: lead_update
-- (what changed), spam, not_spam.
--
-- A lead is spam when spam_reason is set; spam_flagged_at says since when (kept by a trigger). The
-- lead relay already stores leads whose captcha fails with a spam_reason and does not forward them;
-- a lead posted with the form's honeypot field filled in is now flagged too (see lead_spam_signals).

-- Columns -------------------------------------------------------------------------------------
alter table public.leads
  add column if not exists status          text not null default 'new',
  add column if not exists internal_note   text not null default '',
  add column if not exists assignee        text not null default '',
  add column if not exists spam_flagged_at timestamptz,
  add column if not exists updated_at      timestamptz;
alter table public.whitepaper_submissions
  add column if not exists status          text not null default 'new',
  add column if not exists internal_note   text not null default '',
  add column if not exists assignee        text not null default '',
  add column if not exists spam_reason     text,
  add column if not exists spam_flagged_at timestamptz,
  add column if not exists updated_at      timestamptz;

-- Rows from before the pipeline: last changed when they arrived; relay-flagged ones flagged then.
update public.leads set spam_flagged_at = received_at where spam_reason is not null and spam_flagged_at is null;
update public.leads set updated_at = received_at where updated_at is null;
update public.whitepaper_submissions set updated_at = created_at where updated_at is null;
alter table public.leads alter column updated_at set default now(), alter column updated_at set not null;
alter table public.whitepaper_submissions alter column updated_at set default now(), alter column updated_at set not null;

-- The same checks on both tables (the trigger below answers the API with a clearer message first;
-- these hold for every writer, service_role and the database owner included).
do $$
declare
  t text;
begin
  foreach t in array array['leads', 'whitepaper_submissions'] loop
    if not exists (select 1 from pg_constraint where conrelid = ('public.' || t)::regclass and conname = t || '_pipeline_check') then
      execute format($f$
        alter table public.%1$I add constraint %2$I check (
          status in ('new', 'contacted', 'qualified', 'closed')
          and length(internal_note) <= 5000
          and length(assignee) <= 200
          and (spam_reason is null or length(spam_reason) between 1 and 500)
          and (spam_reason is null) = (spam_flagged_at is null))$f$,
        t, t || '_pipeline_check');
    end if;
  end loop;
end
$$;

-- The inbox's filters: each view (not spam / spam) newest first, by status or not.
create index if not exists leads_pipeline_status on public.leads (status, received_at desc) where spam_reason is null;
create index if not exists leads_inbox on public.leads (received_at desc) where spam_reason is null;
create index if not exists whitepaper_submissions_pipeline_status
  on public.whitepaper_submissions (status, created_at desc) where spam_reason is null;
create index if not exists whitepaper_submissions_inbox
  on public.whitepaper_submissions (created_at desc) where spam_reason is null;
create index if not exists whitepaper_submissions_spam
  on public.whitepaper_submissions (created_at desc) where spam_reason is not null;
-- (public.leads already has leads_spam on (received_at desc) where spam_reason is not null.)

-- Grants: the admin updates the pipeline columns only ----------------------------------------------
-- Revoking the table-wide UPDATE on leads also drops any column grants, so this re-runs cleanly.
revoke update on public.leads from anon, authenticated;
grant update (status, internal_note, assignee, spam_reason) on public.leads to authenticated;
revoke update on public.whitepaper_submissions from anon, authenticated;
grant update (status, internal_note, assignee, spam_reason) on public.whitepaper_submissions to authenticated;

drop policy if exists "admin updates whitepaper leads" on public.whitepaper_submissions;
create policy "admin updates whitepaper leads" on public.whitepaper_submissions
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
-- public.leads: "admin manages leads" (for all, admin only) already covers updates.

-- Checks with clear messages, and the bookkeeping columns ----------------------------------------
create or replace function private.lead_pipeline_stamp() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.status is distinct from old.status and new.status not in ('new', 'contacted', 'qualified', 'closed') then
    raise exception using errcode = '23514',
      message = format('Unknown lead status: %s', coalesce(new.status, 'null')),
      hint = 'Use one of new, contacted, qualified, closed';
  end if;
  if length(new.internal_note) > 5000 then
    raise exception using errcode = '23514',
      message = format('The internal note is %s characters long; at most 5000 are kept', length(new.internal_note)),
      hint = 'Shorten the note';
  end if;
  if length(new.assignee) > 200 then
    raise exception using errcode = '23514', message = 'The assignee name is longer than 200 characters';
  end if;
  -- An empty reason is not a reason: flagging needs one (the admin app sends its own wording).
  new.spam_reason := nullif(btrim(new.spam_reason), '');
  if length(new.spam_reason) > 500 then
    raise exception using errcode = '23514', message = 'The spam reason is longer than 500 characters';
  end if;
  new.spam_flagged_at := case when new.spam_reason is null then null
                              when old.spam_reason is null then now()
                              else old.spam_flagged_at end;
  new.updated_at := now();
  return new;
end
$$;

-- Signals that a lead is spam which used to be accepted silently. The website's forms have a
-- hidden honeypot input (`website`) that people never see and never send; the relay stores the
-- posted JSON as it came, so a lead carrying a filled honeypot came from a script that filled
-- every field. It is stored and flagged (not forwarded: the relay queues deliveries only for
-- leads without a spam_reason), not dropped, so staff can restore a false positive.
create or replace function private.lead_spam_signals() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.spam_reason is null
     and (coalesce(btrim(new.payload ->> 'website'), '') <> '' or coalesce(btrim(new.payload ->> 'honeypot'), '') <> '') then
    new.spam_reason := 'honeypot field filled in';
  end if;
  new.spam_reason := nullif(btrim(new.spam_reason), '');
  new.spam_flagged_at := case when new.spam_reason is not null then coalesce(new.spam_flagged_at, now()) end;
  return new;
end
$$;

-- Activity: one entry per kind of change, with what changed.
create or replace function private.lead_pipeline_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  entity constant text := tg_argv[0];
  who text := coalesce(nullif(to_jsonb(new) ->> 'email', ''), new.id::text);
  changes jsonb := '{}'::jsonb;
  parts text[] := '{}';
begin
  if not private.in_request() then
    return null;
  end if;
  if old.spam_reason is null and new.spam_reason is not null then
    perform private.record_activity('spam', entity, new.id::text,
      format('%s marked as spam: %s', who, new.spam_reason),
      jsonb_build_object('reason', new.spam_reason));
  elsif old.spam_reason is not null and new.spam_reason is null then
    perform private.record_activity('not_spam', entity, new.id::text,
      format('%s restored from spam', who),
      jsonb_build_object('previous_reason', old.spam_reason, 'flagged_at', old.spam_flagged_at));
  end if;
  if new.status is distinct from old.status then
    changes := changes || jsonb_build_object('status', jsonb_build_object('from', old.status, 'to', new.status));
    parts := parts || format('status %s → %s', old.status, new.status);
  end if;
  if new.assignee is distinct from old.assignee then
    changes := changes || jsonb_build_object('assignee', jsonb_build_object('from', old.assignee, 'to', new.assignee));
    parts := parts || case when new.assignee = '' then 'unassigned' else format('assigned to %s', new.assignee) end;
  end if;
  if new.internal_note is distinct from old.internal_note then
    changes := changes || jsonb_build_object('internal_note', jsonb_build_object('from', old.internal_note, 'to', new.internal_note));
    parts := parts || 'note edited'::text;
  end if;
  if changes <> '{}'::jsonb then
    perform private.record_activity('lead_update', entity, new.id::text,
      format('%s: %s', who, array_to_string(parts, ', ')), changes);
  end if;
  return null;
end
$$;

drop trigger if exists pipeline_stamp on public.leads;
create trigger pipeline_stamp before update on public.leads
  for each row execute function private.lead_pipeline_stamp();
drop trigger if exists pipeline_stamp on public.whitepaper_submissions;
create trigger pipeline_stamp before update on public.whitepaper_submissions
  for each row execute function private.lead_pipeline_stamp();
drop trigger if exists spam_signals on public.leads;
create trigger spam_signals before insert on public.leads
  for each row execute function private.lead_spam_signals();
drop trigger if exists pipeline_activity on public.leads;
create trigger pipeline_activity after update on public.leads
  for each row execute function private.lead_pipeline_activity('contact_lead');
drop trigger if exists pipeline_activity on public.whitepaper_submissions;
create trigger pipeline_activity after update on public.whitepaper_submissions
  for each row execute function private.lead_pipeline_activity('whitepaper_lead');

revoke execute on function private.lead_pipeline_stamp(), private.lead_spam_signals(),
  private.lead_pipeline_activity() from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.lead_pipeline_stamp(), private.lead_spam_signals(),
  private.lead_pipeline_activity() to anon, authenticated, service_role;
