//! The query string as bytes: split into decoded pairs as PostgREST's `parseQueryReplacePlus`
//! does, and its canonical form (`qsCanonical`: sorted, repeated keys merged) for `Content-Location`.

/// The query parameter PostgREST's gateway consumes; never treated as a filter.
pub(crate) const APIKEY: &str = "apikey";

/// `parseQueryReplacePlus True`: drop one leading `?`, split on `&` and `;`, split each pair at
/// the first `=`, percent-decode (invalid escapes kept literally) and map `+` to space.
pub(crate) fn split_query(q: &[u8]) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
    let q = q.strip_prefix(b"?").unwrap_or(q);
    let mut out = Vec::new();
    let mut rest = q;
    while !rest.is_empty() {
        let end = rest
            .iter()
            .position(|b| matches!(b, b'&' | b';'))
            .unwrap_or(rest.len());
        let pair = &rest[..end];
        rest = if end < rest.len() {
            &rest[end + 1..]
        } else {
            &[]
        };
        match pair.iter().position(|&b| b == b'=') {
            Some(eq) => out.push((url_decode(&pair[..eq]), Some(url_decode(&pair[eq + 1..])))),
            None => out.push((url_decode(pair), None)),
        }
    }
    out
}

fn url_decode(s: &[u8]) -> Vec<u8> {
    fn hex(b: u8) -> Option<u8> {
        match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'A'..=b'F' => Some(b - b'A' + 10),
            b'a'..=b'f' => Some(b - b'a' + 10),
            _ => None,
        }
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => match (
                s.get(i + 1).copied().and_then(hex),
                s.get(i + 2).copied().and_then(hex),
            ) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            },
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// `Network.HTTP.Base.urlEncode` over bytes.
fn url_encode(out: &mut String, s: &[u8]) {
    for &b in s {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// PostgREST's `qsCanonical`: pairs sorted by key (stable), values of equal keys joined with
/// `,`, everything re-encoded; valueless keys get an empty value.
pub(crate) fn canonical(raw: &[(Vec<u8>, Option<Vec<u8>>)]) -> String {
    let mut pairs: Vec<(&[u8], &[u8])> = raw
        .iter()
        .filter(|(k, _)| k.as_slice() != APIKEY.as_bytes())
        .map(|(k, v)| (k.as_slice(), v.as_deref().unwrap_or(&[])))
        .collect();
    pairs.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = String::new();
    let mut i = 0;
    while i < pairs.len() {
        if !out.is_empty() {
            out.push('&');
        }
        let key = pairs[i].0;
        url_encode(&mut out, key);
        out.push('=');
        url_encode(&mut out, pairs[i].1);
        i += 1;
        while i < pairs.len() && pairs[i].0 == key {
            out.push(',');
            url_encode(&mut out, pairs[i].1);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_http_types() {
        let q = split_query(b"?a=1&&b;c=x=y&d&");
        let q: Vec<(String, Option<String>)> = q
            .into_iter()
            .map(|(k, v)| {
                (
                    String::from_utf8(k).unwrap(),
                    v.map(|v| String::from_utf8(v).unwrap()),
                )
            })
            .collect();
        assert_eq!(
            q,
            vec![
                ("a".into(), Some("1".into())),
                (String::new(), None),
                ("b".into(), None),
                ("c".into(), Some("x=y".into())),
                ("d".into(), None),
            ]
        );
    }

    #[test]
    fn decodes_plus_and_bad_escapes() {
        assert_eq!(url_decode(b"a+b%2Bc%zz%4"), b"a b+c%zz%4".to_vec());
    }

    #[test]
    fn canonical_sorts_and_merges() {
        let raw = split_query(b"order=id&a=1&id=eq.1&a=2&d&apikey=secret");
        assert_eq!(canonical(&raw), "a=1,2&d=&id=eq.1&order=id");
    }
}
