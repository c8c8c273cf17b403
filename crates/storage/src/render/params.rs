//! The transformation parameters of `/render/image/...`, exactly as storage-js sends them
//! (`width`, `height`, `resize`, `format`, `quality` in the query, or a `transform` object in
//! `POST /object/sign`), validated with Storage's schema and its messages (fastify + ajv with
//! type coercion: `querystring/width must be integer`), and what follows from them: the output
//! format for a request's `Accept`, the name of the cached variant, the `X-Transformations`
//! header, and the `transformations` string a signed URL's token carries.
//!
//! Pure functions only; the image work is in `pipeline`, the HTTP work in the parent module.
use std::borrow::Cow;

use serde_json::Value;

use crate::error::StorageError;

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

/// One property as the request carries it, before validation.
enum Field<'a> {
    Missing,
    Text(Cow<'a, str>),
    Number(f64),
    /// Repeated in the query, or a JSON value of the wrong kind (array, object, boolean).
    Other,
}

fn bad(path: &str, message: &str) -> StorageError {
    StorageError::BadRequest(format!("{path} {message}"))
}

/// ajv's number coercion of a string (`data == +data`, not empty): surrounding whitespace is
/// ignored, decimals and exponents are numbers; anything else (hex aside) is not.
fn coerce_number(text: &str) -> Option<f64> {
    let trimmed = text.trim();
    if trimmed.is_empty()
        || !trimmed
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
    {
        return None;
    }
    trimmed
        .parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
}

/// An integer property with a minimum and an optional maximum; None when absent.
fn integer(
    field: Field<'_>,
    path: &str,
    min: f64,
    max: Option<f64>,
) -> Result<Option<f64>, StorageError> {
    let value = match field {
        Field::Missing => return Ok(None),
        Field::Number(value) => Some(value),
        Field::Text(text) => coerce_number(&text),
        Field::Other => None,
    };
    let value = value
        .filter(|value| value.is_finite() && value.fract() == 0.0)
        .ok_or_else(|| bad(path, "must be integer"))?;
    if value < min {
        return Err(bad(path, &format!("must be >= {min}")));
    }
    if let Some(max) = max
        && value > max
    {
        return Err(bad(path, &format!("must be <= {max}")));
    }
    Ok(Some(value))
}

/// A string property from a fixed set; None when absent.
fn one_of<T>(
    field: Field<'_>,
    path: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, StorageError> {
    match field {
        Field::Missing => Ok(None),
        Field::Text(text) => parse(&text)
            .map(Some)
            .ok_or_else(|| bad(path, "must be equal to one of the allowed values")),
        // The query gives strings only; a JSON number is coerced to its text by ajv, which is
        // never one of the allowed words.
        Field::Number(_) => Err(bad(path, "must be equal to one of the allowed values")),
        Field::Other => Err(bad(path, "must be string")),
    }
}

/// A dimension: 0 means "not given", anything above `max` is capped (Storage clamps).
fn dimension(value: Option<f64>, max: u32) -> Option<u32> {
    value
        .filter(|value| *value >= 1.0)
        .map(|value| value.min(f64::from(max.max(1))) as u32)
}

/// `a=1&b=x%20y`: the percent-decoded pairs (`+` is a space).
fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    let decode = |text: &str| {
        percent_encoding::percent_decode_str(&text.replace('+', " "))
            .decode_utf8_lossy()
            .into_owned()
    };
    query
        .unwrap_or_default()
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key), decode(value))
        })
        .collect()
}

/// C's and JavaScript's `parseInt(text, 10)`: leading whitespace, a sign, then digits; None
/// when there are none.
fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let end = digits
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(digits.len());
    let value: i64 = digits[..end].parse().ok().or_else(|| {
        // More digits than an i64 holds: a very large number.
        (end > 0).then_some(i64::MAX)
    })?;
    Some(if negative { -value } else { value })
}

impl Transform {
    fn validate<'a>(
        mut field: impl FnMut(&str) -> Field<'a>,
        prefix: &str,
        max_dimension: u32,
    ) -> Result<Self, StorageError> {
        // ajv reports the first failing property in the schema's order.
        let path = |name: &str| format!("{prefix}/{name}");
        let height = integer(field("height"), &path("height"), 0.0, None)?;
        let width = integer(field("width"), &path("width"), 0.0, None)?;
        let resize = one_of(field("resize"), &path("resize"), Resize::parse)?;
        let format = one_of(field("format"), &path("format"), Format::parse)?;
        let quality = integer(field("quality"), &path("quality"), 20.0, Some(100.0))?;
        Ok(Self {
            width: dimension(width, max_dimension),
            height: dimension(height, max_dimension),
            resize,
            quality: quality.map(|quality| quality as u8),
            format,
        })
    }

    /// The query of `/render/image/public|authenticated/...`.
    pub(crate) fn from_query(
        query: Option<&str>,
        max_dimension: u32,
    ) -> Result<Self, StorageError> {
        let pairs = query_pairs(query);
        Self::validate(
            |name| {
                let mut values = pairs.iter().filter(|(key, _)| key == name);
                match (values.next(), values.next()) {
                    (None, _) => Field::Missing,
                    (Some((_, value)), None) => Field::Text(Cow::Owned(value.clone())),
                    // fastify turns a repeated parameter into an array.
                    (Some(_), Some(_)) => Field::Other,
                }
            },
            "querystring",
            max_dimension,
        )
    }

    /// The `transform` object of `POST /object/sign/...`.
    pub(crate) fn from_json(value: &Value, max_dimension: u32) -> Result<Self, StorageError> {
        let Value::Object(map) = value else {
            return Err(bad("body/transform", "must be object"));
        };
        Self::validate(
            |name| match map.get(name) {
                None | Some(Value::Null) => Field::Missing,
                Some(Value::Number(number)) => number.as_f64().map_or(Field::Other, Field::Number),
                Some(Value::String(text)) => Field::Text(Cow::Borrowed(text.as_str())),
                Some(_) => Field::Other,
            },
            "body/transform",
            max_dimension,
        )
    }

    /// The `transformations` claim of a signed URL's token (and its `format` claim), read as
    /// Storage reads it: `name:value` pairs, unknown or empty ones skipped, numbers as
    /// `parseInt` reads them. The token was validated when it was signed; this never fails.
    pub(crate) fn from_signed(
        transformations: &str,
        format: Option<&str>,
        max_dimension: u32,
    ) -> Self {
        let mut transform = Self::default();
        for param in transformations.split(',') {
            let mut parts = param.split(':');
            let (Some(name), Some(value)) = (parts.next(), parts.next()) else {
                continue;
            };
            if value.is_empty() {
                continue;
            }
            let positive = || parse_int(value).filter(|number| *number > 0);
            match name {
                "width" => {
                    transform.width =
                        positive().map(|n| n.min(i64::from(max_dimension.max(1))) as u32);
                }
                "height" => {
                    transform.height =
                        positive().map(|n| n.min(i64::from(max_dimension.max(1))) as u32);
                }
                "resize" => transform.resize = Resize::parse(value),
                "format" => transform.format = Format::parse(value),
                "quality" => transform.quality = positive().map(|n| n.clamp(1, 100) as u8),
                _ => {}
            }
        }
        // The format claim keeps `origin` (the transformations string never names it).
        if transform.format.is_none() {
            transform.format = format.and_then(Format::parse);
        }
        transform
    }

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
    use serde_json::json;

    fn query(text: &str) -> Result<Transform, String> {
        Transform::from_query(Some(text), 2500).map_err(|err| err.to_string())
    }

    #[test]
    fn reads_every_parameter_storage_js_sends() {
        assert_eq!(
            query("width=800&height=600&resize=contain&format=origin&quality=55").unwrap(),
            Transform {
                width: Some(800),
                height: Some(600),
                resize: Some(Resize::Contain),
                quality: Some(55),
                format: Some(Format::Origin),
            }
        );
        assert_eq!(query("").unwrap(), Transform::default());
        assert_eq!(
            Transform::from_query(None, 2500).unwrap(),
            Transform::default()
        );
        // Unknown parameters (download, cacheNonce, token, ...) are not transformations.
        assert_eq!(
            query("download=a.png&cacheNonce=1&width=10").unwrap().width,
            Some(10)
        );
        // 0 means "not given"; numbers are coerced as ajv does.
        assert_eq!(query("width=0").unwrap().width, None);
        assert_eq!(query("width=%2012%20").unwrap().width, Some(12));
        assert_eq!(query("width=12.0").unwrap().width, Some(12));
        assert_eq!(query("width=1e3").unwrap().width, Some(1000));
        assert_eq!(query("quality=20").unwrap().quality, Some(20));
        assert_eq!(query("quality=100").unwrap().quality, Some(100));
    }

    #[test]
    fn dimensions_are_capped_not_refused() {
        let transform = query("width=99999&height=2501").unwrap();
        assert_eq!(
            (transform.width, transform.height),
            (Some(2500), Some(2500))
        );
        assert_eq!(
            Transform::from_query(Some("width=100"), 50).unwrap().width,
            Some(50)
        );
        assert_eq!(query("width=1e300").unwrap().width, Some(2500));
    }

    #[test]
    fn bad_parameters_get_storage_s_validation_messages() {
        for (input, message) in [
            ("width=abc", "querystring/width must be integer"),
            ("width=", "querystring/width must be integer"),
            ("width=12.5", "querystring/width must be integer"),
            ("width=Infinity", "querystring/width must be integer"),
            ("width=1&width=2", "querystring/width must be integer"),
            ("width=-1", "querystring/width must be >= 0"),
            ("height=x&width=y", "querystring/height must be integer"),
            (
                "resize=stretch",
                "querystring/resize must be equal to one of the allowed values",
            ),
            (
                "resize=COVER",
                "querystring/resize must be equal to one of the allowed values",
            ),
            (
                "format=png",
                "querystring/format must be equal to one of the allowed values",
            ),
            ("quality=19", "querystring/quality must be >= 20"),
            ("quality=101", "querystring/quality must be <= 100"),
            ("quality=high", "querystring/quality must be integer"),
        ] {
            assert_eq!(query(input), Err(message.to_string()), "{input}");
        }
        let error = Transform::from_query(Some("width=abc"), 2500).unwrap_err();
        assert_eq!(error.code(), "InvalidRequest");
        assert_eq!(error.status_code(), "400");
    }

    #[test]
    fn the_sign_body_is_validated_with_its_own_path() {
        let transform = Transform::from_json(
            &json!({"width": 100, "height": "50", "resize": "fill"}),
            2500,
        )
        .unwrap();
        assert_eq!(
            (transform.width, transform.height, transform.resize),
            (Some(100), Some(50), Some(Resize::Fill))
        );
        for (input, message) in [
            (
                json!({"width": 1.5}),
                "body/transform/width must be integer",
            ),
            (
                json!({"width": true}),
                "body/transform/width must be integer",
            ),
            (
                json!({"quality": 5}),
                "body/transform/quality must be >= 20",
            ),
            (
                json!({"resize": 3}),
                "body/transform/resize must be equal to one of the allowed values",
            ),
            (
                json!({"format": ["webp"]}),
                "body/transform/format must be string",
            ),
            (json!("wide"), "body/transform must be object"),
        ] {
            assert_eq!(
                Transform::from_json(&input, 2500).map_err(|err| err.to_string()),
                Err(message.to_string()),
                "{input}"
            );
        }
        assert_eq!(
            Transform::from_json(&json!({"width": null}), 2500).unwrap(),
            Transform::default()
        );
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
        assert_eq!(name("width=800", Output::Webp), "800x0-cover-q80.webp");
        assert_eq!(
            name("width=800&resize=contain&quality=80", Output::Webp),
            "800x0-cover-q80.webp"
        );
        assert_eq!(
            name("width=800&resize=fill", Output::Webp),
            "800x0-fill-q80.webp"
        );
        assert_eq!(
            name("width=8&height=9&resize=contain", Output::Origin),
            "8x9-contain-q80.origin"
        );
        assert_eq!(
            name("resize=fill&quality=30", Output::Origin),
            "0x0-none-q30.origin"
        );
        assert_ne!(
            name("width=800", Output::Webp),
            name("width=800", Output::Origin)
        );
        assert_ne!(
            name("width=800", Output::Webp),
            name("width=800&quality=81", Output::Webp)
        );
    }

    #[test]
    fn parse_int_reads_like_javascript() {
        assert_eq!(parse_int("12px"), Some(12));
        assert_eq!(parse_int("  -3"), Some(-3));
        assert_eq!(parse_int("abc"), None);
        assert_eq!(parse_int(""), None);
        assert_eq!(parse_int("99999999999999999999999"), Some(i64::MAX));
    }
}
