//! The S3 store's variants: objects `~variants/<bucket>/<key>/<version>/<name>` (one
//! PutObject each), listed and deleted by that prefix.

use aws_sdk_s3::primitives::ByteStream as SdkByteStream;
use bytes::Bytes;

use super::{S3Store, body_stream, is_not_found, sdk_error};
use crate::backend::{Location, SizedStream, StoreError, check_variant_name};

impl S3Store {
    pub(super) async fn write_variant(
        &self,
        source: &Location,
        name: &str,
        bytes: Bytes,
    ) -> Result<(), StoreError> {
        check_variant_name(name)?;
        self.ready().await?;
        let size = bytes.len() as i64;
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(format!("{}{name}", Self::variant_prefix(source)))
            .content_length(size)
            .body(SdkByteStream::from(bytes))
            .send()
            .await
            .map_err(|err| sdk_error(&err))?;
        Ok(())
    }

    pub(super) async fn read_variant(
        &self,
        source: &Location,
        name: &str,
    ) -> Result<SizedStream, StoreError> {
        check_variant_name(name)?;
        let output = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(format!("{}{name}", Self::variant_prefix(source)))
            .send()
            .await
            .map_err(|err| sdk_error(&err))?;
        let len = output
            .content_length()
            .and_then(|len| u64::try_from(len).ok())
            .ok_or_else(|| StoreError::Backend("S3 sent no Content-Length".into()))?;
        Ok(SizedStream {
            len,
            body: body_stream(output.body),
        })
    }

    pub(super) async fn remove_variants(&self, source: &Location) -> Result<(), StoreError> {
        let prefix = Self::variant_prefix(source);
        let mut continuation: Option<String> = None;
        loop {
            let listed = match self
                .client
                .list_objects_v2()
                .bucket(&self.bucket)
                .prefix(&prefix)
                .set_continuation_token(continuation.take())
                .send()
                .await
            {
                Ok(listed) => listed,
                Err(err) if is_not_found(&err) => return Ok(()),
                Err(err) => return Err(sdk_error(&err)),
            };
            for object in listed.contents() {
                let Some(key) = object.key() else { continue };
                self.delete_key(key).await?;
            }
            match listed.next_continuation_token() {
                Some(token) if listed.is_truncated() == Some(true) => {
                    continuation = Some(token.to_string());
                }
                _ => return Ok(()),
            }
        }
    }
}
