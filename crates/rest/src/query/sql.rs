//! SQL text under construction with its bound parameters, and the separator its lists use.
//!
//! Every value from the URL or the body is a bound parameter; identifiers and literals are
//! quoted with `cb_db::quote_ident` and `cb_db::quote_literal`.
use cb_db::{quote_ident, quote_literal};

/// A separator written before every item but the first, for lists written over several loops
/// (and for text that is not [`Sql`]).
pub struct Separator<'a> {
    text: &'a str,
    started: bool,
}

impl<'a> Separator<'a> {
    pub fn new(text: &'a str) -> Self {
        Separator {
            text,
            started: false,
        }
    }

    /// Nothing the first time, the separator every time after.
    pub fn before_next(&mut self) -> &'a str {
        if std::mem::replace(&mut self.started, true) {
            self.text
        } else {
            ""
        }
    }
}

/// A bound parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    Text(Option<String>),
    Int(i64),
    Bytes(Vec<u8>),
}

/// SQL text under construction with its parameters.
#[derive(Debug, Default, Clone)]
pub struct Sql {
    pub text: String,
    pub params: Vec<Param>,
}

impl Sql {
    pub fn new() -> Self {
        Sql::default()
    }

    /// Writes each item with `write`, `separator` between them.
    pub fn separated<I>(
        &mut self,
        separator: &str,
        items: impl IntoIterator<Item = I>,
        mut write: impl FnMut(&mut Sql, I),
    ) -> &mut Self {
        let mut gap = Separator::new(separator);
        for item in items {
            self.push(gap.before_next());
            write(self, item);
        }
        self
    }

    pub fn push(&mut self, s: &str) -> &mut Self {
        self.text.push_str(s);
        self
    }

    pub fn ident(&mut self, name: &str) -> &mut Self {
        self.text.push_str(&quote_ident(name));
        self
    }

    pub fn literal(&mut self, value: &str) -> &mut Self {
        self.text.push_str(&quote_literal(&value.replace('\0', "")));
        self
    }

    /// Appends `$n` for a new parameter.
    pub fn param(&mut self, param: Param) -> &mut Self {
        self.params.push(param);
        self.text.push('$');
        self.text.push_str(&self.params.len().to_string());
        self
    }

    pub fn text_param(&mut self, value: &str) -> &mut Self {
        self.param(Param::Text(Some(value.replace('\0', ""))))
    }

    /// A URL value, cast to the type PostgreSQL would infer for an untyped value.
    pub fn value(&mut self, value: &str, ty: Option<&str>) -> &mut Self {
        match ty {
            Some(ty) => {
                self.push("CAST(");
                self.text_param(value);
                self.push(" AS ").push(ty).push(")")
            }
            None => self.text_param(value),
        }
    }

    /// A PostgreSQL array literal value cast to `ty[]` (`text[]` when the type is unknown).
    pub fn array_value(&mut self, literal: &str, ty: Option<&str>) -> &mut Self {
        self.push("CAST(");
        self.text_param(literal);
        self.push(" AS ").push(ty.unwrap_or("text")).push("[])")
    }

    pub fn append(&mut self, other: Sql) -> &mut Self {
        // Renumber the other fragment's parameters after ours.
        let offset = self.params.len();
        if offset == 0 {
            self.text.push_str(&other.text);
        } else {
            self.text.push_str(&renumber(&other.text, offset));
        }
        self.params.extend(other.params);
        self
    }
}

/// Shifts `$n` placeholders by `offset` (placeholders are only ever written by [`Sql::param`],
/// never inside quoted text we generate, but quoted identifiers and literals are skipped).
fn renumber(text: &str, offset: usize) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            out.push(b as char);
            if b == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        if b == b'"' || b == b'\'' {
            quote = Some(b);
            out.push(b as char);
            i += 1;
            continue;
        }
        if b == b'$' && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
            let start = i + 1;
            let mut end = start;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            let n: usize = text[start..end].parse().unwrap_or(0);
            out.push('$');
            out.push_str(&(n + offset).to_string());
            i = end;
            continue;
        }
        // Copy one UTF-8 character.
        let ch_len = utf8_len(b);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    out
}

fn utf8_len(first: u8) -> usize {
    match first {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbers_outside_quotes() {
        assert_eq!(
            renumber("a = $1 AND \"$1\" = '$2' AND b = $2", 3),
            "a = $4 AND \"$1\" = '$2' AND b = $5"
        );
        assert_eq!(renumber("é$1", 1), "é$2");
    }
}
