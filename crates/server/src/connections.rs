//! The accept loop: every connection served by hyper (HTTP/1.1, HTTP/2 by prior knowledge, and
//! upgrades for the realtime socket), with a graceful stop, as `axum::serve` does it, but with
//! each request handed to the service the moment hyper has read it.
//!
//! axum::serve wraps the service in hyper-util's `TowerToHyperService`, whose future holds the
//! request until hyper first polls it. hyper polls it only after a read that checks the
//! connection for an early close, so the request's header bytes still shared hyper's read
//! buffer at that read: hyper allocated a new buffer for every request and the request freed
//! the old one (about 4% of the server's CPU on a kept page, tests/bench/site). Called at once,
//! a service that answers without waiting (a kept page, `Front`) has dropped the request by
//! then, and the buffer is reused.
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::response::Response;
use axum::serve::Listener;
use futures_util::FutureExt as _;
use futures_util::future::Either;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use tokio::sync::watch;
use tower::util::Oneshot;
use tower::{Service, ServiceExt as _};

/// Serves `service` on every connection `listener` accepts until `shutdown` completes, then
/// stops accepting and waits for the connections to finish the requests they have.
pub(crate) async fn serve<L, S>(
    mut listener: L,
    service: S,
    shutdown: impl Future<Output = ()> + Send + 'static,
) where
    L: Listener<Addr = SocketAddr>,
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    // Closed (its receiver dropped) when shutdown starts; each connection watches it.
    let (signal_tx, signal_rx) = watch::channel(());
    tokio::spawn(async move {
        shutdown.await;
        drop(signal_rx);
    });
    // Each connection holds a receiver: all are gone when the last connection ends.
    let (close_tx, close_rx) = watch::channel(());
    loop {
        let (io, peer) = tokio::select! {
            connection = listener.accept() => connection,
            () = signal_tx.closed() => break,
        };
        let service = AtOnce {
            service: service.clone(),
            peer,
        };
        let signal_tx = signal_tx.clone();
        let close_rx = close_rx.clone();
        tokio::spawn(async move {
            let builder = auto::Builder::new(TokioExecutor::new());
            let mut connection =
                pin!(builder.serve_connection_with_upgrades(TokioIo::new(io), service));
            let mut shutting_down = pin!(signal_tx.closed().fuse());
            loop {
                tokio::select! {
                    result = connection.as_mut() => {
                        if let Err(err) = result {
                            tracing::trace!(%err, "connection ended with an error");
                        }
                        break;
                    }
                    () = &mut shutting_down => connection.as_mut().graceful_shutdown(),
                }
            }
            drop(close_rx);
        });
    }
    drop(close_rx);
    drop(listener);
    close_tx.closed().await;
}

/// A connection's service for hyper: `service` with the peer's address on every request (the
/// functions' and auth's rate limits key on it), called as soon as hyper hands the request over.
#[derive(Debug, Clone)]
struct AtOnce<S> {
    service: S,
    peer: SocketAddr,
}

impl<S> hyper::service::Service<hyper::Request<Incoming>> for AtOnce<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, Oneshot<S, Request>>;

    fn call(&self, request: hyper::Request<Incoming>) -> Self::Future {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(self.peer));
        let mut service = self.service.clone();
        // The server's services are always ready; one that is not is called when it is.
        match service.poll_ready(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(Ok(())) => Either::Left(service.call(request)),
            Poll::Pending => Either::Right(service.oneshot(request)),
        }
    }
}

/// Gives each accepted connection the socket that sends cached bodies with sendfile
/// (crates/zero-copy).
#[derive(Debug)]
pub(crate) struct ZeroCopy<L>(pub(crate) L);

impl<L> Listener for ZeroCopy<L>
where
    L: Listener<Io = tokio::net::TcpStream>,
{
    type Io = cb_zero_copy::ZeroCopyStream;
    type Addr = L::Addr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, address) = self.0.accept().await;
        (cb_zero_copy::ZeroCopyStream::new(io), address)
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.0.local_addr()
    }
}
