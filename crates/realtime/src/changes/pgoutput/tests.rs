use super::*;

/// Builds messages as the walsender writes them.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn tag(mut self, tag: u8) -> Self {
        self.0.push(tag);
        self
    }
    fn u16(mut self, v: u16) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn i32(mut self, v: i32) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn u64(mut self, v: u64) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn i64(mut self, v: i64) -> Self {
        self.0.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn string(mut self, s: &str) -> Self {
        self.0.extend_from_slice(s.as_bytes());
        self.0.push(0);
        self
    }
    fn text(self, s: &str) -> Self {
        let len = u32::try_from(s.len()).unwrap();
        let mut this = self.tag(b't').u32(len);
        this.0.extend_from_slice(s.as_bytes());
        this
    }
}

fn decoded(bytes: Bytes) -> Message {
    let Bytes(bytes) = bytes;
    decode(&bytes).expect("decodes")
}

#[test]
fn begin_and_commit() {
    let begin = Bytes::default()
        .tag(b'B')
        .u64(0x16B_6C50)
        .i64(775_000_000_123_456)
        .u32(741);
    let commit = Bytes::default()
        .tag(b'C')
        .tag(0)
        .u64(0x16B_6C50)
        .u64(0x16B_6C80)
        .i64(775_000_000_123_456);
    insta::assert_debug_snapshot!((decoded(begin), decoded(commit)));
}

#[test]
fn relation_and_type() {
    let relation = Bytes::default()
        .tag(b'R')
        .u32(16_400)
        .string("public")
        .string("blog_posts")
        .tag(b'd')
        .u16(3)
        .tag(1)
        .string("id")
        .u32(2950)
        .i32(-1)
        .tag(0)
        .string("title")
        .u32(25)
        .i32(-1)
        .tag(0)
        .string("price")
        .u32(1700)
        .i32(655_366);
    let custom = Bytes::default()
        .tag(b'Y')
        .u32(16_500)
        .string("public")
        .string("mood");
    insta::assert_debug_snapshot!((decoded(relation), decoded(custom)));
}

#[test]
fn insert_with_null_and_unchanged_toast() {
    let insert = Bytes::default()
        .tag(b'I')
        .u32(16_400)
        .tag(b'N')
        .u16(4)
        .text("7c9e6679-7425-40de-944b-e07fc1f90ae7")
        .text("Hello, wörld")
        .tag(b'n')
        .tag(b'u');
    insta::assert_debug_snapshot!(decoded(insert));
}

#[test]
fn updates_with_and_without_the_old_row() {
    let plain = Bytes::default()
        .tag(b'U')
        .u32(16_400)
        .tag(b'N')
        .u16(2)
        .text("1")
        .text("new");
    let key_changed = Bytes::default()
        .tag(b'U')
        .u32(16_400)
        .tag(b'K')
        .u16(2)
        .text("1")
        .tag(b'n')
        .tag(b'N')
        .u16(2)
        .text("2")
        .text("new");
    let full = Bytes::default()
        .tag(b'U')
        .u32(16_400)
        .tag(b'O')
        .u16(2)
        .text("1")
        .text("old")
        .tag(b'N')
        .u16(2)
        .text("1")
        .tag(b'u');
    insta::assert_debug_snapshot!((decoded(plain), decoded(key_changed), decoded(full)));
}

#[test]
fn deletes_truncates_and_origins() {
    let by_key = Bytes::default()
        .tag(b'D')
        .u32(16_400)
        .tag(b'K')
        .u16(2)
        .text("1")
        .tag(b'n');
    let whole = Bytes::default()
        .tag(b'D')
        .u32(16_400)
        .tag(b'O')
        .u16(2)
        .text("1")
        .text("gone");
    let truncate = Bytes::default()
        .tag(b'T')
        .u32(2)
        .tag(1)
        .u32(16_400)
        .u32(16_401);
    let origin = Bytes::default().tag(b'O').u64(42).string("upstream");
    let message = Bytes::default().tag(b'M').tag(1);
    insta::assert_debug_snapshot!((
        decoded(by_key),
        decoded(whole),
        decoded(truncate),
        decoded(origin),
        decoded(message)
    ));
}

#[test]
fn truncated_and_malformed_messages_are_errors() {
    let cases = [
        Bytes::default().tag(b'B').u64(1).0,
        Bytes::default().tag(b'I').u32(1).tag(b'X').0,
        Bytes::default()
            .tag(b'I')
            .u32(1)
            .tag(b'N')
            .u16(1)
            .tag(b't')
            .u32(10)
            .0,
        Bytes::default().tag(b'R').u32(1).0,
        Bytes::default()
            .tag(b'I')
            .u32(1)
            .tag(b'N')
            .u16(1)
            .tag(b'z')
            .0,
        Vec::new(),
    ];
    let errors: Vec<String> = cases
        .iter()
        .map(|bytes| decode(bytes).expect_err("refused").to_string())
        .collect();
    insta::assert_debug_snapshot!(errors);
}
