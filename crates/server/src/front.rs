//! What each request is served: /rest/v1 goes straight to its own stack, a kept page of the
//! website is answered at once (`cb_site::KeptPages`), every other request goes to the router.
//!
//! /rest/v1 carries every page's reads. Taking it by its prefix before the router spares each of
//! its requests the router's matching and URL parameters and the boxed, cloned route that every
//! `Router::layer` call adds (it went through four of them), which showed in its benchmark.
use std::convert::Infallible;
use std::future::Ready;
use std::task::{Context, Poll, ready};

use axum::Router;
use axum::extract::Request;
use axum::response::Response;
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
