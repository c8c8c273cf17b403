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
mod answer;
pub(crate) mod geometry;
pub(crate) mod hot;
mod image_renderer;
pub(crate) mod params;
pub(crate) mod pipeline;
mod streams;

use std::sync::Arc;
use std::time::SystemTime;

use axum::response::Response;
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt as _;
use http::{HeaderMap, header};

use crate::StorageState;
use crate::backend::{Location, SizedStream, StoreError};
use crate::db::ObjectRow;
use crate::error::StorageError;
use answer::{Meta, Payload, answer, answer_entry, not_modified};
use hot::HotEntry;
pub use image_renderer::ImageConfig;
pub(crate) use image_renderer::ImageRenderer;
use params::{Output, Transform};
use pipeline::RenderError;
use streams::{collect, peek};

/// The message for a source larger than the byte limit (Storage's, from imgproxy's).
const FILE_TOO_LARGE: &str = "The source image file is too large to process";

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

/// The output format and variant for a request whose transformations are in its query
/// (`/render/image/public|authenticated/...`).
pub(crate) fn prepare_from_query(
    state: &StorageState,
    query: Option<&str>,
    request_headers: &HeaderMap,
) -> Result<Prepared, StorageError> {
    let request = RenderRequest {
        transform: Transform::from_query(query, state.renderer.max_dimension())?,
        download: crate::serve::query_param(query, "download"),
        expires: None,
    };
    prepare(state, request_headers, request)
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

/// The type of a stored variant: WebP, or the source's own format read from its first bytes.
fn stored_type(output: Output, head: &[u8]) -> &'static str {
    match output {
        Output::Webp => "image/webp",
        Output::Origin => crate::mime::sniff(head)
            .filter(|sniffed| sniffed.starts_with("image/"))
            .unwrap_or("application/octet-stream"),
    }
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
