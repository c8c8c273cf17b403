-- The media library names an image by the file it was uploaded from ("denial-trend.png"), not
-- by its storage name (a random UUID plus the extension, so uploads never collide or overwrite).
-- The admin app stores the name with the image's row at upload; images uploaded through the
-- library before this take theirs from the activity log, which kept each upload's file name.
-- Nothing is removed or renamed: storage names and every URL stay as they are.

alter table public.media_assets
  add column if not exists original_name text check (length(original_name) between 1 and 255);

comment on column public.media_assets.original_name is
  'The name of the file the image was uploaded from, as the library shows it (null: not known).';

insert into public.media_assets (object_name, original_name)
select distinct on (a.entity_id) a.entity_id, left(a.details ->> 'original_name', 255)
  from public.admin_activity a
  join storage.objects o on o.bucket_id = 'blog-images' and o.name = a.entity_id
 where a.action = 'media_upload' and a.entity = 'media' and coalesce(a.details ->> 'original_name', '') <> ''
 order by a.entity_id, a.id desc
on conflict (object_name) do update set original_name = excluded.original_name
 where public.media_assets.original_name is null;
