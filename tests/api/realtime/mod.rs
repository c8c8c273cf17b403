//! /realtime/v1: the Postgres Changes feed (driven directly), and the socket.
mod changes;
pub(crate) mod client;
mod from_database;
