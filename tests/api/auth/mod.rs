//! /auth/v1: GoTrue's wire contract, flow by flow.
mod admin;
mod endpoints;
mod hook;
mod keys;
mod links;
mod mfa;
mod schema;
mod sessions;
mod support;
