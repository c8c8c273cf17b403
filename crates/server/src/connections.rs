//! The accept loop: every connection served by hyper (HTTP/1.1, HTTP/2 by prior knowledge, and
//! upgrades for the realtime socket) on one of the connection threads (crate::runtimes), with a
//! graceful stop, as `axum::serve` does it, but with each request handed to the service the
//! moment hyper has read it.
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
use tokio::net::TcpStream;
use tokio::sync::watch;
use tower::util::Oneshot;
use tower::{Service, ServiceExt as _};

use crate::runtimes::ConnectionThreads;

/// Serves `service` on every connection `listener` accepts, on `threads` in turn or else on this
/// runtime, until `shutdown` completes, then stops accepting and waits for the connections to
/// finish the requests they have.
pub(crate) async fn serve<L, S>(
    mut listener: L,
    service: S,
    shutdown: impl Future<Output = ()> + Send + 'static,
    threads: Option<&ConnectionThreads>,
) where
    L: Listener<Io = TcpStream, Addr = SocketAddr>,
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
        let connection = Connection {
            service: AtOnce {
                service: service.clone(),
                peer,
            },
            stopping: signal_tx.clone(),
            _open: close_rx.clone(),
        };
        let Some(threads) = threads else {
            tokio::spawn(connection.serve(io));
            continue;
        };
        // The socket moves to the reactor of the thread that serves it.
        match io.into_std() {
            Ok(socket) => threads.spawn(async move {
                match TcpStream::from_std(socket) {
                    Ok(io) => connection.serve(io).await,
                    Err(err) => tracing::warn!(%err, "a connection could not be handed over"),
                }
            }),
            Err(err) => tracing::warn!(%err, "a connection could not be handed over"),
        }
    }
    drop(close_rx);
    drop(listener);
    close_tx.closed().await;
}

/// One accepted connection, before it is served.
struct Connection<S> {
    service: AtOnce<S>,
    /// Closed when shutdown starts.
    stopping: watch::Sender<()>,
    /// Held while the connection is open.
    _open: watch::Receiver<()>,
}

impl<S> Connection<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    /// Serves the connection's requests until it closes, or until shutdown lets the ones it
    /// has finish. Cached bodies go out with sendfile (crates/zero-copy).
    async fn serve(self, io: TcpStream) {
        let builder = auto::Builder::new(TokioExecutor::new());
        let io = TokioIo::new(cb_zero_copy::ZeroCopyStream::new(io));
        let mut connection = pin!(builder.serve_connection_with_upgrades(io, self.service));
        let mut shutting_down = pin!(self.stopping.closed().fuse());
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
    }
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    use tokio::net::TcpListener;

    use super::*;

    /// Answers with the name of the thread that served the request, after `?wait` ms if asked.
    async fn thread_name(request: Request) -> Result<Response, Infallible> {
        if request.uri().query() == Some("wait") {
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        let name = std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string();
        Ok(Response::new(Body::from(name)))
    }

    /// One request on a connection of its own; the response's body.
    async fn get(address: SocketAddr, path: &str) -> String {
        let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).await.unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        response.split("\r\n\r\n").nth(1).unwrap().to_string()
    }

    #[tokio::test]
    async fn connections_are_served_on_the_threads_in_turn_and_finish_at_shutdown() {
        let threads = ConnectionThreads::start(2).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            let shutdown = async {
                let _ = stopped.await;
            };
            serve(
                listener,
                tower::service_fn(thread_name),
                shutdown,
                threads.as_ref(),
            )
            .await;
        });

        let mut served = Vec::new();
        for _ in 0..4 {
            served.push(get(address, "/").await);
        }
        served.sort();
        assert_eq!(
            served,
            [
                "connections-0",
                "connections-0",
                "connections-1",
                "connections-1"
            ]
        );

        // A request under way when shutdown starts is answered; the server then stops.
        let slow = tokio::spawn(get(address, "/?wait"));
        tokio::time::sleep(Duration::from_millis(100)).await;
        stop.send(()).unwrap();
        assert!(slow.await.unwrap().starts_with("connections-"));
        tokio::time::timeout(Duration::from_secs(5), server)
            .await
            .expect("the server stopped")
            .unwrap();
        assert!(
            tokio::net::TcpStream::connect(address).await.is_err(),
            "no longer accepting"
        );
    }

    #[tokio::test]
    async fn without_threads_connections_are_served_on_this_runtime() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(serve(
            listener,
            tower::service_fn(thread_name),
            std::future::pending(),
            None,
        ));
        let this_thread = std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string();
        assert_eq!(get(address, "/").await, this_thread);
    }
}
