-- Fixtures for PostgREST features beyond what postgrest-js exercises, written as a user of each
-- feature would: an extension type with its own operators, full-text search on (nested)
-- tsvector domains, computed relationships of every shape PostgREST documents, and aggregates
-- inside spread embeds. Loaded by tests/api/rest/{extension_types,embed_computed,
-- spread_aggregates}.rs into the test's own database.

create extension if not exists ltree with schema extensions;

-- An extension type: product categories as a label tree (ltree ~ lquery, ltree <@ ltree).
create table public.dp_categories (
  path extensions.ltree primary key,
  title text not null
);
insert into public.dp_categories values
  ('Equipment', 'Equipment'),
  ('Equipment.Respiratory', 'Respiratory'),
  ('Equipment.Respiratory.CPAP', 'CPAP machines'),
  ('Equipment.Respiratory.Oxygen', 'Oxygen concentrators'),
  ('Equipment.Mobility', 'Mobility'),
  ('Equipment.Mobility.Wheelchairs', 'Wheelchairs'),
  ('Equipment.Mobility.Wheelchairs.Power', 'Power wheelchairs'),
  ('Supplies.Diabetic.Strips', 'Test strips');
create function public.dp_depth(public.dp_categories) returns integer
  language sql stable as $$ select extensions.nlevel($1.path) $$;

-- Full-text search on a tsvector domain and on a domain over that domain.
create domain public.dp_search as tsvector
  constraint "a search vector is required" check (value is not null);
create domain public.dp_search_filled as public.dp_search
  constraint "a search vector is required and not empty" check (value <> '');
create table public.dp_notes (
  id int primary key,
  body text not null,
  search public.dp_search not null,
  search_filled public.dp_search_filled not null
);
insert into public.dp_notes values
  (1, 'Prior authorization approved for the oxygen concentrator',
   to_tsvector('simple', 'Prior authorization approved for the oxygen concentrator'),
   to_tsvector('simple', 'Prior authorization approved for the oxygen concentrator')),
  (2, 'Claim denied: missing certificate of medical necessity',
   to_tsvector('simple', 'Claim denied: missing certificate of medical necessity'),
   to_tsvector('simple', 'Claim denied: missing certificate of medical necessity'));

-- Computed relationships: to-one without SETOF, to-one with ROWS 1, to-many, self joins,
-- a function named unlike the table it returns (nested embeds must join on its alias), one
-- after a normal embed, and overloads on two tables.
create table public.dp_payers (id int primary key, name text not null);
create table public.dp_claims (
  id int primary key,
  name text not null,
  payer_id int not null references public.dp_payers
);
insert into public.dp_payers values (1, 'Medicare DME MAC Jurisdiction B'), (2, 'Blue Cross Blue Shield');
insert into public.dp_claims values
  (1, 'CPAP rental month 1', 1), (2, 'CPAP rental month 2', 1),
  (3, 'Power wheelchair purchase', 2), (4, 'Oxygen concentrator rental', 2);
create function public.dp_claim_payer(public.dp_claims) returns public.dp_payers
  language sql stable as $$ select * from public.dp_payers where id = $1.payer_id $$;
create function public.dp_claim_payer_rows(public.dp_claims) returns setof public.dp_payers rows 1
  language sql stable as $$ select * from public.dp_payers where id = $1.payer_id $$;
create function public.dp_payer_claims(public.dp_payers) returns setof public.dp_claims
  language sql stable as $$ select * from public.dp_claims where payer_id = $1.id order by id $$;

create table public.dp_pages (id int primary key, name text not null, parent_id int references public.dp_pages);
insert into public.dp_pages values
  (1, 'Home', null), (2, 'Services', 1), (3, 'Billing', 2), (4, 'Audits', 2), (5, 'About', 1);
create function public.dp_child_pages(public.dp_pages) returns setof public.dp_pages
  language sql stable as $$ select * from public.dp_pages where parent_id = $1.id order by id $$;
create function public.dp_parent_page(public.dp_pages) returns setof public.dp_pages rows 1
  language sql stable as $$ select * from public.dp_pages where id = $1.parent_id $$;

create table public.dp_patients (patient_id int primary key, name text not null);
create table public.dp_orders (order_id int primary key, item text not null);
create table public.dp_order_notes (
  note_id int primary key,
  order_id int not null references public.dp_orders,
  note text not null
);
create table public.dp_deliveries (
  delivery_id int primary key,
  patient_id int not null references public.dp_patients,
  order_id int not null references public.dp_orders
);
insert into public.dp_patients values (1, 'R. Alvarez'), (2, 'J. Chen');
insert into public.dp_orders values (10, 'Hospital bed'), (11, 'Nebulizer');
insert into public.dp_order_notes values (100, 10, 'Delivered and set up'), (101, 11, 'Awaiting CMN');
insert into public.dp_deliveries values (1000, 1, 10), (1001, 2, 11);
create function public.dp_patient_orders(public.dp_patients) returns setof public.dp_orders
  language sql stable as $$
    select o.* from public.dp_orders o
    join public.dp_deliveries d on d.order_id = o.order_id
    where d.patient_id = $1.patient_id order by o.order_id $$;

create table public.dp_branches (id int primary key, name text not null);
create table public.dp_suppliers (
  id int primary key,
  name text not null,
  branch_id int not null references public.dp_branches
);
insert into public.dp_branches values (1, 'North'), (2, 'South');
insert into public.dp_suppliers values (1, 'Acme Medical', 1), (2, 'Beacon Home Health', 1), (3, 'Cedar DME', 2);
create function public.dp_branch_suppliers(public.dp_branches) returns setof public.dp_suppliers rows 1
  language sql stable as $$ select * from public.dp_suppliers where branch_id = $1.id order by id limit 1 $$;
create function public.dp_supplier_branch(public.dp_suppliers) returns setof public.dp_branches rows 1
  language sql stable as $$ select * from public.dp_branches where id = $1.branch_id $$;

create table public.dp_items (id int primary key);
create table public.dp_items_more (id int primary key);
insert into public.dp_items values (1), (2);
insert into public.dp_items_more values (1), (2), (3);
create function public.dp_overload(public.dp_items) returns setof public.dp_items_more
  language sql stable as $$ select * from public.dp_items_more order by id limit 1 $$;
create function public.dp_overload(public.dp_items_more) returns setof public.dp_items_more
  language sql stable as $$ select * from public.dp_items_more order by id limit 2 $$;

-- Aggregates inside spread embeds: orders with a category, a branch and a cost (one-to-one),
-- reviewed by staff through a junction.
create table public.dp_order_categories (id int primary key, name text not null);
create table public.dp_rental_orders (
  id int primary key,
  branch_id int not null references public.dp_branches,
  category_id int not null references public.dp_order_categories
);
create table public.dp_order_costs (
  order_id int primary key references public.dp_rental_orders,
  cost numeric not null
);
create table public.dp_reviewers (id int primary key, name text not null);
create table public.dp_order_reviewers (
  order_id int references public.dp_rental_orders,
  reviewer_id int references public.dp_reviewers,
  primary key (order_id, reviewer_id)
);
insert into public.dp_order_categories values (1, 'Purchase'), (2, 'Rental');
insert into public.dp_rental_orders values (1, 1, 2), (2, 1, 2), (3, 2, 1), (4, 2, 2), (5, 1, 1);
insert into public.dp_order_costs values (1, 120.00), (2, 80.50), (3, 1500.00), (4, 95.25), (5, 300.00);
insert into public.dp_reviewers values (1, 'Dana'), (2, 'Eli'), (3, 'Fern');
insert into public.dp_order_reviewers values (1, 1), (2, 1), (3, 1), (3, 2), (4, 2), (5, 2);

-- Domain representations: a brand color stored as an integer, shown, filtered and written as
-- "#RRGGBB" through implicit casts on the domain.
create domain public.dp_color as integer check (value between 0 and 16777215);
create function public.dp_color_json(public.dp_color) returns json
  language sql immutable as $$ select to_json('#' || lpad(upper(to_hex($1)), 6, '0')) $$;
create cast (public.dp_color as json) with function public.dp_color_json(public.dp_color) as implicit;
create function public.dp_color_parse(text) returns public.dp_color
  language sql immutable as $$ select (('x' || lpad(ltrim($1, '#'), 8, '0'))::bit(32)::int)::public.dp_color $$;
create cast (text as public.dp_color) with function public.dp_color_parse(text) as implicit;
create function public.dp_color_from_json(json) returns public.dp_color
  language sql immutable as $$ select public.dp_color_parse($1 #>> '{}') $$;
create cast (json as public.dp_color) with function public.dp_color_from_json(json) as implicit;
create table public.dp_palettes (id int primary key, name text not null);
create table public.dp_brand_colors (
  id int generated by default as identity primary key,
  palette_id int references public.dp_palettes,
  name text not null,
  color public.dp_color not null
);
insert into public.dp_palettes values (1, 'Website');
insert into public.dp_brand_colors (id, palette_id, name, color) overriding system value values
  (1, 1, 'Claim green', 65280), (2, 1, 'Denial red', 16711680), (3, null, 'Navy', 128);
select setval(pg_get_serial_sequence('public.dp_brand_colors', 'id'), 3);
grant select, insert, update on public.dp_brand_colors to anon;
grant select on public.dp_palettes to anon;

grant usage on schema extensions to anon;
grant select on public.dp_categories, public.dp_notes, public.dp_payers, public.dp_claims,
  public.dp_pages, public.dp_patients, public.dp_orders, public.dp_order_notes,
  public.dp_deliveries, public.dp_branches, public.dp_suppliers, public.dp_items,
  public.dp_items_more, public.dp_order_categories, public.dp_rental_orders,
  public.dp_order_costs, public.dp_reviewers, public.dp_order_reviewers to anon;

notify pgrst, 'reload schema';
