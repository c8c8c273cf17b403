//! What each staff role may do (the author, editor and owner columns of the matrix), with the
//! tokens GoTrue issues staff, on every CMS table, both buckets and the CMS functions; and that
//! only an active member with a live session counts.
mod content;
mod leads_and_activity;
mod revisions;
mod role_source;

use cb_tests::add_account;

use super::*;

/// The ids of posts published and due, which everyone reads.
const PUBLIC_POSTS: &str =
    "select id from blog_posts where published and (publish_at is null or publish_at <= now())";
