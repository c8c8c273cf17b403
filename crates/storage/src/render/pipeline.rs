//! The CPU work of one transformation, blocking (the caller runs it on the blocking pool):
//! recognise the source (JPEG, PNG, WebP, GIF's first frame), read its dimensions from the
//! header and refuse it before anything is decoded when it has more pixels than allowed (a
//! decompression bomb never allocates), decode, resize (fast_image_resize, Lanczos3, as
//! imgproxy's libvips does by default), apply the EXIF orientation (on the small result), and
//! encode: lossy WebP through libwebp, or the source's own format.
use std::io::Cursor;

use fast_image_resize as fr;
use image::codecs::gif::GifEncoder;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::metadata::Orientation;
use image::{
    DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, ImageFormat, ImageReader,
};

use super::geometry;
use super::params::{Output, Transform};

/// What a transformation may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Largest source resolution (width x height) that is decoded.
    pub(crate) max_pixels: u64,
}

/// An encoded answer.
#[derive(Debug)]
pub(crate) struct Rendered {
    pub(crate) bytes: Vec<u8>,
    pub(crate) content_type: &'static str,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

/// Why a source cannot be transformed (each is the caller's input, never a server fault,
/// except `Encode`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum RenderError {
    /// Not an image, a format that is not supported, or a broken file.
    #[error("The source image is invalid or unsupported for rendering")]
    Unsupported,
    #[error("The source image resolution is too large to process")]
    TooManyPixels,
    #[error("encoding the image failed: {0}")]
    Encode(String),
}

/// The formats that are decoded, and their type.
fn content_type(format: ImageFormat) -> Option<&'static str> {
    match format {
        ImageFormat::Jpeg => Some("image/jpeg"),
        ImageFormat::Png => Some("image/png"),
        ImageFormat::WebP => Some("image/webp"),
        ImageFormat::Gif => Some("image/gif"),
        _ => None,
    }
}

/// Whether the source must be turned by a quarter (then its axes are swapped on screen).
fn transposes(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

/// The decoded source and what it takes to show it upright.
struct Decoded {
    image: DynamicImage,
    format: ImageFormat,
    orientation: Orientation,
}

/// Checks the header, then decodes. The pixel limit is checked on the dimensions the header
/// declares, before the decoder allocates anything; the decoder's own allocation limit is set
/// to what that many pixels can need, as a second fence.
fn decode(source: &[u8], limits: Limits) -> Result<Decoded, RenderError> {
    let format = image::guess_format(source).map_err(|_| RenderError::Unsupported)?;
    content_type(format).ok_or(RenderError::Unsupported)?;
    let mut reader = ImageReader::with_format(Cursor::new(source), format);
    let mut decoder_limits = image::Limits::default();
    // Up to 16-bit RGBA per pixel, plus a little room for the decoders' own buffers.
    decoder_limits.max_alloc = Some(
        limits
            .max_pixels
            .saturating_mul(8)
            .saturating_add(64 * 1024 * 1024),
    );
    reader.limits(decoder_limits);
    let mut decoder = reader.into_decoder().map_err(|err| match err {
        image::ImageError::Limits(_) => RenderError::TooManyPixels,
        _ => RenderError::Unsupported,
    })?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(RenderError::Unsupported);
    }
    if u64::from(width) * u64::from(height) > limits.max_pixels {
        return Err(RenderError::TooManyPixels);
    }
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let image = DynamicImage::from_decoder(decoder).map_err(|err| match err {
        image::ImageError::Limits(_) => RenderError::TooManyPixels,
        _ => RenderError::Unsupported,
    })?;
    Ok(Decoded {
        image,
        format,
        orientation,
    })
}

/// Resizes `image` (8-bit RGB or RGBA) to `plan`.
fn resize(image: DynamicImage, plan: &geometry::Plan) -> Result<DynamicImage, RenderError> {
    let (width, height) = (image.width(), image.height());
    if plan.is_identity(width, height) {
        return Ok(image);
    }
    let encode_error = |err: &dyn std::fmt::Display| RenderError::Encode(err.to_string());
    let (pixel_type, rgba) = match &image {
        DynamicImage::ImageRgba8(_) => (fr::PixelType::U8x4, true),
        _ => (fr::PixelType::U8x3, false),
    };
    let source = fr::images::ImageRef::new(width, height, image.as_bytes(), pixel_type)
        .map_err(|err| encode_error(&err))?;
    let mut target = fr::images::Image::new(plan.width, plan.height, pixel_type);
    let (left, top, crop_width, crop_height) = plan.crop;
    let options = fr::ResizeOptions::new()
        .resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::Lanczos3))
        .crop(left, top, crop_width, crop_height);
    fr::Resizer::new()
        .resize(&source, &mut target, &options)
        .map_err(|err| encode_error(&err))?;
    let buffer = target.into_vec();
    let resized = if rgba {
        image::RgbaImage::from_raw(plan.width, plan.height, buffer).map(DynamicImage::ImageRgba8)
    } else {
        image::RgbImage::from_raw(plan.width, plan.height, buffer).map(DynamicImage::ImageRgb8)
    };
    resized.ok_or_else(|| RenderError::Encode("resized buffer has the wrong size".into()))
}

fn encode_webp(image: &DynamicImage, quality: u8) -> Result<Vec<u8>, RenderError> {
    let mut config = webp::WebPConfig::new()
        .map_err(|()| RenderError::Encode("libwebp configuration".into()))?;
    config.quality = f32::from(quality);
    config.method = 4;
    config.alpha_compression = 1;
    let (width, height) = (image.width(), image.height());
    let encoder = match image {
        DynamicImage::ImageRgba8(pixels) => {
            webp::Encoder::from_rgba(pixels.as_raw(), width, height)
        }
        DynamicImage::ImageRgb8(pixels) => webp::Encoder::from_rgb(pixels.as_raw(), width, height),
        _ => return Err(RenderError::Encode("unexpected pixel layout".into())),
    };
    let memory = encoder
        .encode_advanced(&config)
        .map_err(|err| RenderError::Encode(format!("libwebp: {err:?}")))?;
    Ok(memory.to_vec())
}

fn encode(
    image: &DynamicImage,
    format: ImageFormat,
    quality: u8,
) -> Result<(Vec<u8>, &'static str), RenderError> {
    let (width, height) = (image.width(), image.height());
    let color = match image {
        DynamicImage::ImageRgba8(_) => ExtendedColorType::Rgba8,
        _ => ExtendedColorType::Rgb8,
    };
    let mut bytes = Vec::new();
    let failed = |err: image::ImageError| RenderError::Encode(err.to_string());
    let content_type = match format {
        ImageFormat::WebP => return Ok((encode_webp(image, quality)?, "image/webp")),
        ImageFormat::Jpeg => {
            // JPEG has no alpha (a JPEG source never has one either).
            let rgb;
            let pixels = if color == ExtendedColorType::Rgba8 {
                rgb = DynamicImage::ImageRgb8(image.to_rgb8());
                rgb.as_bytes()
            } else {
                image.as_bytes()
            };
            JpegEncoder::new_with_quality(&mut bytes, quality)
                .encode(pixels, width, height, ExtendedColorType::Rgb8)
                .map_err(failed)?;
            "image/jpeg"
        }
        ImageFormat::Png => {
            PngEncoder::new_with_quality(
                &mut bytes,
                CompressionType::Default,
                FilterType::Adaptive,
            )
            .write_image(image.as_bytes(), width, height, color)
            .map_err(failed)?;
            "image/png"
        }
        ImageFormat::Gif => {
            GifEncoder::new_with_speed(&mut bytes, 10)
                .encode(image.as_bytes(), width, height, color)
                .map_err(failed)?;
            "image/gif"
        }
        _ => return Err(RenderError::Unsupported),
    };
    Ok((bytes, content_type))
}

/// The whole transformation of `source`.
pub(crate) fn render(
    source: &[u8],
    transform: &Transform,
    output: Output,
    limits: Limits,
) -> Result<Rendered, RenderError> {
    // A decoder that panics on a malformed file must not take the worker down: that file is
    // simply not an image we can read.
    let decoded = std::panic::catch_unwind(|| decode(source, limits)).unwrap_or_else(|_| {
        tracing::warn!("an image decoder panicked on a source image");
        Err(RenderError::Unsupported)
    })?;
    let Decoded {
        image,
        format,
        orientation,
    } = decoded;
    let image = if image.color().has_alpha() {
        DynamicImage::ImageRgba8(image.into_rgba8())
    } else {
        DynamicImage::ImageRgb8(image.into_rgb8())
    };
    // The plan is made for the picture as shown; a source stored turned by a quarter is
    // resized along its stored axes and turned afterwards, when it is small.
    let turned = transposes(orientation);
    let (shown_width, shown_height) = if turned {
        (image.height(), image.width())
    } else {
        (image.width(), image.height())
    };
    let plan = geometry::plan(
        shown_width,
        shown_height,
        transform.width,
        transform.height,
        transform.mode(),
    );
    let stored_plan = if turned { plan.transposed() } else { plan };
    let mut image = resize(image, &stored_plan)?;
    image.apply_orientation(orientation);
    let target = match output {
        Output::Webp => ImageFormat::WebP,
        Output::Origin => format,
    };
    let (bytes, content_type) = encode(&image, target, transform.effective_quality())?;
    Ok(Rendered {
        bytes,
        content_type,
        width: image.width(),
        height: image.height(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::params::{Format, Resize};

    const LIMITS: Limits = Limits {
        max_pixels: 50_000_000,
    };

    /// A photo-like picture: gradients and texture.
    fn picture(width: u32, height: u32) -> image::RgbImage {
        image::RgbImage::from_fn(width, height, |x, y| {
            let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
            image::Rgb([
                (255.0 * fx) as u8,
                (255.0 * fy) as u8,
                (128.0 + 100.0 * (fx * 40.0).sin() * (fy * 30.0).cos()) as u8,
            ])
        })
    }

    fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        image.write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        encoded(
            &DynamicImage::ImageRgb8(picture(width, height)),
            ImageFormat::Jpeg,
        )
    }

    fn sized(width: u32, height: u32) -> Transform {
        Transform {
            width: (width > 0).then_some(width),
            height: (height > 0).then_some(height),
            ..Transform::default()
        }
    }

    fn decode_output(bytes: &[u8]) -> DynamicImage {
        image::load_from_memory(bytes).unwrap()
    }

    #[test]
    fn resizes_and_encodes_webp_or_the_source_format() {
        let source = jpeg(400, 300);
        let webp = render(&source, &sized(200, 0), Output::Webp, LIMITS).unwrap();
        assert_eq!(webp.content_type, "image/webp");
        assert_eq!((webp.width, webp.height), (200, 150));
        assert_eq!(image::guess_format(&webp.bytes).unwrap(), ImageFormat::WebP);
        let shown = decode_output(&webp.bytes);
        assert_eq!((shown.width(), shown.height()), (200, 150));

        let origin = render(&source, &sized(100, 100), Output::Origin, LIMITS).unwrap();
        assert_eq!(origin.content_type, "image/jpeg");
        assert_eq!((origin.width, origin.height), (100, 100));
        assert_eq!(
            image::guess_format(&origin.bytes).unwrap(),
            ImageFormat::Jpeg
        );
    }

    #[test]
    fn keeps_transparency_and_every_source_format() {
        let rgba =
            image::RgbaImage::from_fn(64, 32, |x, _| image::Rgba([200, 10, 10, (x * 4) as u8]));
        let png = encoded(&DynamicImage::ImageRgba8(rgba.clone()), ImageFormat::Png);
        let out = render(&png, &sized(32, 0), Output::Origin, LIMITS).unwrap();
        assert_eq!(out.content_type, "image/png");
        let shown = decode_output(&out.bytes);
        assert!(shown.color().has_alpha());
        assert_eq!((shown.width(), shown.height()), (32, 16));
        let webp = render(&png, &sized(32, 0), Output::Webp, LIMITS).unwrap();
        assert!(decode_output(&webp.bytes).color().has_alpha());

        let gif = encoded(&DynamicImage::ImageRgba8(rgba), ImageFormat::Gif);
        let out = render(&gif, &sized(16, 0), Output::Origin, LIMITS).unwrap();
        assert_eq!(out.content_type, "image/gif");
        assert_eq!(decode_output(&out.bytes).width(), 16);

        let webp_source = render(&jpeg(80, 40), &Transform::default(), Output::Webp, LIMITS)
            .unwrap()
            .bytes;
        let out = render(&webp_source, &sized(40, 0), Output::Origin, LIMITS).unwrap();
        assert_eq!(out.content_type, "image/webp");
        assert_eq!((out.width, out.height), (40, 20));
    }

    #[test]
    fn quality_changes_the_size() {
        let source = jpeg(400, 300);
        let low = Transform {
            quality: Some(20),
            ..Transform::default()
        };
        let high = Transform {
            quality: Some(100),
            ..Transform::default()
        };
        for output in [Output::Webp, Output::Origin] {
            let small = render(&source, &low, output, LIMITS).unwrap().bytes.len();
            let large = render(&source, &high, output, LIMITS).unwrap().bytes.len();
            assert!(small * 2 < large, "{output:?}: {small} vs {large}");
        }
    }

    #[test]
    fn every_resize_mode_gives_imgproxy_s_dimensions() {
        let source = jpeg(400, 300);
        for (resize, expected) in [
            (Resize::Cover, (100, 100)),
            (Resize::Contain, (100, 75)),
            (Resize::Fill, (100, 100)),
        ] {
            let transform = Transform {
                resize: Some(resize),
                ..sized(100, 100)
            };
            let out = render(&source, &transform, Output::Origin, LIMITS).unwrap();
            assert_eq!((out.width, out.height), expected, "{resize:?}");
        }
    }

    /// A well-formed PNG declaring 50000 x 50000 pixels (7.5 GB decoded) in 65 bytes; the
    /// integration tests upload the same file.
    const PNG_BOMB: &[u8] = include_bytes!("testdata/png-bomb-50000x50000.png");

    #[test]
    fn refuses_decompression_bombs_before_decoding() {
        let started = std::time::Instant::now();
        assert_eq!(
            render(PNG_BOMB, &sized(10, 10), Output::Webp, LIMITS).unwrap_err(),
            RenderError::TooManyPixels
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
        // And a limit below a real picture's size.
        let small_limit = Limits { max_pixels: 1000 };
        assert_eq!(
            render(&jpeg(100, 100), &sized(10, 10), Output::Webp, small_limit).unwrap_err(),
            RenderError::TooManyPixels
        );
    }

    #[test]
    fn refuses_what_is_not_an_image_it_can_read() {
        for source in [
            b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj".to_vec(),
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            b"".to_vec(),
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDRgarbage".to_vec(),
            jpeg(50, 50)[..200].to_vec(),
            b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0".to_vec(),
            b"II*\0\x08\0\0\0junk".to_vec(),
        ] {
            assert_eq!(
                render(&source, &sized(10, 0), Output::Webp, LIMITS).unwrap_err(),
                RenderError::Unsupported
            );
        }
    }

    #[test]
    fn exif_orientation_is_applied() {
        // A 40x20 JPEG whose EXIF says "rotate 90° clockwise": shown as 20x40.
        let plain = jpeg(40, 20);
        let rotated = with_exif_orientation(&plain, 6);
        let out = render(&rotated, &Transform::default(), Output::Origin, LIMITS).unwrap();
        assert_eq!((out.width, out.height), (20, 40));
        let out = render(&rotated, &sized(10, 0), Output::Webp, LIMITS).unwrap();
        assert_eq!((out.width, out.height), (10, 20));
        let cover = Transform {
            resize: Some(Resize::Cover),
            format: Some(Format::Webp),
            ..sized(10, 10)
        };
        let out = render(&rotated, &cover, Output::Webp, LIMITS).unwrap();
        assert_eq!((out.width, out.height), (10, 10));
    }

    /// `jpeg` with an APP1 Exif segment holding only the orientation tag.
    fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
        let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
        tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
        tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
        tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
        tiff.extend_from_slice(&1u32.to_be_bytes()); // count
        tiff.extend_from_slice(&orientation.to_be_bytes());
        tiff.extend_from_slice(&[0, 0]);
        tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
        let mut segment = b"Exif\0\0".to_vec();
        segment.extend_from_slice(&tiff);
        let mut out = jpeg[..2].to_vec(); // SOI
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&((segment.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(&segment);
        out.extend_from_slice(&jpeg[2..]);
        out
    }
}
