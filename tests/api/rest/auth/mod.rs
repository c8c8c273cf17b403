//! Roles from the JWT: PGRST301/303 with PostgREST's texts and `WWW-Authenticate`, unknown
//! roles, 42501 as 401 for anon and 403 otherwise, and the request facts RLS policies read.
mod login;
mod roles;

use cb_tests::{DEMO_JWT_SECRET, admin_jwt, mint_jwt, spawn_app, spawn_app_with};
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{Value, json};

use super::{Reply, delete, get, patch, post};
