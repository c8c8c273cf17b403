//! One function per file; each defines the `FUNCTION` the registry lists.
pub(crate) mod antispam_check;
pub(crate) mod captcha_challenge;
pub(crate) mod lead_relay;
pub(crate) mod simple_auth;
pub(crate) mod staff_invite;
