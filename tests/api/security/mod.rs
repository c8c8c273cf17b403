//! The attack suite: what an attacker or a fault injector tries, as regression tests. Each module
//! is one line of attack (the numbered findings of the hardening issue among them); a case here
//! fails on code that lets the attack through.
mod abandoned_statements;
mod altcha_replay;
mod auth_accounts;
mod block_pages_abuse;
mod claims;
mod client_flood;
mod counts;
mod database_outage;
mod forged_tokens;
mod headers;
mod injection;
mod lead_notes;
mod link_checker_ssrf;
mod media_handlers;
mod nul_text;
mod open_redirects;
mod realtime;
mod request_size;
mod rest_settings;
mod rls_paths;
mod search_abuse;
mod secrets_in_bundle;
mod signed_urls;
mod staff_roles;
mod static_paths;
mod storage_roles;
mod storage_upload_early_errors;
mod unknown_paths;
mod whitepaper_leads;
