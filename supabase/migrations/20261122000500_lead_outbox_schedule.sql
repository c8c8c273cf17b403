-- The lead webhook outbox on hosted Supabase. The ClaimBridge server delivers due webhooks with its
-- own worker; hosted Supabase has no long-running process, so there the `lead-outbox` function is
-- called every minute by pg_cron through pg_net. Where those extensions are not available (the
-- embedded cluster of `make run`), nothing is scheduled and the server's worker does the job.
--
-- The job reads the project URL and the service_role key from Supabase Vault, so no secret lives in
-- a migration:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'claimbridge_project_url');
--   select vault.create_secret('<service_role key>', 'claimbridge_service_role_key');
-- Until both exist the job does nothing and says so in its run log.

-- One call of lead-outbox; the request id of pg_net, or null when the secrets are not set yet.
-- Table and function names are resolved when it runs, so it can be created without pg_net or Vault.
create or replace function private.request_lead_outbox_run() returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  select max(decrypted_secret) filter (where name = 'claimbridge_project_url'),
         max(decrypted_secret) filter (where name = 'claimbridge_service_role_key')
    into project_url, service_key
    from vault.decrypted_secrets
   where name in ('claimbridge_project_url', 'claimbridge_service_role_key');
  if project_url is null or service_key is null then
    raise notice 'lead-outbox not called: set the Vault secrets claimbridge_project_url and claimbridge_service_role_key';
    return null;
  end if;
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/lead-outbox',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_key,
      'apikey', service_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000);
end
$$;
revoke all on function private.request_lead_outbox_run() from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
    create extension if not exists pg_cron;
    -- cron.schedule replaces a job of the same name, so re-running this is safe.
    perform cron.schedule('claimbridge-lead-outbox', '* * * * *', 'select private.request_lead_outbox_run()');
  end if;
end
$$;
