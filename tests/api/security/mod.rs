//! The attack suite: what an attacker or a fault injector tries, as regression tests. Each module
//! is one line of attack (the numbered findings of the hardening issue among them); a case here
//! fails on code that lets the attack through.
mod storage_upload_early_errors;
