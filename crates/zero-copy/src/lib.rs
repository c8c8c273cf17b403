//! Bodies the server sends many times (rendered pages, the build's files) without copying them
//! into each socket.
//!
//! Sending a cached 37 kB page with `write` has the kernel copy it into the socket for every
//! request: over half of the server's CPU in the site benchmark (tests/bench/site). nginx sends
//! its files with `sendfile`, which hands the socket the page cache's pages instead. A [`Pack`]
//! puts bodies in a sealed memory file (`memfd_create`, no writes after sealing) mapped read-only,
//! and returns them as [`bytes::Bytes`] that point into the mapping; [`ZeroCopyStream`], the
//! server's socket, recognises such bytes in what hyper writes and sends them from the file with
//! `sendfile`. Everything else is written as before.
//!
//! The bytes a response holds and the file's bytes are the same by construction (the file is
//! sealed before it is mapped), so whichever way a body leaves, the peer gets the same bytes;
//! anything that reads the body (compression, TLS, HTTP/2 framing) reads the mapping.
mod pack;
mod stream;

pub use pack::{Pack, raise_open_file_limit};
pub use stream::{ZeroCopyStream, bytes_sent_from_files};
