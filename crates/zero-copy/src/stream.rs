//! The server's socket: writes as a `TcpStream` does, except that bytes of a [`crate::Pack`] go
//! out with `sendfile` from the pack's file.
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll, ready};

use rustix::net::{SendAncillaryBuffer, SendFlags};
use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};
use tokio::net::TcpStream;

use crate::pack::{self, Mapped};

/// Bytes sent with `sendfile` since the process started.
static SENT_FROM_FILES: AtomicU64 = AtomicU64::new(0);

/// Bytes of packed bodies sent with `sendfile` so far (the metrics endpoint shows it).
pub fn bytes_sent_from_files() -> u64 {
    SENT_FROM_FILES.load(Ordering::Relaxed)
}

/// A TCP connection that sends packed bodies with `sendfile`.
#[derive(Debug)]
pub struct ZeroCopyStream {
    inner: TcpStream,
}

impl ZeroCopyStream {
    pub fn new(inner: TcpStream) -> Self {
        Self { inner }
    }

    /// Runs a non-blocking send once the socket is writable, again after a spurious wake-up.
    fn poll_send(
        &self,
        cx: &mut Context<'_>,
        mut send: impl FnMut(&TcpStream) -> io::Result<usize>,
    ) -> Poll<io::Result<usize>> {
        loop {
            ready!(self.inner.poll_write_ready(cx))?;
            match self.inner.try_io(Interest::WRITABLE, || send(&self.inner)) {
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
                sent => return Poll::Ready(sent),
            }
        }
    }

    /// Sends `len` bytes of a pack's file from `offset`.
    fn poll_sendfile(
        &self,
        cx: &mut Context<'_>,
        (mapped, offset): (Arc<Mapped>, u64),
        len: usize,
    ) -> Poll<io::Result<usize>> {
        self.poll_send(cx, |socket| {
            let mut at = offset;
            let sent = rustix::fs::sendfile(socket, mapped.fd(), Some(&mut at), len)?;
            SENT_FROM_FILES.fetch_add(sent as u64, Ordering::Relaxed);
            Ok(sent)
        })
    }
}

impl AsyncRead for ZeroCopyStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for ZeroCopyStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match pack::find(buf) {
            Some(packed) => this.poll_sendfile(cx, packed, buf.len()),
            None => Pin::new(&mut this.inner).poll_write(cx, buf),
        }
    }

    /// Plain buffers before the first packed one go in one `sendmsg` with `MSG_MORE` (the
    /// response's head waits for its body instead of leaving in a segment of its own); a packed
    /// buffer first goes out alone with `sendfile`. hyper writes again for the rest.
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let Some((first_packed, packed)) = bufs
            .iter()
            .enumerate()
            .find_map(|(index, buf)| Some((index, pack::find(buf)?)))
        else {
            return Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        };
        let plain = &bufs[..first_packed];
        if plain.iter().all(|buf| buf.is_empty()) {
            return this.poll_sendfile(cx, packed, bufs[first_packed].len());
        }
        this.poll_send(cx, |socket| {
            Ok(rustix::net::sendmsg(
                socket,
                plain,
                &mut SendAncillaryBuffer::default(),
                SendFlags::MORE | SendFlags::NOSIGNAL,
            )?)
        })
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    use tokio::net::TcpListener;

    use super::*;
    use crate::Pack;

    /// A connected pair: the server's end wrapped, the client's end plain.
    async fn pair() -> (ZeroCopyStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap());
        let (client, accepted) = tokio::join!(client, listener.accept());
        (ZeroCopyStream::new(accepted.unwrap().0), client.unwrap())
    }

    /// Writes `bufs` as hyper does: vectored, again from where each write stopped.
    async fn write_all_vectored(stream: &mut ZeroCopyStream, bufs: &[&[u8]]) {
        let mut bufs: Vec<&[u8]> = bufs.to_vec();
        while bufs.iter().any(|buf| !buf.is_empty()) {
            let slices: Vec<IoSlice<'_>> = bufs.iter().map(|buf| IoSlice::new(buf)).collect();
            let mut written = stream.write_vectored(&slices).await.unwrap();
            assert!(written > 0);
            for buf in &mut bufs {
                let taken = written.min(buf.len());
                *buf = &buf[taken..];
                written -= taken;
            }
        }
        stream.flush().await.unwrap();
    }

    #[tokio::test]
    async fn a_head_and_a_packed_body_arrive_whole_and_in_order() {
        let body: Vec<u8> = (0..100_000u32).map(|i| (i % 253) as u8).collect();
        // The second body starts on the page after the first ends, past a gap of zeros.
        let gzip: Vec<u8> = (0..30_000u32).map(|i| (i % 251 + 1) as u8).collect();
        let packed = Pack::of([body.clone(), gzip.clone()]);
        let (mut server, mut client) = pair().await;
        let head = b"HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n";
        let tail = b"after";
        let writer = tokio::spawn(async move {
            write_all_vectored(&mut server, &[head, &packed[0], tail]).await;
            write_all_vectored(&mut server, &[&packed[0][10..20]]).await;
            write_all_vectored(&mut server, &[head, &packed[1]]).await;
        });
        let before = bytes_sent_from_files();
        let mut received = Vec::new();
        client.read_to_end(&mut received).await.unwrap();
        writer.await.unwrap();
        assert!(
            bytes_sent_from_files() - before >= 130_010,
            "the bodies went by sendfile"
        );
        let mut expected = head.to_vec();
        expected.extend_from_slice(&body);
        expected.extend_from_slice(tail);
        expected.extend_from_slice(&body[10..20]);
        expected.extend_from_slice(head);
        expected.extend_from_slice(&gzip);
        assert_eq!(received.len(), expected.len());
        assert!(received == expected, "the bytes differ");
    }

    #[tokio::test]
    async fn a_large_body_to_a_slow_reader_is_sent_in_parts_without_loss() {
        let body: Vec<u8> = (0..6_000_000u32).map(|i| (i % 241) as u8).collect();
        let [packed] = Pack::of([body.clone()]);
        let (mut server, mut client) = pair().await;
        let before = bytes_sent_from_files();
        let writer = tokio::spawn(async move {
            let mut rest = &packed[..];
            let mut writes = 0;
            while !rest.is_empty() {
                let written = server.write(rest).await.unwrap();
                rest = &rest[written..];
                writes += 1;
            }
            server.shutdown().await.unwrap();
            writes
        });
        let mut received = Vec::new();
        let mut chunk = vec![0u8; 64 * 1024];
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            let read = client.read(&mut chunk).await.unwrap();
            if read == 0 {
                break;
            }
            received.extend_from_slice(&chunk[..read]);
        }
        let writes = writer.await.unwrap();
        assert!(
            writes > 1,
            "the socket's buffer should not hold 6 MB at once"
        );
        assert!(
            bytes_sent_from_files() - before >= 6_000_000,
            "the body went by sendfile"
        );
        assert!(received == body, "the bytes differ");
    }

    #[tokio::test]
    async fn a_closed_peer_is_an_error_not_a_signal() {
        let [packed] = Pack::of([vec![1u8; 4_000_000]]);
        let (mut server, client) = pair().await;
        drop(client);
        let mut failed = false;
        for _ in 0..50 {
            if server.write(&packed).await.is_err() {
                failed = true;
                break;
            }
        }
        assert!(failed, "writing to a closed peer fails");
    }
}
