//! Byte-stream helpers of the transformations: a stream read whole, its first bytes without
//! losing them, and a window of it (a range of a stored variant).
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt as _;

use crate::backend::ByteStream;
use crate::error::StorageError;

/// The whole stream (`len`: its expected size).
pub(super) async fn collect(mut body: ByteStream, len: u64) -> Result<Bytes, StorageError> {
    let mut bytes = BytesMut::with_capacity(len as usize);
    while let Some(chunk) = body.next().await {
        bytes.extend_from_slice(&chunk.map_err(StorageError::internal)?);
    }
    Ok(bytes.freeze())
}

/// The first bytes of a stream (at least `want`, unless it is shorter) and the whole stream.
pub(super) async fn peek(
    mut body: ByteStream,
    want: usize,
) -> Result<(Bytes, ByteStream), StorageError> {
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
pub(super) fn window(body: ByteStream, start: u64, len: u64) -> ByteStream {
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
}
