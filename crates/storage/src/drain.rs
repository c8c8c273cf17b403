//! Refusals are answered after the request body is read. A client (fetch, curl) that is still
//! sending a body when the server answers and closes the connection sees a broken pipe or a
//! reset instead of the answer, so an error is held back until the rest of the body has been
//! read and discarded: up to the largest body any route takes, and only while it keeps coming.
//! Past either bound the answer goes out with `Connection: close`.
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;

use axum::body::{Body, BodyDataStream};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use futures_util::StreamExt as _;
use http::{HeaderValue, header};

/// The request body, read by the handler through a handle while the middleware keeps the rest.
struct Pending {
    data: BodyDataStream,
    /// Bytes the handler and the drain have read so far.
    read: u64,
    finished: bool,
}

/// How much of a refused request is read before its answer goes out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DrainLimits {
    pub(crate) max_bytes: u64,
    /// Longest wait for the next chunk.
    pub(crate) idle: Duration,
}

pub(crate) async fn drain_refused(
    State(limits): State<DrainLimits>,
    request: Request,
    next: Next,
) -> Response {
    let declared: Option<u64> = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse().ok());
    let (parts, body) = request.into_parts();
    let pending = Arc::new(Mutex::new(Pending {
        data: body.into_data_stream(),
        read: 0,
        finished: false,
    }));
    let reader = pending.clone();
    let handle = futures_util::stream::poll_fn(move |cx| {
        let Ok(mut pending) = reader.lock() else {
            return Poll::Ready(None);
        };
        let polled = pending.data.poll_next_unpin(cx);
        match &polled {
            Poll::Ready(Some(Ok(chunk))) => pending.read += chunk.len() as u64,
            Poll::Ready(None | Some(Err(_))) => pending.finished = true,
            Poll::Pending => {}
        }
        polled
    });
    let response = next
        .run(Request::from_parts(parts, Body::from_stream(handle)))
        .await;
    if response.status().is_success() || response.status().is_redirection() {
        return response;
    }
    // The route already chose to close (a body over the size limit, a stalled upload): the
    // client is told at once instead of being read to the end.
    if response
        .headers()
        .get(header::CONNECTION)
        .is_some_and(|value| value == "close")
    {
        return response;
    }
    // The handler is done with its handle: whatever is left of the body is ours.
    let (mut data, read, finished) = match pending.lock() {
        Ok(mut pending) => (
            std::mem::replace(&mut pending.data, Body::empty().into_data_stream()),
            pending.read,
            pending.finished,
        ),
        Err(_) => return close(response),
    };
    if finished {
        return response;
    }
    // A body declared larger than any route takes is not worth reading.
    if declared.is_some_and(|length| length > limits.max_bytes) {
        return close(response);
    }
    let mut read = read;
    while read <= limits.max_bytes {
        match tokio::time::timeout(limits.idle, data.next()).await {
            Ok(Some(Ok(chunk))) => read += chunk.len() as u64,
            Ok(None) => return response,
            Ok(Some(Err(_))) | Err(_) => break,
        }
    }
    close(response)
}

fn close(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
