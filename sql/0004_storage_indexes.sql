-- Indexes for the Storage API's listings: a name-prefix range within one bucket, compared as
-- bytes (list v2, collate "C") and case-insensitively (list v1 searches lower(name)).
create index if not exists objects_bucket_name_c
  on storage.objects (bucket_id, name collate "C");
create index if not exists objects_bucket_lower_name_c
  on storage.objects (bucket_id, (lower(name)) collate "C");
