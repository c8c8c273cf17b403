//! The transformation parameters of `/render/image/...`, exactly as storage-js sends them
//! (`width`, `height`, `resize`, `format`, `quality` in the query, or a `transform` object in
//! `POST /object/sign`), validated with Storage's schema and its messages (fastify + ajv with
//! type coercion: `querystring/width must be integer`), and what follows from them: the output
//! format for a request's `Accept`, the name of the cached variant, the `X-Transformations`
//! header, and the `transformations` string a signed URL's token carries.
//!
//! Pure functions only; the image work is in `pipeline`, the HTTP work in the parent module.
//! Reading the parameters (query, JSON, a token's claim) is `parse`; this module holds the
//! types and what follows from them.
use crate::error::StorageError;

mod parse;

/// imgproxy's (and so Supabase's) default quality.
pub(crate) const DEFAULT_QUALITY: u8 = 80;

/// The answer to `format=avif` (see the module docs of `render`): refused rather than answered
/// with another format than the one asked for.
pub(crate) const AVIF_UNSUPPORTED: &str =
    "AVIF output is not supported by this server: use format=webp or format=origin";

/// `resize`: how the picture fits a box of `width` x `height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resize {
    /// Keeps the aspect ratio, fills the box and crops what projects (the default).
    Cover,
    /// Keeps the aspect ratio and fits inside the box.
    Contain,
    /// Stretches to the box.
    Fill,
}

impl Resize {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "cover" => Some(Self::Cover),
            "contain" => Some(Self::Contain),
            "fill" => Some(Self::Fill),
            _ => None,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Self::Cover => "cover",
            Self::Contain => "contain",
            Self::Fill => "fill",
        }
    }

    /// imgproxy's name of the mode, as `X-Transformations` shows it.
    fn resizing_type(self) -> &'static str {
        match self {
            Self::Cover => "fill",
            Self::Contain => "fit",
            Self::Fill => "force",
        }
    }
}

/// `format`: what the client asked the output to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// The source's own format.
    Origin,
    Webp,
    Avif,
}

impl Format {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "origin" => Some(Self::Origin),
            "webp" => Some(Self::Webp),
            "avif" => Some(Self::Avif),
            _ => None,
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Origin => "origin",
            Self::Webp => "webp",
            Self::Avif => "avif",
        }
    }
}

/// What the answer is encoded as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Output {
    Webp,
    /// The source's format (JPEG, PNG, WebP or GIF).
    Origin,
}

/// A validated transformation request. `width`/`height` are None when absent or 0 (Storage
/// treats 0 as "not given") and are already capped at the configured maximum, as Storage
/// clamps them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Transform {
    pub(crate) width: Option<u32>,
    pub(crate) height: Option<u32>,
    pub(crate) resize: Option<Resize>,
    pub(crate) quality: Option<u8>,
    pub(crate) format: Option<Format>,
}

impl Transform {
    /// The `transformations` claim for a signed URL, as Storage writes it
    /// (`height:100,width:100,resize:cover,quality:80,format:webp`); empty when nothing
    /// changes the image, and then the signed URL is a plain download.
    pub(crate) fn signed_claim(self) -> String {
        let mut segments = Vec::new();
        if let Some(height) = self.height {
            segments.push(format!("height:{height}"));
        }
        if let Some(width) = self.width {
            segments.push(format!("width:{width}"));
        }
        if (self.width.is_some() || self.height.is_some())
            && let Some(resize) = self.resize
        {
            segments.push(format!("resize:{}", resize.as_str()));
        }
        if let Some(quality) = self.quality {
            segments.push(format!("quality:{quality}"));
        }
        if let Some(format) = self.format.filter(|format| *format != Format::Origin) {
            segments.push(format!("format:{}", format.as_str()));
        }
        segments.join(",")
    }

    /// Storage's `X-Transformations` header: what was applied, in imgproxy's words; None when
    /// nothing was asked.
    pub(crate) fn x_transformations(&self) -> Option<String> {
        let mut segments = Vec::new();
        if let Some(height) = self.height {
            segments.push(format!("height:{height}"));
        }
        if let Some(width) = self.width {
            segments.push(format!("width:{width}"));
        }
        if self.width.is_some() || self.height.is_some() {
            segments.push(format!(
                "resizing_type:{}",
                self.resize.unwrap_or(Resize::Cover).resizing_type()
            ));
        }
        if let Some(quality) = self.quality {
            segments.push(format!("quality:{quality}"));
        }
        if let Some(format) = self.format.filter(|format| *format != Format::Origin) {
            segments.push(format!("format:{}", format.as_str()));
        }
        (!segments.is_empty()).then(|| segments.join(","))
    }

    /// The resize mode in effect (cover when not given).
    pub(crate) fn mode(&self) -> Resize {
        self.resize.unwrap_or(Resize::Cover)
    }

    /// The quality in effect.
    pub(crate) fn effective_quality(&self) -> u8 {
        self.quality.unwrap_or(DEFAULT_QUALITY)
    }

    /// The output format for a request with this `Accept` header, and whether the answer
    /// depends on that header (`Vary: Accept`). Without `format`, WebP when the client takes
    /// it (imgproxy's WebP detection, as Supabase runs it), else the source's own format.
    pub(crate) fn output(&self, accept: Option<&str>) -> Result<(Output, bool), StorageError> {
        match self.format {
            Some(Format::Webp) => Ok((Output::Webp, false)),
            Some(Format::Origin) => Ok((Output::Origin, false)),
            Some(Format::Avif) => Err(StorageError::InvalidRequest(AVIF_UNSUPPORTED.into())),
            None => {
                let webp = accept.is_some_and(|accept| {
                    accept.split(',').any(|range| {
                        range
                            .split(';')
                            .next()
                            .unwrap_or_default()
                            .trim()
                            .eq_ignore_ascii_case("image/webp")
                    })
                });
                Ok((if webp { Output::Webp } else { Output::Origin }, true))
            }
        }
    }

    /// The name of the cached variant: the normalized parameters and the output, so that two
    /// requests that must give the same bytes share one variant
    /// (`800x0-cover-q80.webp`, `0x0-none-q80.origin`).
    pub(crate) fn variant_name(&self, output: Output) -> String {
        let mode = match (self.width, self.height) {
            (None, None) => "none",
            (Some(_), Some(_)) => self.mode().as_str(),
            // With one side given, cover and contain both scale by that side.
            _ if self.mode() == Resize::Fill => "fill",
            _ => "cover",
        };
        let extension = match output {
            Output::Webp => "webp",
            Output::Origin => "origin",
        };
        format!(
            "{}x{}-{mode}-q{}.{extension}",
            self.width.unwrap_or(0),
            self.height.unwrap_or(0),
            self.effective_quality()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A query string's transformations, or the error's text (also for `parse`'s tests).
    pub(super) fn query(text: &str) -> Result<Transform, String> {
        Transform::from_query(Some(text), 2500).map_err(|err| err.to_string())
    }

    #[test]
    fn signed_transformations_round_trip_in_storage_s_format() {
        let transform = Transform {
            width: Some(200),
            height: Some(100),
            resize: Some(Resize::Contain),
            quality: Some(60),
            format: Some(Format::Webp),
        };
        let text = transform.signed_claim();
        assert_eq!(
            text,
            "height:100,width:200,resize:contain,quality:60,format:webp"
        );
        assert_eq!(Transform::from_signed(&text, Some("webp"), 2500), transform);
        // Nothing that changes the picture: a plain download URL.
        assert_eq!(Transform::default().signed_claim(), "");
        let origin = Transform {
            format: Some(Format::Origin),
            ..Transform::default()
        };
        assert_eq!(origin.signed_claim(), "");
        // A token written by Storage itself (`resize:undefined` when resize was not given).
        let storage = Transform::from_signed("height:100,width:100,resize:undefined", None, 2500);
        assert_eq!(
            (
                storage.width,
                storage.height,
                storage.resize,
                storage.format
            ),
            (Some(100), Some(100), None, None)
        );
        assert_eq!(
            Transform::from_signed("width:50", Some("origin"), 2500).format,
            Some(Format::Origin)
        );
        // parseInt semantics, caps, junk skipped.
        let lenient =
            Transform::from_signed("width:12px,height:abc,quality:500,x:1,width", None, 10);
        assert_eq!(
            (lenient.width, lenient.height, lenient.quality),
            (Some(10), None, Some(100))
        );
    }

    #[test]
    fn x_transformations_name_what_was_applied_in_imgproxy_s_words() {
        assert_eq!(query("").unwrap().x_transformations(), None);
        assert_eq!(query("format=origin").unwrap().x_transformations(), None);
        assert_eq!(
            query("width=100&height=50")
                .unwrap()
                .x_transformations()
                .as_deref(),
            Some("height:50,width:100,resizing_type:fill")
        );
        assert_eq!(
            query("width=100&resize=contain&quality=70&format=webp")
                .unwrap()
                .x_transformations()
                .as_deref(),
            Some("width:100,resizing_type:fit,quality:70,format:webp")
        );
        assert_eq!(
            query("height=9&resize=fill")
                .unwrap()
                .x_transformations()
                .as_deref(),
            Some("height:9,resizing_type:force")
        );
        // resize alone changes nothing.
        assert_eq!(query("resize=fill").unwrap().x_transformations(), None);
    }

    #[test]
    fn the_output_follows_format_then_accept() {
        let chrome = Some("image/avif,image/webp,image/apng,image/*,*/*;q=0.8");
        let auto = Transform::default();
        assert_eq!(auto.output(chrome).unwrap(), (Output::Webp, true));
        assert_eq!(auto.output(Some("*/*")).unwrap(), (Output::Origin, true));
        assert_eq!(auto.output(None).unwrap(), (Output::Origin, true));
        assert_eq!(
            auto.output(Some("IMAGE/WEBP;q=1")).unwrap(),
            (Output::Webp, true)
        );
        let origin = query("format=origin").unwrap();
        assert_eq!(origin.output(chrome).unwrap(), (Output::Origin, false));
        let webp = query("format=webp").unwrap();
        assert_eq!(webp.output(None).unwrap(), (Output::Webp, false));
        let avif = query("format=avif").unwrap();
        assert_eq!(
            avif.output(chrome).map_err(|err| err.to_string()),
            Err(AVIF_UNSUPPORTED.to_string())
        );
    }

    #[test]
    fn equivalent_requests_share_a_variant() {
        let name = |text: &str, output| query(text).unwrap().variant_name(output);
        for (text, output, expected) in [
            ("width=800", Output::Webp, "800x0-cover-q80.webp"),
            (
                "width=800&resize=contain&quality=80",
                Output::Webp,
                "800x0-cover-q80.webp",
            ),
            ("width=800&resize=fill", Output::Webp, "800x0-fill-q80.webp"),
            (
                "width=8&height=9&resize=contain",
                Output::Origin,
                "8x9-contain-q80.origin",
            ),
            (
                "resize=fill&quality=30",
                Output::Origin,
                "0x0-none-q30.origin",
            ),
        ] {
            assert_eq!(name(text, output), expected, "{text}");
        }
        assert_ne!(
            name("width=800", Output::Webp),
            name("width=800", Output::Origin)
        );
        assert_ne!(
            name("width=800", Output::Webp),
            name("width=800&quality=81", Output::Webp)
        );
    }
}
