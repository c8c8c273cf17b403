//! POST/PATCH/PUT/DELETE: inserts (single, bulk with `columns=`, `missing=default`), the
//! `return=` modes, `Location`, upserts (201 vs 200), updates, deletes, PUT, `tx=rollback`,
//! `max-affected`, and the constraint errors.
mod changes;
mod inserts;

use cb_tests::{DEMO_SERVICE_ROLE_KEY, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{Call, delete, expect_errors, expect_text_ranges, fixture_app, get, patch, post};
