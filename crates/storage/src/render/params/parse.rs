//! Reading the transformation parameters: the query of `/render/image/...` and the
//! `transform` object of `POST /object/sign`, validated as Storage's fastify + ajv schema does
//! (with its type coercion and messages), and the `transformations` claim of a signed URL's
//! token, read as Storage reads it.
use std::borrow::Cow;

use serde_json::Value;

use super::{Format, Resize, Transform};
use crate::error::StorageError;

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
}

#[cfg(test)]
mod tests {
    use super::super::tests::query;
    use super::*;
    use serde_json::json;

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
    fn parse_int_reads_like_javascript() {
        assert_eq!(parse_int("12px"), Some(12));
        assert_eq!(parse_int("  -3"), Some(-3));
        assert_eq!(parse_int("abc"), None);
        assert_eq!(parse_int(""), None);
        assert_eq!(parse_int("99999999999999999999999"), Some(i64::MAX));
    }
}
