//! The first thing every request meets: its `x-request-id` (the client's, or a new UUID v4), a
//! `request` span that carries it with the method and path, the id echoed on the response, and an
//! ERROR line when the answer is a 5xx or a streamed body fails on its way out. The ERROR lines
//! name the method, path and id themselves: the span is at info level, so a filter of `warn`
//! (a quieter production log) turns it off, and the lines that matter most would lose them. (A
//! span at error level, always on, would carry them instead, but recording it cost about
//! 2.5 us of the server's ~64 us per /rest/v1 read; copying the three facts costs nothing
//! measurable. At info and below the ERROR lines therefore say them twice.)
//!
//! tower-http's SetRequestId, Trace and PropagateRequestId layers did this in three levels, and
//! their per-request cost showed in /rest/v1's benchmark: the trace layer wraps every response
//! body and classifies every answer even while its span is filtered out. This is one level, and it
//! wraps only bodies that can still fail (streams; a complete body, which most answers are,
//! cannot).
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::response::Response;
use http::header::Entry;
use http::{HeaderName, HeaderValue, Method};
use hyper::body::{Body as HttpBody, Frame, SizeHint};
use tower::{Layer, Service};
use tracing::Span;

pub(crate) const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// On a response whose 5xx status is an answer, not a failure (a readiness probe's 503 while
/// starting or draining): no ERROR line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ExpectedStatus;

#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RequestTraceLayer;

impl<S> Layer<S> for RequestTraceLayer {
    type Service = RequestTrace<S>;

    fn layer(&self, inner: S) -> RequestTrace<S> {
        RequestTrace { inner }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct RequestTrace<S> {
    inner: S,
}

impl<S> Service<Request> for RequestTrace<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Traced<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let request_id = match request.headers().get(&REQUEST_ID) {
            Some(id) => copied(id),
            None => {
                let id = new_request_id();
                request.headers_mut().insert(REQUEST_ID, id.clone());
                id
            }
        };
        let span = tracing::info_span!(
            "request",
            method = %request.method(),
            path = %request.uri().path(),
            request_id = request_id.to_str().unwrap_or_default(),
        );
        // Copies for the ERROR lines, not shares: a share of the request's bytes would keep
        // hyper's read buffer from being reused when the request is answered at once (a kept
        // page), and hyper would allocate a new one for its next read.
        let facts = RequestFacts {
            method: request.method().clone(),
            path: request.uri().path().into(),
            request_id,
        };
        let future = span.in_scope(|| self.inner.call(request));
        Traced {
            future,
            span,
            facts,
            started: Instant::now(),
        }
    }
}

/// What an ERROR line says of its request.
#[derive(Clone)]
struct RequestFacts {
    method: Method,
    path: Box<str>,
    request_id: HeaderValue,
}

impl RequestFacts {
    fn request_id(&self) -> &str {
        self.request_id.to_str().unwrap_or_default()
    }
}

/// `value` in bytes of its own (a header's bytes are shared with the request's buffer).
fn copied(value: &HeaderValue) -> HeaderValue {
    HeaderValue::from_maybe_shared(Bytes::copy_from_slice(value.as_bytes()))
        .unwrap_or_else(|_| value.clone())
}

fn new_request_id() -> HeaderValue {
    let mut buffer = uuid::Uuid::encode_buffer();
    let text = uuid::Uuid::new_v4().hyphenated().encode_lower(&mut buffer);
    HeaderValue::from_str(text).expect("a hyphenated UUID is a valid header value")
}

pin_project_lite::pin_project! {
    /// The inner answer, inside the request's span, with the id added and failures logged.
    pub(crate) struct Traced<F> {
        #[pin]
        future: F,
        span: Span,
        facts: RequestFacts,
        started: Instant,
    }
}

impl<F> Future for Traced<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let _entered = this.span.enter();
        let Ok(mut response) = ready!(this.future.poll(cx));
        // A handler that set its own id (none does today) keeps it, as PropagateRequestId did;
        // an empty one is a place kept for it (a kept page's cloned head, cb_site::KeptPages).
        match response.headers_mut().entry(REQUEST_ID) {
            Entry::Occupied(mut set) if set.get().is_empty() => {
                set.insert(this.facts.request_id.clone());
            }
            Entry::Occupied(_) => {}
            Entry::Vacant(place) => {
                place.insert(this.facts.request_id.clone());
            }
        }
        let status = response.status();
        crate::metrics::record_request(
            &this.facts.method,
            &this.facts.path,
            status,
            this.started.elapsed(),
        );
        if status.is_server_error() && response.extensions().get::<ExpectedStatus>().is_none() {
            let facts = &*this.facts;
            tracing::error!(
                status = status.as_u16(),
                latency_ms = this.started.elapsed().as_millis(),
                method = %facts.method,
                path = &*facts.path,
                request_id = facts.request_id(),
                "response failed"
            );
        }
        if response.body().size_hint().exact().is_none() {
            let span = this.span.clone();
            let facts = this.facts.clone();
            response = response.map(|inner| Body::new(LoggedBody { inner, span, facts }));
        }
        Poll::Ready(Ok(response))
    }
}

/// A streamed response body that logs, in the request's span, the error that cuts it off (an
/// object store that fails mid-download): the client only sees the connection end.
struct LoggedBody {
    inner: Body,
    span: Span,
    facts: RequestFacts,
}

impl HttpBody for LoggedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let frame = ready!(Pin::new(&mut self.inner).poll_frame(cx));
        if let Some(Err(error)) = &frame {
            let _entered = self.span.enter();
            let facts = &self.facts;
            tracing::error!(
                %error,
                method = %facts.method,
                path = &*facts.path,
                request_id = facts.request_id(),
                "response body failed"
            );
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use axum::body::to_bytes;
    use futures_util::stream;
    use http::StatusCode;
    use tower::ServiceExt as _;

    use super::*;

    /// Log lines written while `run` runs, at the server's default filter.
    fn logs_of<T>(run: impl FnOnce() -> T) -> (T, String) {
        logs_at("info", run)
    }

    /// Log lines written while `run` runs, with this filter.
    fn logs_at<T>(filter: &str, run: impl FnOnce() -> T) -> (T, String) {
        #[derive(Clone, Default)]
        struct Captured(Arc<Mutex<Vec<u8>>>);
        impl Write for Captured {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(move || writer.clone())
            .finish();
        let value = tracing::subscriber::with_default(subscriber, run);
        let text = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        (value, text)
    }

    fn block_on<T>(future: impl Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(future)
    }

    fn answering(
        status: StatusCode,
        body: fn() -> Body,
    ) -> RequestTrace<impl Service<Request, Response = Response, Error = Infallible> + Clone> {
        RequestTraceLayer.layer(tower::service_fn(move |request: Request| async move {
            // The handler sees the id the layer settled on.
            assert!(request.headers().contains_key(&REQUEST_ID));
            let mut response = Response::new(body());
            *response.status_mut() = status;
            Ok::<_, Infallible>(response)
        }))
    }

    fn request(id: Option<&str>) -> Request {
        let mut builder = Request::builder().uri("/rest/v1/blog_posts?select=id");
        if let Some(id) = id {
            builder = builder.header(&REQUEST_ID, id);
        }
        builder.body(Body::empty()).unwrap()
    }

    #[test]
    fn an_empty_id_in_the_answer_is_filled_and_a_handlers_own_is_kept() {
        for (answered_with, wanted) in [("", "trace-me-8"), ("handlers-own", "handlers-own")] {
            let service =
                RequestTraceLayer.layer(tower::service_fn(move |_: Request| async move {
                    let mut response = Response::new(Body::empty());
                    response
                        .headers_mut()
                        .insert(REQUEST_ID, HeaderValue::from_static(answered_with));
                    Ok::<_, Infallible>(response)
                }));
            let response = block_on(service.oneshot(request(Some("trace-me-8")))).unwrap();
            let ids: Vec<_> = response.headers().get_all(&REQUEST_ID).iter().collect();
            assert_eq!(ids, [wanted], "answered with {answered_with:?}");
        }
    }

    #[test]
    fn a_request_keeps_its_id_or_gets_a_new_uuid_and_the_answer_carries_it() {
        let service = answering(StatusCode::OK, Body::empty);
        let kept = block_on(service.clone().oneshot(request(Some("trace-me-7")))).unwrap();
        assert_eq!(kept.headers()[&REQUEST_ID], "trace-me-7");

        let first = block_on(service.clone().oneshot(request(None))).unwrap();
        let second = block_on(service.oneshot(request(None))).unwrap();
        let first = first.headers()[&REQUEST_ID].to_str().unwrap().to_owned();
        let second = second.headers()[&REQUEST_ID].to_str().unwrap();
        assert_eq!(uuid::Uuid::parse_str(&first).unwrap().get_version_num(), 4);
        assert_eq!(first.len(), 36, "hyphenated: {first}");
        assert_ne!(first, second);
    }

    #[test]
    fn a_5xx_marked_as_an_expected_answer_is_not_logged() {
        let service = RequestTraceLayer.layer(tower::service_fn(|_: Request| async {
            let mut response = Response::new(Body::empty());
            *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
            response.extensions_mut().insert(ExpectedStatus);
            Ok::<_, Infallible>(response)
        }));
        let (answer, logs) = logs_of(|| block_on(service.oneshot(request(Some("probe")))));
        assert_eq!(answer.unwrap().status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(!logs.contains("response failed"), "{logs}");
    }

    #[test]
    fn a_server_error_is_logged_in_the_request_span_and_a_success_is_not() {
        let service = answering(StatusCode::SERVICE_UNAVAILABLE, Body::empty);
        let (_, logs) = logs_of(|| block_on(service.oneshot(request(Some("r-503")))));
        assert!(logs.contains("ERROR"), "{logs}");
        assert!(logs.contains("response failed"), "{logs}");
        assert!(logs.contains("status=503"), "{logs}");
        assert!(logs.contains("request_id=\"r-503\""), "{logs}");
        assert!(logs.contains("path=/rest/v1/blog_posts"), "{logs}");

        let service = answering(StatusCode::NOT_FOUND, Body::empty);
        let (_, logs) = logs_of(|| block_on(service.oneshot(request(None))));
        assert_eq!(logs, "", "a 4xx is the client's failure, not the server's");
    }

    #[test]
    fn with_the_span_filtered_out_the_error_lines_still_name_their_request() {
        let service = answering(StatusCode::BAD_GATEWAY, Body::empty);
        let (_, logs) = logs_at("warn", || block_on(service.oneshot(request(Some("r-502")))));
        assert!(
            !logs.contains("request{"),
            "the span is off at warn: {logs}"
        );
        assert!(logs.contains("response failed"), "{logs}");
        assert!(logs.contains("status=502"), "{logs}");
        assert!(logs.contains("method=GET"), "{logs}");
        assert!(logs.contains("path=\"/rest/v1/blog_posts\""), "{logs}");
        assert!(logs.contains("request_id=\"r-502\""), "{logs}");

        let service = answering(StatusCode::OK, || {
            Body::from_stream(stream::iter([Err::<Bytes, _>(std::io::Error::other(
                "gone",
            ))]))
        });
        let (_, logs) = logs_at("warn", || {
            block_on(async {
                let response = service.oneshot(request(Some("r-cut"))).await.unwrap();
                to_bytes(response.into_body(), usize::MAX).await
            })
        });
        assert!(logs.contains("response body failed"), "{logs}");
        assert!(logs.contains("request_id=\"r-cut\""), "{logs}");
        assert!(logs.contains("path=\"/rest/v1/blog_posts\""), "{logs}");
    }

    #[test]
    fn a_stream_that_fails_mid_body_is_logged_and_a_complete_body_arrives_whole() {
        fn failing_stream() -> Body {
            Body::from_stream(stream::iter([
                Ok(Bytes::from_static(b"first part")),
                Err(std::io::Error::other("object store went away")),
            ]))
        }
        let service = answering(StatusCode::OK, failing_stream);
        let (read, logs) = logs_of(|| {
            block_on(async {
                let response = service.oneshot(request(Some("r-stream"))).await.unwrap();
                to_bytes(response.into_body(), usize::MAX).await
            })
        });
        assert!(read.is_err());
        assert!(logs.contains("response body failed"), "{logs}");
        assert!(logs.contains("object store went away"), "{logs}");
        assert!(logs.contains("request_id=\"r-stream\""), "{logs}");

        let service = answering(StatusCode::OK, || Body::from("complete"));
        let (read, logs) = logs_of(|| {
            block_on(async {
                let response = service.oneshot(request(None)).await.unwrap();
                to_bytes(response.into_body(), usize::MAX).await
            })
        });
        assert_eq!(read.unwrap(), "complete");
        assert_eq!(logs, "");
    }
}
