//! /auth/v1: the GoTrue subset supabase-js touches.
mod endpoints;
mod keys;
