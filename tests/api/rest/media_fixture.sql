-- Media type handlers (PostgREST's "Media Type Handlers"), as a user of the feature writes
-- them: domains named after media types, functions returning one, aggregates over a table's
-- rows (or anyelement) returning one, an override of application/json for one table, and a
-- `*/*` handler. Loaded by tests/api/rest/media_handlers.rs and the security suite.

create domain "text/plain" as text;
create domain "text/html" as text;
create domain "text/xml" as xml;
create domain "image/png" as bytea;
create domain "application/vnd.dme.edi" as text;
create domain "text/tab-separated-values" as text;
create domain "application/json" as json;
create domain "*/*" as bytea;

create table public.mh_claims (
  id int primary key,
  patient text not null,
  hcpcs text not null,
  billed numeric(10, 2) not null,
  submitted boolean not null default true
);
insert into public.mh_claims values
  (1, 'R. Alvarez', 'E0601', 95.50, true),
  (2, 'J. Chen', 'E1390', 210.00, true),
  (3, 'M. Okafor', 'K0823', 4200.00, false);
alter table public.mh_claims enable row level security;
-- Visitors see submitted claims only: a handler reads what the caller may read, no more.
create policy "submitted claims" on public.mh_claims for select to anon using (submitted);
grant select on public.mh_claims to anon;

create table public.mh_payers (id int primary key, name text not null);
insert into public.mh_payers values (1, 'Medicare DME MAC Jurisdiction B');
alter table public.mh_payers enable row level security;
create policy "payers" on public.mh_payers for select to anon using (true);
grant select on public.mh_payers to anon;

-- Functions returning a media type: the value itself is the body.
create function public.mh_claim_status(id int) returns "text/plain"
  language sql stable as $$ select 'Claim ' || id || ': accepted by the payer' $$;
create function public.mh_status_page() returns "text/html"
  language sql stable as $$ select '<h1>Claims are flowing</h1>' $$;
create function public.mh_remittance() returns "text/xml"
  language sql stable as $$ select xmlelement(name remittance, xmlattributes(42 as claims)) $$;
create function public.mh_logo() returns "image/png"
  language sql stable as $$ select decode('89504e470d0a1a0a0000000d49484452', 'hex') $$;
create function public.mh_maybe_note(id int) returns "text/plain"
  language sql stable as $$ select 'note ' || id where id < 10 $$;
create function public.mh_statuses() returns setof "text/plain"
  language sql stable as $$ values ('accepted'), ('denied') $$;
create function public.mh_failing_status() returns "text/plain"
  language plpgsql stable as $$ begin raise sqlstate 'PT415' using message = 'Unsupported Media Type'; end $$;
create function public.mh_broken_status() returns "text/plain"
  language sql stable as $$ select (1 / 0)::text $$;

-- A table's own handler: an EDI-like line per claim.
create function public.mh_edi_line(state "application/vnd.dme.edi", next public.mh_claims)
  returns "application/vnd.dme.edi"
  language sql stable as $$
    select state || 'CLM*' || next.id || '*' || next.hcpcs || '*' || next.billed || '~' || E'\n' $$;
create aggregate public.mh_edi(public.mh_claims) (
  initcond = '', stype = "application/vnd.dme.edi", sfunc = public.mh_edi_line);

-- Any relation's rows as tab-separated values, with a header line.
create function public.mh_tsv_line(state "text/tab-separated-values", next anyelement)
  returns "text/tab-separated-values"
  language sql stable as $$
    select (case when state = '' then
              (select string_agg(key, E'\t') from json_each_text(row_to_json(next))) || E'\n'
            else state end)
           || (select string_agg(coalesce(value, ''), E'\t') from json_each_text(row_to_json(next)))
           || E'\n' $$;
create aggregate public.mh_tsv(anyelement) (
  initcond = '', stype = "text/tab-separated-values", sfunc = public.mh_tsv_line);

-- application/json overridden for one table.
create function public.mh_payers_json_step(state "application/json", next public.mh_payers)
  returns "application/json"
  language sql stable as $$
    select json_build_object('overridden', true, 'count', (state ->> 'count')::int + 1) $$;
create aggregate public.mh_payers_json(public.mh_payers) (
  initcond = '{"count": 0}', stype = "application/json", sfunc = public.mh_payers_json_step);

-- `*/*`: any media type the caller asks for; the function picks the Content-Type.
create function public.mh_any_format() returns "*/*"
  language plpgsql stable as $$
  declare accept text := current_setting('request.headers', true)::json ->> 'accept';
  begin
    if accept = 'text/x-claim' then
      perform set_config('response.headers', '[{"Content-Type": "text/x-claim"}]', true);
      return convert_to('CLM*1', 'utf8');
    end if;
    return convert_to('any', 'utf8');
  end $$;

grant execute on all functions in schema public to anon;
notify pgrst, 'reload schema';
