//! Content types: what the first bytes of an upload really are (the declared type and the file
//! extension are the client's word), and whether a bucket's `allowed_mime_types` accepts a type.

/// How many leading bytes the sniffer looks at.
pub const SNIFF_BYTES: usize = 4096;

/// The type of `head` (the first bytes of the object; fewer when the object is shorter), or
/// None when nothing is recognised (binary data of an unknown format).
// Not the `infer` crate: it names types differently (image/vnd.microsoft.icon, audio/x-wav,
// application/font-woff, text/xml), knows no SVG, and recognises formats we leave unknown.
pub fn sniff(head: &[u8]) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "image/png"),
        (b"\xff\xd8\xff", "image/jpeg"),
        (b"GIF87a", "image/gif"),
        (b"GIF89a", "image/gif"),
        (b"%PDF-", "application/pdf"),
        (b"BM", "image/bmp"),
        (b"\x00\x00\x01\x00", "image/x-icon"),
        (b"II*\x00", "image/tiff"),
        (b"MM\x00*", "image/tiff"),
        (b"PK\x03\x04", "application/zip"),
        (b"\x1f\x8b", "application/gzip"),
        (b"wOFF", "font/woff"),
        (b"wOF2", "font/woff2"),
        (b"OggS", "audio/ogg"),
        (b"ID3", "audio/mpeg"),
        (b"fLaC", "audio/flac"),
        (b"\x1a\x45\xdf\xa3", "video/webm"),
        (b"7z\xbc\xaf\x27\x1c", "application/x-7z-compressed"),
        (b"\x7fELF", "application/x-executable"),
    ];
    for (magic, mime) in SIGNATURES {
        if head.starts_with(magic) {
            return Some(mime);
        }
    }
    if head.len() >= 12 && &head[..4] == b"RIFF" {
        match &head[8..12] {
            b"WEBP" => return Some("image/webp"),
            b"WAVE" => return Some("audio/wav"),
            b"AVI " => return Some("video/x-msvideo"),
            _ => {}
        }
    }
    if head.len() >= 12 && &head[4..8] == b"ftyp" {
        return Some(match &head[8..12] {
            b"avif" | b"avis" => "image/avif",
            b"heic" | b"heix" | b"mif1" | b"msf1" => "image/heic",
            b"qt  " => "video/quicktime",
            _ => "video/mp4",
        });
    }
    sniff_text(head)
}

/// Markup and plain text. Text means valid UTF-8 (a character cut at the end of the window
/// is fine) without control characters other than whitespace.
fn sniff_text(head: &[u8]) -> Option<&'static str> {
    let text = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(err) if err.error_len().is_none() => {
            std::str::from_utf8(&head[..err.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return None,
    };
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c'))
    {
        return None;
    }
    let lower = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .to_ascii_lowercase();
    if lower.starts_with('<') {
        if lower.contains("<svg") {
            return Some("image/svg+xml");
        }
        const HTML: &[&str] = &[
            "<!doctype html",
            "<html",
            "<head",
            "<body",
            "<script",
            "<iframe",
            "<title",
            "<style",
            "<div",
            "<a ",
            "<img",
            "<p>",
            "<table",
            "<h1",
            "<br",
            "<font",
            "<b>",
            "<!--",
        ];
        if HTML.iter().any(|tag| lower.starts_with(tag)) {
            return Some("text/html");
        }
        if lower.starts_with("<?xml") {
            return Some("application/xml");
        }
    }
    Some("text/plain")
}

/// The type without parameters, lower-cased: `Text/Plain; charset=UTF-8` → `text/plain`.
pub fn essence(mime: &str) -> String {
    mime.split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}

/// Storage's rule: `type/subtype` must equal an allowed entry or match a `type/*` wildcard.
pub fn is_allowed(mime: &str, allowed: &[String]) -> bool {
    let mime = essence(mime);
    let Some((kind, sub)) = mime.split_once('/') else {
        return false;
    };
    allowed.iter().any(|entry| {
        let entry = essence(entry);
        match entry.split_once('/') {
            Some((allowed_kind, "*")) => allowed_kind == kind,
            Some((allowed_kind, allowed_sub)) => allowed_kind == kind && allowed_sub == sub,
            None => entry == "*",
        }
    })
}

/// Types that say nothing about the content (the client did not know).
pub fn is_generic(mime: &str) -> bool {
    matches!(
        essence(mime).as_str(),
        "" | "application/octet-stream" | "binary/octet-stream"
    )
}

/// Types a browser would run script in if they were opened from our origin.
pub fn is_active_content(mime: &str) -> bool {
    let mime = essence(mime);
    mime.starts_with("text/")
        || mime.contains("xml")
        || mime.contains("html")
        || mime == "application/javascript"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_common_formats_from_magic_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0"), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0"), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a...."), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(sniff(b"\0\0\0\x1cftypavif"), Some("image/avif"));
        assert_eq!(sniff(b"hello, world\n"), Some("text/plain"));
        assert_eq!(sniff(b""), Some("text/plain"));
        assert_eq!(sniff(b"\x00\x01\x02garbage"), None);
    }

    #[test]
    fn sniffs_svg_and_html_however_they_start() {
        assert_eq!(
            sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
            Some("image/svg+xml")
        );
        assert_eq!(
            sniff(b"\xef\xbb\xbf  <?xml version=\"1.0\"?>\n<!-- c -->\n<SVG>"),
            Some("image/svg+xml")
        );
        assert_eq!(
            sniff(b"<!DOCTYPE html><html><script>alert(1)</script>"),
            Some("text/html")
        );
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?><a/>"),
            Some("application/xml")
        );
    }

    #[test]
    fn allowed_types_support_wildcards_and_ignore_parameters() {
        let allowed = vec!["image/png".to_string(), "application/*".to_string()];
        assert!(is_allowed("image/png", &allowed));
        assert!(is_allowed("IMAGE/PNG; q=1", &allowed));
        assert!(is_allowed("application/pdf", &allowed));
        assert!(!is_allowed("image/gif", &allowed));
        assert!(!is_allowed("png", &allowed));
        assert!(!is_allowed("image/svg+xml", &allowed));
    }
}
