//! Image transformations: Supabase's `/render/image/{public,authenticated,sign}/...`, done in
//! this process instead of by an imgproxy beside it. The routes decide who may read the object
//! (exactly as for downloads); this module turns the object into the answer:
//!
//! 1. the parameters (`params`) give the output format for the request's `Accept` and the name
//!    of the variant, `<width>x<height>-<mode>-q<quality>.<webp|origin>`;
//! 2. the variant's ETag is derived from the source's and that name, so `If-None-Match` is
//!    answered (304) without touching any bytes;
//! 3. the hottest variants are answered from memory (`hot`; on `/public` even before the
//!    database, kept exact by change notifications, see `changes`);
//! 4. the others are read from the object store (one backend read), or made when missing: one
//!    request per variant at a time (the others wait, then read it), on the blocking pool under
//!    a semaphore sized to the processors, with a bounded queue (429 past it), in a task of its
//!    own so that a client going away does not waste the work; a source is refused before
//!    decoding when its header declares more pixels than allowed (`pipeline`);
//! 5. a new variant is stored beside its source version; a concurrent delete of that version is
//!    detected right after, and the variant removed with it.
//!
//! Variants are keyed by the source *version*, so a replaced object never serves a stale one;
//! they are deleted with their version (`backend::delete_quietly`).
//!
//! Where this differs from Supabase (see also `params`): AVIF output is refused (400) rather
//! than encoded (rav1e would add minutes of build and 4x to 20x WebP's encoding time);
//! `gravity`/`x_offset`/`y_offset` (newer servers) are ignored, crops are centred; the sources
//! read are JPEG, PNG, WebP and GIF (its first frame), others (SVG, HEIC, AVIF, BMP, TIFF, ICO)
//! are refused as unsupported; the ETag is the variant's own, not the source's (so caches never
//! mix two sizes of one picture); `Vary: Accept` is sent when the format follows `Accept`; a
//! signed URL made with `format: 'origin'` keeps the source's format; ranges are honoured.
pub(crate) mod geometry;
pub(crate) mod hot;
pub(crate) mod params;
pub(crate) mod pipeline;

use std::hash::{Hash as _, Hasher as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::SystemTime;

use axum::body::Body;
use axum::response::Response;
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt as _;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore};

use crate::StorageState;
use crate::backend::{ByteStream, Location, SizedStream, StoreError};
use crate::db::ObjectRow;
use crate::error::StorageError;
use crate::serve::{self, RangeRequest};
use hot::{HotCache, HotEntry};
use params::{Output, Transform};
use pipeline::RenderError;

/// The message for a source larger than the byte limit (Storage's, from imgproxy's).
const FILE_TOO_LARGE: &str = "The source image file is too large to process";
/// How many transformations may wait for a processor, per processor, before the next is
/// refused with 429.
const QUEUE_PER_PROCESSOR: usize = 32;
/// Independent locks that keep two requests from making the same variant at once.
const STRIPES: usize = 64;

/// The image transformation settings (Supabase's limits by default: sides up to 2500 px,
/// sources up to 25 MB and 50 megapixels).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageConfig {
    /// Whether the `/render/image` routes exist (Storage's `ENABLE_IMAGE_TRANSFORMATION`);
    /// without them a signed URL's `transform` is ignored, as on Storage.
    pub enabled: bool,
    /// Largest output width or height; larger requests are capped to it, as Storage clamps
    /// (Storage's `IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE`).
    pub max_dimension: u32,
    /// Largest source resolution (width x height) that is decoded; checked on the header.
    pub max_source_pixels: u64,
    /// Largest source object in bytes.
    pub max_source_bytes: u64,
    /// Transformations that run at once (each takes a processor).
    pub concurrency: usize,
    /// Memory for the hottest variants, in bytes (0: none); one variant takes at most an
    /// eighth of it.
    pub memory_cache_bytes: u64,
}

impl Default for ImageConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            max_dimension: 2500,
            max_source_pixels: 50_000_000,
            max_source_bytes: 25 * 1024 * 1024,
            concurrency: std::thread::available_parallelism().map_or(2, usize::from),
            memory_cache_bytes: 64 * 1024 * 1024,
        }
    }
}

/// The shared state of the transformations: the processors and the per-variant locks.
#[derive(Debug)]
pub(crate) struct Renderer {
    config: ImageConfig,
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    stripes: Vec<Arc<Mutex<()>>>,
    hot: HotCache,
}

/// Counts a request waiting for a processor while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Renderer {
    pub(crate) fn new(config: ImageConfig) -> Self {
        let processors = config.concurrency.max(1);
        Self {
            permits: Arc::new(Semaphore::new(processors)),
            waiting: AtomicUsize::new(0),
            max_waiting: processors * QUEUE_PER_PROCESSOR,
            stripes: (0..STRIPES).map(|_| Arc::new(Mutex::new(()))).collect(),
            hot: HotCache::new(usize::try_from(config.memory_cache_bytes).unwrap_or(usize::MAX)),
            config,
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.config.enabled
    }

    pub(crate) fn max_dimension(&self) -> u32 {
        self.config.max_dimension
    }

    pub(crate) fn hot(&self) -> &HotCache {
        &self.hot
    }

    /// A processor, or RenderBusy when the queue is full.
    async fn permit(&self) -> Result<OwnedSemaphorePermit, StorageError> {
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(StorageError::RenderBusy);
        }
        let _waiting = Waiting(&self.waiting);
        self.permits
            .clone()
            .acquire_owned()
            .await
            .map_err(StorageError::internal)
    }

    /// The lock of one variant (shared with the variants that hash alike).
    fn stripe(&self, source: &Location, name: &str) -> Arc<Mutex<()>> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (&source.bucket, &source.key, &source.version, name).hash(&mut hasher);
        self.stripes[(hasher.finish() % STRIPES as u64) as usize].clone()
    }
}

/// What the route adds to the transformation.
#[derive(Debug, Clone, Default)]
pub(crate) struct RenderRequest {
    pub(crate) transform: Transform,
    /// `?download` (empty) or `?download=name`.
    pub(crate) download: Option<String>,
    /// Signed URLs answer with `Expires` instead of the stored Cache-Control.
    pub(crate) expires: Option<SystemTime>,
}

/// The transformed bytes: just made, or as stored.
enum Variant {
    Fresh(Bytes, &'static str),
    Stored(SizedStream),
}

/// A transformation request, decided before any I/O.
#[derive(Debug)]
pub(crate) struct Prepared {
    request: RenderRequest,
    output: Output,
    /// The output follows `Accept`.
    varies: bool,
    /// The variant's name (`params::Transform::variant_name`).
    name: String,
    /// The memory cache's generation when the request began (before the database).
    generation: u64,
}

/// Which route let the caller read the object (only `/public` answers from memory before the
/// database, and only with what it stored itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route {
    Public,
    /// `/authenticated` (RLS) and `/sign` (a token).
    Checked,
}

/// The output format and variant for this request.
pub(crate) fn prepare(
    state: &StorageState,
    request_headers: &HeaderMap,
    request: RenderRequest,
) -> Result<Prepared, StorageError> {
    let accept = request_headers
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok());
    let (output, varies) = request.transform.output(accept)?;
    Ok(Prepared {
        name: request.transform.variant_name(output),
        request,
        output,
        varies,
        generation: state.renderer.hot.generation(),
    })
}

/// What the validators and caching headers are made of.
#[derive(Debug, Clone)]
struct Meta {
    etag: String,
    modified: Option<SystemTime>,
    cache_control: String,
}

impl Meta {
    /// The variant's entity tag is the source's (its MD5, or its version) and the variant's name.
    fn of(row: &ObjectRow, name: &str) -> Self {
        let base = row
            .etag()
            .map(|etag| {
                etag.trim()
                    .trim_start_matches("W/")
                    .trim_matches('"')
                    .to_string()
            })
            .filter(|etag| !etag.is_empty())
            .unwrap_or_else(|| row.stored_version());
        Self {
            etag: format!("\"{base}-{name}\""),
            modified: row.last_modified().map(SystemTime::from),
            cache_control: row.cache_control(),
        }
    }

    fn of_entry(entry: &HotEntry) -> Self {
        Self {
            etag: entry.etag.clone(),
            modified: entry.modified,
            cache_control: entry.cache_control.clone(),
        }
    }
}

/// The headers of every answer about this variant, Content-Type and length aside.
fn variant_headers(meta: &Meta, prepared: &Prepared) -> HeaderMap {
    let request = &prepared.request;
    let mut headers = HeaderMap::new();
    serve::insert(&mut headers, header::ETAG, &meta.etag);
    if let Some(modified) = meta.modified {
        serve::insert(
            &mut headers,
            header::LAST_MODIFIED,
            &httpdate::fmt_http_date(modified),
        );
    }
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    match request.expires {
        Some(expires) => serve::insert(
            &mut headers,
            header::EXPIRES,
            &httpdate::fmt_http_date(expires),
        ),
        None => serve::insert(&mut headers, header::CACHE_CONTROL, &meta.cache_control),
    }
    headers.insert("x-robots-tag", HeaderValue::from_static("none"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Some(value) = request
        .transform
        .x_transformations()
        .and_then(|applied| HeaderValue::from_str(&applied).ok())
    {
        headers.insert("x-transformations", value);
    }
    if prepared.varies {
        headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    }
    serve::set_disposition(&mut headers, request.download.as_deref());
    headers
}

/// 304 when the client's copy is current.
fn not_modified(request_headers: &HeaderMap, meta: &Meta, prepared: &Prepared) -> Option<Response> {
    if !serve::not_modified(request_headers, Some(&meta.etag), meta.modified) {
        return None;
    }
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NOT_MODIFIED;
    *response.headers_mut() = variant_headers(meta, prepared);
    Some(response)
}

/// The bytes of an answer.
enum Payload {
    Memory(Bytes),
    Stream(ByteStream),
}

/// The full answer (or the requested range of it).
fn answer(
    request_headers: &HeaderMap,
    prepared: &Prepared,
    meta: &Meta,
    content_type: &str,
    payload: Payload,
    len: u64,
) -> Result<Response, StorageError> {
    let mut headers = variant_headers(meta, prepared);
    let range = match request_headers
        .get(header::RANGE)
        .and_then(|value| value.to_str().ok())
    {
        Some(value)
            if serve::if_range_matches(request_headers, Some(&meta.etag), meta.modified) =>
        {
            serve::parse_range(value, len)
        }
        _ => RangeRequest::Full,
    };
    let (status, body, length) = match (range, payload) {
        (RangeRequest::Full, Payload::Memory(bytes)) => (StatusCode::OK, Body::from(bytes), len),
        (RangeRequest::Full, Payload::Stream(stream)) => {
            (StatusCode::OK, Body::from_stream(stream), len)
        }
        (RangeRequest::Partial(range), payload) => {
            serve::insert(
                &mut headers,
                header::CONTENT_RANGE,
                &format!("bytes {}-{}/{len}", range.start, range.end),
            );
            let body = match payload {
                Payload::Memory(bytes) => {
                    Body::from(bytes.slice(range.start as usize..=range.end as usize))
                }
                Payload::Stream(stream) => {
                    Body::from_stream(window(stream, range.start, range.len()))
                }
            };
            (StatusCode::PARTIAL_CONTENT, body, range.len())
        }
        (RangeRequest::Unsatisfiable, _) => return Err(StorageError::InvalidRange { size: len }),
    };
    serve::insert(&mut headers, header::CONTENT_TYPE, content_type);
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    Ok(response)
}

/// `/public` before the database: the variant, when memory holds it from that route.
pub(crate) fn from_memory(
    state: &StorageState,
    bucket: &str,
    key: &str,
    request_headers: &HeaderMap,
    prepared: &Prepared,
) -> Option<Result<Response, StorageError>> {
    let entry = state
        .renderer
        .hot
        .get(bucket, key, &prepared.name)
        .filter(|entry| entry.public)?;
    Some(answer_entry(request_headers, prepared, &entry))
}

fn answer_entry(
    request_headers: &HeaderMap,
    prepared: &Prepared,
    entry: &HotEntry,
) -> Result<Response, StorageError> {
    let meta = Meta::of_entry(entry);
    if let Some(response) = not_modified(request_headers, &meta, prepared) {
        return Ok(response);
    }
    answer(
        request_headers,
        prepared,
        &meta,
        entry.content_type,
        Payload::Memory(entry.bytes.clone()),
        entry.bytes.len() as u64,
    )
}

/// The type of a stored variant: WebP, or the source's own format read from its first bytes.
fn stored_type(output: Output, head: &[u8]) -> &'static str {
    match output {
        Output::Webp => "image/webp",
        Output::Origin => crate::mime::sniff(head)
            .filter(|sniffed| sniffed.starts_with("image/"))
            .unwrap_or("application/octet-stream"),
    }
}

async fn collect(mut body: ByteStream, len: u64) -> Result<Bytes, StorageError> {
    let mut bytes = BytesMut::with_capacity(len as usize);
    while let Some(chunk) = body.next().await {
        bytes.extend_from_slice(&chunk.map_err(StorageError::internal)?);
    }
    Ok(bytes.freeze())
}

/// Reads the source whole (it is decoded whole), refusing more than the byte limit.
async fn read_source(
    state: &StorageState,
    source: &Location,
    expected: u64,
) -> Result<Bytes, StorageError> {
    let limit = state.renderer.config.max_source_bytes;
    let mut stream = state
        .store
        .get(source, None)
        .await
        .map_err(StorageError::from)?;
    let mut buffer = BytesMut::with_capacity(expected.min(limit) as usize);
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(StorageError::internal)?;
        if (buffer.len() + chunk.len()) as u64 > limit {
            return Err(StorageError::InvalidRequest(FILE_TOO_LARGE.into()));
        }
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer.freeze())
}

/// Stores a fresh variant (best effort: the answer does not depend on it), then makes sure its
/// source was not deleted meanwhile; if it was, the variant goes too.
async fn keep(state: &StorageState, source: &Location, name: &str, bytes: Bytes) {
    if let Err(err) = state.store.put_variant(source, name, bytes).await {
        tracing::warn!(%err, bucket = %source.bucket, key = %source.key, variant = name,
            "could not store an image variant");
        return;
    }
    match state.store.exists(source).await {
        Ok(true) => {}
        Ok(false) => {
            if let Err(err) = state.store.delete_variants(source).await {
                tracing::warn!(%err, bucket = %source.bucket, key = %source.key,
                    "could not delete the variants of a deleted version");
            }
        }
        Err(err) => {
            tracing::warn!(%err, bucket = %source.bucket, key = %source.key,
                "could not check the source of an image variant");
        }
    }
}

/// Makes the variant (or reads it, when a concurrent request just made it). Runs in a task of
/// its own: the variant is finished and stored even when the client goes away.
async fn make(
    state: Arc<StorageState>,
    source: Location,
    name: String,
    transform: Transform,
    output: Output,
    size: u64,
) -> Result<Variant, StorageError> {
    let task = tokio::spawn(async move {
        let stripe = state.renderer.stripe(&source, &name);
        let _made_once = stripe.lock_owned().await;
        if let Ok(stored) = state.store.get_variant(&source, &name).await {
            return Ok(Variant::Stored(stored));
        }
        let permit = state.renderer.permit().await?;
        let bytes = read_source(&state, &source, size).await?;
        let limits = pipeline::Limits {
            max_pixels: state.renderer.config.max_source_pixels,
        };
        let rendered = tokio::task::spawn_blocking(move || {
            let _processor = permit;
            pipeline::render(&bytes, &transform, output, limits)
        })
        .await
        .map_err(StorageError::internal)?
        .map_err(|err| match err {
            RenderError::Encode(detail) => StorageError::internal(detail),
            input => StorageError::InvalidRequest(input.to_string()),
        })?;
        tracing::debug!(bucket = %source.bucket, key = %source.key, variant = %name,
            width = rendered.width, height = rendered.height, bytes = rendered.bytes.len(),
            "image variant rendered");
        let bytes = Bytes::from(rendered.bytes);
        keep(&state, &source, &name, bytes.clone()).await;
        Ok(Variant::Fresh(bytes, rendered.content_type))
    });
    task.await.map_err(StorageError::internal)?
}

/// The first bytes of a stream (at least `want`, unless it is shorter) and the whole stream.
async fn peek(mut body: ByteStream, want: usize) -> Result<(Bytes, ByteStream), StorageError> {
    let mut head = BytesMut::new();
    while head.len() < want {
        match body.next().await {
            Some(chunk) => head.extend_from_slice(&chunk.map_err(StorageError::internal)?),
            None => {
                let head = head.freeze();
                let whole = futures_util::stream::once({
                    let head = head.clone();
                    async move { Ok(head) }
                });
                return Ok((head, Box::pin(whole)));
            }
        }
    }
    let head = head.freeze();
    let first = futures_util::stream::once({
        let head = head.clone();
        async move { Ok(head) }
    });
    Ok((head, Box::pin(first.chain(body))))
}

/// `len` bytes from `start` of a stream.
fn window(body: ByteStream, start: u64, len: u64) -> ByteStream {
    Box::pin(futures_util::stream::unfold(
        (body, start, len),
        |(mut body, mut skip, mut remaining)| async move {
            while remaining > 0 {
                match body.next().await? {
                    Ok(mut chunk) => {
                        let size = chunk.len() as u64;
                        if skip >= size {
                            skip -= size;
                            continue;
                        }
                        if skip > 0 {
                            chunk = chunk.slice(skip as usize..);
                            skip = 0;
                        }
                        if chunk.len() as u64 > remaining {
                            chunk.truncate(remaining as usize);
                        }
                        remaining -= chunk.len() as u64;
                        return Some((Ok(chunk), (body, skip, remaining)));
                    }
                    Err(err) => return Some((Err(err), (body, 0, 0))),
                }
            }
            None
        },
    ))
}

/// The answer to a transformation of `row`, which `route`'s access rule let through.
pub(crate) async fn respond(
    state: &Arc<StorageState>,
    row: &ObjectRow,
    request_headers: &HeaderMap,
    prepared: Prepared,
    route: Route,
) -> Result<Response, StorageError> {
    if row.size() > state.renderer.config.max_source_bytes {
        return Err(StorageError::InvalidRequest(FILE_TOO_LARGE.into()));
    }
    let meta = Meta::of(row, &prepared.name);
    if let Some(response) = not_modified(request_headers, &meta, &prepared) {
        return Ok(response);
    }
    let hot = &state.renderer.hot;
    if let Some(entry) = hot
        .get(&row.bucket_id, &row.name, &prepared.name)
        .filter(|entry| entry.version == row.stored_version())
    {
        if route == Route::Public && !entry.public {
            let public = entry.as_public();
            hot.insert(
                &row.bucket_id,
                &row.name,
                &prepared.name,
                public,
                prepared.generation,
            );
        }
        return answer_entry(request_headers, &prepared, &entry);
    }

    let source = row.location();
    let variant = match state.store.get_variant(&source, &prepared.name).await {
        Ok(stored) => Variant::Stored(stored),
        Err(err) => {
            if !matches!(err, StoreError::NotFound) {
                tracing::warn!(%err, bucket = %source.bucket, key = %source.key,
                    variant = %prepared.name, "could not read an image variant; making it again");
            }
            make(
                state.clone(),
                source,
                prepared.name.clone(),
                prepared.request.transform,
                prepared.output,
                row.size(),
            )
            .await?
        }
    };
    let (content_type, payload, len) = match variant {
        Variant::Fresh(bytes, content_type) => {
            let len = bytes.len() as u64;
            (content_type, Payload::Memory(bytes), len)
        }
        // Read back from the store: small enough, it is kept in memory for the next requests.
        Variant::Stored(SizedStream { len, body }) if hot.admits(len) => {
            let bytes = collect(body, len).await?;
            let content_type = stored_type(prepared.output, &bytes);
            let entry = HotEntry::new(
                row.stored_version(),
                route == Route::Public,
                (meta.etag.clone(), meta.modified, meta.cache_control.clone()),
                content_type,
                bytes.clone(),
            );
            hot.insert(
                &row.bucket_id,
                &row.name,
                &prepared.name,
                entry,
                prepared.generation,
            );
            (content_type, Payload::Memory(bytes), len)
        }
        Variant::Stored(SizedStream { len, body }) => {
            let (head, body) = peek(body, 16).await?;
            (
                stored_type(prepared.output, &head),
                Payload::Stream(body),
                len,
            )
        }
    };
    answer(
        request_headers,
        &prepared,
        &meta,
        content_type,
        payload,
        len,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(parts: &[&'static [u8]]) -> ByteStream {
        let items: Vec<std::io::Result<Bytes>> = parts
            .iter()
            .map(|part| Ok(Bytes::from_static(part)))
            .collect();
        Box::pin(futures_util::stream::iter(items))
    }

    async fn collect(stream: ByteStream) -> Vec<u8> {
        let parts: Vec<std::io::Result<Bytes>> = stream.collect().await;
        parts
            .into_iter()
            .flat_map(|part| part.unwrap().to_vec())
            .collect()
    }

    #[tokio::test]
    async fn windows_cut_across_chunks() {
        let parts: &[&'static [u8]] = &[b"abc", b"defg", b"hij"];
        assert_eq!(collect(window(chunks(parts), 0, 10)).await, b"abcdefghij");
        assert_eq!(collect(window(chunks(parts), 2, 3)).await, b"cde");
        assert_eq!(collect(window(chunks(parts), 3, 4)).await, b"defg");
        assert_eq!(collect(window(chunks(parts), 9, 1)).await, b"j");
        assert_eq!(collect(window(chunks(parts), 5, 100)).await, b"fghij");
    }

    #[tokio::test]
    async fn peeking_keeps_every_byte() {
        let parts: &[&'static [u8]] = &[b"RIFF", b"\0\0\0\0WEBP", b"VP8 rest"];
        let (head, body) = peek(chunks(parts), 12).await.unwrap();
        assert_eq!(&head[..], b"RIFF\0\0\0\0WEBP");
        assert_eq!(collect(body).await, b"RIFF\0\0\0\0WEBPVP8 rest");
        let (head, body) = peek(chunks(&[b"ab"]), 16).await.unwrap();
        assert_eq!(&head[..], b"ab");
        assert_eq!(collect(body).await, b"ab");
    }

    #[tokio::test]
    async fn the_queue_is_bounded() {
        let renderer = Renderer::new(ImageConfig {
            concurrency: 1,
            ..ImageConfig::default()
        });
        let held = renderer.permit().await.unwrap();
        // Fill the queue with waiters, then one more is refused.
        let mut waiters = Vec::new();
        let renderer = Arc::new(renderer);
        for _ in 0..QUEUE_PER_PROCESSOR {
            let renderer = renderer.clone();
            waiters.push(tokio::spawn(
                async move { renderer.permit().await.map(drop) },
            ));
        }
        while renderer.waiting.load(Ordering::Acquire) < QUEUE_PER_PROCESSOR {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            renderer.permit().await.unwrap_err(),
            StorageError::RenderBusy
        );
        drop(held);
        for waiter in waiters {
            waiter.await.unwrap().unwrap();
        }
        assert_eq!(renderer.waiting.load(Ordering::Acquire), 0);
    }
}
