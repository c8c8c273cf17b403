-- Notes on a lead as a dated thread (issue 35), instead of the one internal_note box each save
-- overwrote: public.lead_notes, one row per note, on a contact inquiry (public.leads) or a
-- whitepaper submission (public.whitepaper_submissions), with who wrote it and when.
--
-- Who may do what follows the leads (20261205000300): editors read the notes as they read leads;
-- owners (the passcode among them), who work the pipeline, add notes. Nobody changes or deletes a
-- note through the API (a thread keeps what was said); deleting the lead deletes its notes. anon
-- and non-staff get nothing.
--
-- A note is written in its writer's name: the API roles may insert only the lead and the text
-- (column grants), and a trigger sets author_id, author_name and created_at from the request, so
-- neither the author nor the time can be forged. author_name is copied when the note is written
-- (as the activity log copies actor names), so the thread still reads right after a person
-- renames themselves or their account is deleted; 'Passcode' for the passcode's token.
--
-- What internal_note held so far becomes each lead's first note, with no author ("Earlier
-- note" in the admin app), so nothing stored is lost; the column stays, and the app stops
-- writing it. Each added note is recorded in the activity log (lead_note).

create table if not exists public.lead_notes (
  id                       uuid primary key default gen_random_uuid(),
  lead_id                  uuid references public.leads (id) on delete cascade,
  whitepaper_submission_id uuid references public.whitepaper_submissions (id) on delete cascade,
  body                     text not null check (length(body) between 1 and 5000),
  -- The staff member who wrote it (null: the passcode, an earlier note, or a deleted account).
  author_id                uuid references auth.users (id) on delete set null,
  -- Their display name when they wrote it (null: an earlier note carried over from internal_note).
  author_name              text check (length(author_name) <= 200),
  created_at               timestamptz not null default now(),
  constraint lead_notes_one_lead check (num_nonnulls(lead_id, whitepaper_submission_id) = 1)
);
create index if not exists lead_notes_lead on public.lead_notes (lead_id, created_at) where lead_id is not null;
create index if not exists lead_notes_whitepaper_submission
  on public.lead_notes (whitepaper_submission_id, created_at) where whitepaper_submission_id is not null;
create index if not exists lead_notes_author on public.lead_notes (author_id) where author_id is not null;

alter table public.lead_notes enable row level security;
revoke all on public.lead_notes from public, anon, authenticated;
grant select on public.lead_notes to authenticated;
grant insert (lead_id, whitepaper_submission_id, body) on public.lead_notes to authenticated;
grant all on public.lead_notes to service_role;

drop policy if exists "editors read lead notes" on public.lead_notes;
create policy "editors read lead notes" on public.lead_notes
  for select to authenticated using ((select private.is_editor()));
drop policy if exists "owners add lead notes" on public.lead_notes;
create policy "owners add lead notes" on public.lead_notes
  for insert to authenticated with check ((select private.is_owner()));

-- The text trimmed and checked with clear messages (the check constraint holds for every writer);
-- a staff member's note stamped with who and when. Security definer: reads auth.users for the
-- display name. service_role and the database owner write what they give.
create or replace function private.lead_note_stamp() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.body := btrim(new.body, E' \t\r\n');
  if new.body = '' then
    raise exception using errcode = '23514', message = 'A note needs some text';
  end if;
  if length(new.body) > 5000 then
    raise exception using errcode = '23514',
      message = format('The note is %s characters long; at most 5000 are kept', length(new.body)),
      hint = 'Shorten the note, or split it in two';
  end if;
  if private.staff_role() is not null then
    new.author_id := case when not private.is_admin() then private.request_user_id() end;
    new.author_name := case when private.is_admin() then 'Passcode' else private.user_display_name(new.author_id) end;
    new.created_at := now();
  end if;
  return new;
end
$$;

-- Activity: one lead_note entry per note added through the API, naming the lead as the
-- pipeline's entries do (its email).
create or replace function private.lead_note_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  entity text := case when new.lead_id is not null then 'contact_lead' else 'whitepaper_lead' end;
  lead uuid := coalesce(new.lead_id, new.whitepaper_submission_id);
  who text;
begin
  if not private.in_request() then
    return null;
  end if;
  who := coalesce((select nullif(l.email, '') from public.leads l where l.id = new.lead_id),
                  (select nullif(w.email, '') from public.whitepaper_submissions w where w.id = new.whitepaper_submission_id),
                  lead::text);
  perform private.record_activity('lead_note', entity, lead::text, format('%s: note added', who),
    jsonb_build_object('note', new.id, 'characters', length(new.body)));
  return null;
end
$$;

drop trigger if exists stamp on public.lead_notes;
create trigger stamp before insert on public.lead_notes
  for each row execute function private.lead_note_stamp();
drop trigger if exists activity on public.lead_notes;
create trigger activity after insert on public.lead_notes
  for each row execute function private.lead_note_activity();

revoke execute on function private.lead_note_stamp(), private.lead_note_activity() from public;
-- Trigger functions run as triggers only; the API roles fire them.
grant execute on function private.lead_note_stamp(), private.lead_note_activity()
  to anon, authenticated, service_role;

-- The earlier notes: each non-empty internal_note as its lead's first note, dated when the lead
-- last changed (when the note was last saved, or later). Runs once per lead (a re-run finds it).
insert into public.lead_notes (lead_id, body, created_at)
select l.id, btrim(l.internal_note, E' \t\r\n'), l.updated_at
  from public.leads l
 where btrim(l.internal_note, E' \t\r\n') <> ''
   and not exists (select 1 from public.lead_notes n where n.lead_id = l.id and n.author_name is null);
insert into public.lead_notes (whitepaper_submission_id, body, created_at)
select w.id, btrim(w.internal_note, E' \t\r\n'), w.updated_at
  from public.whitepaper_submissions w
 where btrim(w.internal_note, E' \t\r\n') <> ''
   and not exists (select 1 from public.lead_notes n where n.whitepaper_submission_id = w.id and n.author_name is null);
