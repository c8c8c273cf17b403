//! What each connection is served: /rest/v1 goes straight to its own stack, a kept page of the
//! website is answered at once (`cb_site::KeptPages`), every other request goes to the router,
//! and every request carries the peer's address.
//!
//! /rest/v1 carries every page's reads. Taking it by its prefix before the router spares each of
//! its requests the router's matching and URL parameters and the boxed, cloned route that every
//! `Router::layer` call adds (it went through four of them), which showed in its benchmark.
use std::convert::Infallible;
use std::future::Ready;
use std::net::SocketAddr;
use std::task::{Context, Poll, ready};

use axum::Router;
use axum::extract::{ConnectInfo, Request};
use axum::response::Response;
use axum::serve::{IncomingStream, Listener};
use futures_util::future::Either;
use tower::Service;

/// Where the REST service is mounted, as Supabase's gateway mounts PostgREST.
pub(crate) const REST_PREFIX: &str = "/rest/v1";

fn is_rest(path: &str) -> bool {
    cb_rest::path_under(REST_PREFIX, path).is_some()
}

/// /rest/v1 to `rest`, a kept page answered, everything else to `router`.
#[derive(Debug, Clone)]
pub(crate) struct Front<R> {
    rest: R,
    kept_pages: cb_site::KeptPages,
    router: Router,
}

impl<R> Front<R> {
    pub(crate) fn new(rest: R, kept_pages: cb_site::KeptPages, router: Router) -> Self {
        Self {
            rest,
            kept_pages,
            router,
        }
    }
}

impl<R> Service<Request> for Front<R>
where
    R: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<
        R::Future,
        Either<Ready<Result<Response, Infallible>>, <Router as Service<Request>>::Future>,
    >;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        ready!(self.rest.poll_ready(cx))?;
        Service::<Request>::poll_ready(&mut self.router, cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        if is_rest(request.uri().path()) {
            Either::Left(self.rest.call(request))
        } else if let Some(page) = self.kept_pages.answer(&request) {
            // The request is dropped here, before hyper reads on: its buffer is reused.
            Either::Right(Either::Left(std::future::ready(Ok(page))))
        } else {
            Either::Right(Either::Right(self.router.call(request)))
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

/// Makes each connection's service: `service` with the peer's address, which every request gets
/// as `ConnectInfo` (the functions' rate limits key on it), as axum's
/// `into_make_service_with_connect_info` does for a router alone.
#[derive(Debug, Clone)]
pub(crate) struct PerConnection<S> {
    service: S,
}

impl<S> PerConnection<S> {
    pub(crate) fn new(service: S) -> Self {
        Self { service }
    }
}

impl<L, S> Service<IncomingStream<'_, L>> for PerConnection<S>
where
    L: Listener<Addr = SocketAddr>,
    S: Clone,
{
    type Response = WithPeer<S>;
    type Error = Infallible;
    type Future = std::future::Ready<Result<WithPeer<S>, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, stream: IncomingStream<'_, L>) -> Self::Future {
        std::future::ready(Ok(WithPeer {
            inner: self.service.clone(),
            peer: *stream.remote_addr(),
        }))
    }
}

#[derive(Debug, Clone)]
pub(crate) struct WithPeer<S> {
    inner: S,
    peer: SocketAddr,
}

impl<S> Service<Request> for WithPeer<S>
where
    S: Service<Request>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> S::Future {
        request.extensions_mut().insert(ConnectInfo(self.peer));
        self.inner.call(request)
    }
}

#[cfg(test)]
mod tests {
    use super::is_rest;

    #[test]
    fn the_rest_prefix_is_a_whole_path_segment() {
        for path in [
            "/rest/v1",
            "/rest/v1/",
            "/rest/v1/blog_posts",
            "/rest/v1/rpc/fn",
        ] {
            assert!(is_rest(path), "{path}");
        }
        for path in [
            "/",
            "/rest",
            "/rest/v10",
            "/rest/v1x/a",
            "/restv1",
            "/storage/v1/rest/v1",
            "/blog",
        ] {
            assert!(!is_rest(path), "{path}");
        }
    }
}
