//! Bucket names and object keys, validated as Supabase Storage does (its character allow-list),
//! plus what a filesystem needs to stay safe: no empty, `.` or `..` segment, no absolute key,
//! no segment longer than a file name may be, and a length cap.
use crate::error::StorageError;

/// S3's key limit, in bytes.
pub const MAX_KEY_BYTES: usize = 1024;
/// NAME_MAX of common filesystems.
pub const MAX_SEGMENT_BYTES: usize = 255;
pub const MAX_BUCKET_NAME_CHARS: usize = 100;

fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            '_' | '/'
                | '!'
                | '.'
                | '*'
                | '\''
                | '('
                | ')'
                | ' '
                | '&'
                | '$'
                | '='
                | '@'
                | ';'
                | ':'
                | '+'
                | ','
                | '?'
                | '-'
        )
}

/// `^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$`, 1–100 characters.
pub fn validate_bucket_name(name: &str) -> Result<(), StorageError> {
    let valid = !name.is_empty()
        && name.chars().count() <= MAX_BUCKET_NAME_CHARS
        && name.chars().all(|c| c != '/' && key_char(c))
        && name != "."
        && name != "..";
    if valid {
        Ok(())
    } else {
        Err(StorageError::InvalidBucketName)
    }
}

/// `^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$`, and every `/`-separated segment a usable file name.
pub fn validate_key(key: &str) -> Result<(), StorageError> {
    let valid = !key.is_empty()
        && key.len() <= MAX_KEY_BYTES
        && key.chars().all(key_char)
        && key.split('/').all(|segment| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment.len() <= MAX_SEGMENT_BYTES
        });
    if valid {
        Ok(())
    } else {
        Err(StorageError::InvalidKey(printable(key)))
    }
}

/// The key as it may appear in an error message (control characters escaped).
fn printable(key: &str) -> String {
    key.chars()
        .take(MAX_KEY_BYTES)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Whether this is the 0-byte marker Studio uses for empty folders.
pub fn is_empty_folder_placeholder(key: &str) -> bool {
    key.ends_with(".emptyFolderPlaceholder")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_supabase_accepts() {
        for key in [
            "a.png",
            "folder/sub/a b.png",
            "x!*'()&$=@;:+,?-_.txt",
            "..a/b..",
            ".hidden",
            ".emptyFolderPlaceholder",
        ] {
            assert!(validate_key(key).is_ok(), "{key}");
        }
        for bucket in ["blog-images", "whitepapers", "A_b.c"] {
            assert!(validate_bucket_name(bucket).is_ok(), "{bucket}");
        }
    }

    #[test]
    fn refuses_traversal_and_odd_characters() {
        for key in [
            "",
            "/etc/passwd",
            "../secret",
            "a/../../b",
            "a/./b",
            "a//b",
            "a/",
            "..",
            ".",
            "a\0b",
            "a\nb",
            "a\\b",
            "a%2e",
            "ünï",
            "a#b",
            "a~b",
            "....//x",
        ] {
            assert!(
                matches!(validate_key(key), Err(StorageError::InvalidKey(_))),
                "{key:?}"
            );
        }
        assert!(validate_key(&"a".repeat(256)).is_err());
        assert!(validate_key(&format!("{}/b", "a".repeat(255))).is_ok());
        assert!(validate_key(&"a/".repeat(600)).is_err());
        for bucket in ["", "a/b", "..", ".", "ü", &"b".repeat(101)] {
            assert!(validate_bucket_name(bucket).is_err(), "{bucket:?}");
        }
    }

    #[test]
    fn error_messages_escape_control_characters() {
        assert_eq!(
            validate_key("a\nb").unwrap_err().to_string(),
            "Invalid key: a\\nb"
        );
    }
}
