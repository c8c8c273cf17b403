//! `/functions/v1`: native handlers for the website's Edge Functions, in the wire format
//! functions-js expects (JSON bodies with a JSON Content-Type, non-2xx for errors):
//! `simple-auth` (admin passcode login and token check), `antispam-check` (captcha and rate
//! limits), `captcha-challenge` (self-hosted ALTCHA challenges) and `lead-relay` (stores every
//! lead, then delivers it to the configured webhooks from an outbox). Everything shared between
//! requests lives in PostgreSQL, so any number of instances can serve.
//!
//! The map: `state` holds what every function can reach; `registry` dispatches a request by
//! name to one of the `handlers` (one file a function), which receive an `invocation`;
//! `outbox` and `lead_email` are the workers that deliver leads after the answer.
mod captcha;
mod clock;
mod error;
mod handlers;
mod invocation;
mod lead;
pub mod lead_email;
mod outbox;
mod passcode;
mod rate_limit;
mod registry;
mod settings;
mod state;

pub use captcha::{Altcha, Captcha, CaptchaError, CaptchaProvider, CaptchaSettings, solve_altcha};
pub use cb_gateway::TrustedProxies;
pub use error::FunctionError;
pub use lead::{REQUIRED_FIELDS, is_valid_email};
pub use lead_email::{LeadEmailHandle, LeadEmailSettings};
pub use outbox::{OutboxHandle, signature};
pub use rate_limit::RateLimit;
pub use registry::{declared_verify_jwt, function_names, router};
pub use settings::{Settings, VerifyJwt, WebhookSettings, derive_key};
pub use state::FunctionsState;
