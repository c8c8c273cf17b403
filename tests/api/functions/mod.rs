//! /functions/v1: simple-auth, antispam-check with ALTCHA and remote captcha providers, the lead
//! relay and its webhook outbox.
mod antispam;
mod lead_email;
mod lead_relay;
mod outbox_schedule;
mod queue;
mod relay_crash;
mod router;
mod sign_in_audit;
mod simple_auth;
mod staff_invite;
pub(crate) mod support;
mod verify_jwt;
