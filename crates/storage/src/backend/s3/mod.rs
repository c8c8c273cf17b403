//! The S3 store (AWS, MinIO, Garage, R2, ... through aws-sdk-s3): object
//! `<bucket>/<key>/<version>` in one configured S3 bucket. Uploads go up in parts of
//! [`PART_SIZE`] (one PutObject when the body is smaller), so memory stays flat; an upload that
//! fails or is cancelled is aborted, and S3 only shows an object once it is complete. Variants of
//! a version are objects `~variants/<bucket>/<key>/<version>/<name>` (one PutObject each).
use std::io;
use std::sync::Arc;

use aws_sdk_s3::Client;
use aws_sdk_s3::config::{
    BehaviorVersion, Credentials, Region, RequestChecksumCalculation, ResponseChecksumValidation,
};
use aws_sdk_s3::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_s3::primitives::ByteStream as SdkByteStream;
use aws_sdk_s3::types::{
    BucketLocationConstraint, CompletedMultipartUpload, CompletedPart, CreateBucketConfiguration,
};
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt as _;
use secrecy::{ExposeSecret as _, SecretString};
use tokio::sync::OnceCell;

use super::{ByteRange, ByteStream, Location, StoreError};

mod variants;

/// Parts of a multipart upload (S3 wants at least 5 MiB for all but the last).
const PART_SIZE: usize = 8 * 1024 * 1024;

/// How to reach the bucket.
#[derive(Debug, Clone)]
pub struct S3Settings {
    /// Custom endpoint (MinIO, R2, ...); None for AWS.
    pub endpoint: Option<String>,
    pub region: String,
    pub bucket: String,
    pub force_path_style: bool,
    pub access_key_id: String,
    pub secret_access_key: SecretString,
}

#[derive(Debug, Clone)]
pub struct S3Store {
    client: Client,
    bucket: String,
    region: String,
    /// Set once the bucket is known to exist (checked, or created, before the first write).
    ready: Arc<OnceCell<()>>,
}

fn sdk_error<E, R>(err: &SdkError<E, R>) -> StoreError
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    let code = match err {
        SdkError::ServiceError(service) => service.err().code(),
        _ => None,
    };
    match code {
        Some("NoSuchKey" | "NotFound") => StoreError::NotFound,
        _ => StoreError::Backend(DisplayErrorContext(err).to_string()),
    }
}

/// Whether the key an S3 call was about is there: true when the call succeeded, false when S3
/// answered that the key does not exist; any other failure is the error.
fn key_present<O, E, R>(answer: Result<O, SdkError<E, R>>) -> Result<bool, StoreError>
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    match answer {
        Ok(_) => Ok(true),
        Err(err) => match sdk_error(&err) {
            StoreError::NotFound => Ok(false),
            other => Err(other),
        },
    }
}

/// A GetObject body as the store's stream (the SDK's errors as I/O errors).
fn body_stream(body: SdkByteStream) -> ByteStream {
    Box::pin(futures_util::stream::unfold(body, |mut body| async move {
        match body.next().await {
            Some(Ok(bytes)) => Some((Ok(bytes), body)),
            Some(Err(err)) => Some((Err(io::Error::other(err)), body)),
            None => None,
        }
    }))
}

fn is_not_found<E, R>(err: &SdkError<E, R>) -> bool
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    match err {
        SdkError::ServiceError(service) => {
            matches!(service.err().code(), Some("NoSuchBucket" | "NotFound"))
                || format!("{:?}", service.raw()).contains("404")
        }
        _ => false,
    }
}

/// Aborts a multipart upload that was neither completed nor aborted (a cancelled request).
struct MultipartGuard {
    client: Client,
    bucket: String,
    key: String,
    upload_id: String,
    armed: bool,
}

impl Drop for MultipartGuard {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let request = self
            .client
            .abort_multipart_upload()
            .bucket(&self.bucket)
            .key(&self.key)
            .upload_id(&self.upload_id);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = request.send().await;
            });
        }
    }
}

/// Reads chunks into `buffer` until it holds `PART_SIZE` bytes or the body ends; returns true
/// at the end of the body.
async fn fill(body: &mut ByteStream, buffer: &mut BytesMut) -> Result<bool, StoreError> {
    while buffer.len() < PART_SIZE {
        match body.next().await {
            Some(chunk) => buffer.extend_from_slice(&chunk.map_err(StoreError::Body)?),
            None => return Ok(true),
        }
    }
    Ok(false)
}

impl S3Store {
    pub fn new(settings: &S3Settings) -> Self {
        let http_client = aws_smithy_http_client::Builder::new()
            .tls_provider(aws_smithy_http_client::tls::Provider::Rustls(
                aws_smithy_http_client::tls::rustls_provider::CryptoMode::Ring,
            ))
            .build_https();
        let mut builder = aws_sdk_s3::Config::builder()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new(settings.region.clone()))
            .credentials_provider(Credentials::new(
                settings.access_key_id.clone(),
                settings.secret_access_key.expose_secret().to_owned(),
                None,
                None,
                "claimbridge-configuration",
            ))
            .force_path_style(settings.force_path_style)
            // Flexible checksums only where S3 requires them: MinIO, Garage, R2 and test
            // servers do not all speak the newer checksum headers.
            .request_checksum_calculation(RequestChecksumCalculation::WhenRequired)
            .response_checksum_validation(ResponseChecksumValidation::WhenRequired)
            .http_client(http_client);
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.endpoint_url(endpoint);
        }
        Self {
            client: Client::from_conf(builder.build()),
            bucket: settings.bucket.clone(),
            region: settings.region.clone(),
            ready: Arc::new(OnceCell::new()),
        }
    }

    fn object_key(location: &Location) -> String {
        format!("{}/{}/{}", location.bucket, location.key, location.version)
    }

    /// The common prefix of a version's variants.
    fn variant_prefix(source: &Location) -> String {
        format!(
            "~variants/{}/{}/{}/",
            source.bucket, source.key, source.version
        )
    }

    /// Makes sure the bucket exists, once per process (retried after a failure).
    async fn ready(&self) -> Result<(), StoreError> {
        self.ready
            .get_or_try_init(|| self.ensure_bucket())
            .await
            .map(|_| ())
    }

    async fn ensure_bucket(&self) -> Result<(), StoreError> {
        match self.client.head_bucket().bucket(&self.bucket).send().await {
            Ok(_) => return Ok(()),
            Err(err) if is_not_found(&err) => {}
            Err(err) => return Err(StoreError::Backend(DisplayErrorContext(&err).to_string())),
        }
        let mut create = self.client.create_bucket().bucket(&self.bucket);
        if self.region != "us-east-1" {
            create = create.create_bucket_configuration(
                CreateBucketConfiguration::builder()
                    .location_constraint(BucketLocationConstraint::from(self.region.as_str()))
                    .build(),
            );
        }
        match create.send().await {
            Ok(_) => Ok(()),
            Err(err) => {
                let code = match &err {
                    SdkError::ServiceError(service) => service.err().code(),
                    _ => None,
                };
                if matches!(
                    code,
                    Some("BucketAlreadyOwnedByYou" | "BucketAlreadyExists")
                ) {
                    Ok(())
                } else {
                    Err(StoreError::Backend(DisplayErrorContext(&err).to_string()))
                }
            }
        }
    }

    async fn write(&self, location: &Location, mut body: ByteStream) -> Result<u64, StoreError> {
        self.ready().await?;
        let key = Self::object_key(location);
        let mut buffer = BytesMut::with_capacity(PART_SIZE);
        let mut ended = fill(&mut body, &mut buffer).await?;
        if ended {
            let bytes = buffer.freeze();
            let size = bytes.len() as u64;
            self.client
                .put_object()
                .bucket(&self.bucket)
                .key(&key)
                .content_length(size as i64)
                .body(SdkByteStream::from(bytes))
                .send()
                .await
                .map_err(|err| sdk_error(&err))?;
            return Ok(size);
        }

        let created = self
            .client
            .create_multipart_upload()
            .bucket(&self.bucket)
            .key(&key)
            .send()
            .await
            .map_err(|err| sdk_error(&err))?;
        let upload_id = created
            .upload_id()
            .ok_or_else(|| StoreError::Backend("S3 returned no upload id".into()))?
            .to_string();
        let mut guard = MultipartGuard {
            client: self.client.clone(),
            bucket: self.bucket.clone(),
            key: key.clone(),
            upload_id: upload_id.clone(),
            armed: true,
        };
        let mut parts = Vec::new();
        let mut size = 0u64;
        let mut number = 1i32;
        loop {
            let part: Bytes = buffer.split().freeze();
            if !part.is_empty() || parts.is_empty() {
                size += part.len() as u64;
                let uploaded = self
                    .client
                    .upload_part()
                    .bucket(&self.bucket)
                    .key(&key)
                    .upload_id(&upload_id)
                    .part_number(number)
                    .content_length(part.len() as i64)
                    .body(SdkByteStream::from(part))
                    .send()
                    .await
                    .map_err(|err| sdk_error(&err))?;
                parts.push(
                    CompletedPart::builder()
                        .part_number(number)
                        .set_e_tag(uploaded.e_tag().map(str::to_string))
                        .build(),
                );
                number += 1;
            }
            if ended {
                break;
            }
            buffer.reserve(PART_SIZE);
            ended = fill(&mut body, &mut buffer).await?;
        }
        self.client
            .complete_multipart_upload()
            .bucket(&self.bucket)
            .key(&key)
            .upload_id(&upload_id)
            .multipart_upload(
                CompletedMultipartUpload::builder()
                    .set_parts(Some(parts))
                    .build(),
            )
            .send()
            .await
            .map_err(|err| sdk_error(&err))?;
        guard.armed = false;
        Ok(size)
    }

    async fn read(
        &self,
        location: &Location,
        range: Option<ByteRange>,
    ) -> Result<ByteStream, StoreError> {
        let mut request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(Self::object_key(location));
        if let Some(range) = range {
            request = request.range(format!("bytes={}-{}", range.start, range.end));
        }
        let output = request.send().await.map_err(|err| sdk_error(&err))?;
        Ok(body_stream(output.body))
    }

    async fn remove(&self, location: &Location) -> Result<(), StoreError> {
        self.delete_key(&Self::object_key(location)).await
    }

    /// Deletes one S3 key; a key that is already gone is no error.
    async fn delete_key(&self, key: &str) -> Result<(), StoreError> {
        let answer = self
            .client
            .delete_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await;
        key_present(answer).map(|_present| ())
    }

    async fn duplicate(&self, from: &Location, to: &Location) -> Result<(), StoreError> {
        self.ready().await?;
        const KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
            .remove(b'/')
            .remove(b'-')
            .remove(b'_')
            .remove(b'.')
            .remove(b'~');
        let source = format!(
            "{}/{}",
            self.bucket,
            percent_encoding::utf8_percent_encode(&Self::object_key(from), KEEP)
        );
        self.client
            .copy_object()
            .bucket(&self.bucket)
            .key(Self::object_key(to))
            .copy_source(source)
            .send()
            .await
            .map_err(|err| sdk_error(&err))?;
        Ok(())
    }

    async fn stored(&self, location: &Location) -> Result<bool, StoreError> {
        let answer = self
            .client
            .head_object()
            .bucket(&self.bucket)
            .key(Self::object_key(location))
            .send()
            .await;
        key_present(answer)
    }
}

object_store_from_inherent_methods!(S3Store, "s3");
