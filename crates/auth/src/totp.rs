//! TOTP (RFC 6238) as authenticator apps and GoTrue use it: a 160-bit secret in base32,
//! HMAC-SHA1, 30-second steps, six digits, one step of clock skew either way; the
//! `otpauth://` URI and its QR code as SVG (auth-js turns it into a data URL).
use hmac::{Hmac, Mac};
use rand::RngCore as _;
use sha1::Sha1;

const STEP_SECONDS: i64 = 30;
const DIGITS: u32 = 6;
const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new shared secret, base32 without padding (as GoTrue's library makes them).
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    rand::rng().fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(BASE32[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(BASE32[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.trim_end_matches('=').chars() {
        let value = BASE32
            .iter()
            .position(|&b| b == c.to_ascii_uppercase() as u8)?;
        buffer = (buffer << 5) | value as u32;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

/// The code for time step `step`.
fn code_at(key: &[u8], step: i64) -> String {
    let mut mac = <Hmac<Sha1> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = (digest[19] & 0x0f) as usize;
    let number = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]) % 10u32.pow(DIGITS);
    format!("{number:06}")
}

/// The time step `code` is valid for at `unix_time` (one step of skew either way), if any.
pub(crate) fn matching_step(secret: &str, code: &str, unix_time: i64) -> Option<i64> {
    let key = base32_decode(secret)?;
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let now = unix_time.div_euclid(STEP_SECONDS);
    [now, now - 1, now + 1].into_iter().find(|&step| {
        bool::from(subtle::ConstantTimeEq::ct_eq(
            code_at(&key, step).as_bytes(),
            code.as_bytes(),
        ))
    })
}

/// `otpauth://totp/{issuer}:{account}?secret=..&issuer=..&algorithm=SHA1&digits=6&period=30`.
pub(crate) fn uri(secret: &str, issuer: &str, account: &str) -> String {
    let label: String =
        url::form_urlencoded::byte_serialize(format!("{issuer}:{account}").as_bytes())
            .collect::<String>()
            .replace('+', "%20");
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("algorithm", "SHA1")
        .append_pair("digits", "6")
        .append_pair("issuer", issuer)
        .append_pair("period", "30")
        .append_pair("secret", secret)
        .finish();
    format!("otpauth://totp/{label}?{query}")
}

/// The URI as an SVG QR code. Its colours are named, not `#rrggbb`: auth-js hands the SVG to
/// the page as `data:image/svg+xml;utf-8,<svg>` unencoded, where a `#` would end the URL.
pub(crate) fn qr_svg(uri: &str) -> Option<String> {
    use qrcode::render::svg::Color;
    let code = qrcode::QrCode::with_error_correction_level(uri, qrcode::EcLevel::M).ok()?;
    Some(
        code.render::<Color<'_>>()
            .min_dimensions(200, 200)
            .dark_color(Color("black"))
            .light_color(Color("white"))
            .build(),
    )
}

#[cfg(test)]
pub(crate) fn code_now(secret: &str, unix_time: i64) -> String {
    code_at(
        &base32_decode(secret).expect("base32"),
        unix_time.div_euclid(STEP_SECONDS),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc6238_vectors() {
        // RFC 6238 appendix B, SHA1, 8 digits truncated to the last six.
        let secret = base32_encode(b"12345678901234567890");
        for (time, code) in [
            (59, "287082"),
            (1_111_111_109, "081804"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(code_now(&secret, time), code, "at {time}");
            assert_eq!(matching_step(&secret, code, time), Some(time / 30));
        }
    }

    #[test]
    fn skew_is_one_step_and_bad_codes_never_match() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        let now = 1_700_000_000;
        let code = code_now(&secret, now);
        assert!(matching_step(&secret, &code, now + 30).is_some());
        assert!(matching_step(&secret, &code, now - 30).is_some());
        assert!(matching_step(&secret, &code, now + 90).is_none());
        assert!(matching_step(&secret, "12345", now).is_none());
        assert!(matching_step(&secret, "abcdef", now).is_none());
        assert!(matching_step("not base32 !", &code, now).is_none());
    }

    #[test]
    fn the_uri_and_qr_code_carry_the_secret() {
        let link = uri("JBSWY3DPEHPK3PXP", "ClaimBridge", "pat@example.com");
        assert_eq!(
            link,
            "otpauth://totp/ClaimBridge%3Apat%40example.com?algorithm=SHA1&digits=6&issuer=ClaimBridge&period=30&secret=JBSWY3DPEHPK3PXP"
        );
        let svg = qr_svg(&link).unwrap();
        assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"));
        assert!(!svg.contains('#'), "usable inside an unencoded data URL");
    }
}
