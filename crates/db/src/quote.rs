//! The only place SQL text is escaped. Values are always bound as parameters; identifiers come
//! from the schema cache and are quoted here.

/// `"name"` with embedded quotes doubled.
pub fn quote_ident(name: &str) -> String {
    let mut quoted = String::with_capacity(name.len() + 2);
    quoted.push('"');
    for ch in name.chars() {
        if ch == '"' {
            quoted.push('"');
        }
        quoted.push(ch);
    }
    quoted.push('"');
    quoted
}

/// `'text'` with embedded quotes doubled, as an `E''` literal when it has backslashes.
pub fn quote_literal(value: &str) -> String {
    let mut quoted = String::with_capacity(value.len() + 3);
    if value.contains('\\') {
        quoted.push('E');
    }
    quoted.push('\'');
    for ch in value.chars() {
        match ch {
            '\'' => quoted.push_str("''"),
            '\\' => quoted.push_str("\\\\"),
            _ => quoted.push(ch),
        }
    }
    quoted.push('\'');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_double_embedded_quotes() {
        assert_eq!(quote_ident("blog_posts"), "\"blog_posts\"");
        assert_eq!(quote_ident("we\"ird"), "\"we\"\"ird\"");
        assert_eq!(quote_ident(""), "\"\"");
    }

    #[test]
    fn literals_escape_quotes_and_backslashes() {
        assert_eq!(quote_literal("it's"), "'it''s'");
        assert_eq!(quote_literal("a\\b"), "E'a\\\\b'");
        assert_eq!(
            quote_literal("x'); drop table t; --"),
            "'x''); drop table t; --'"
        );
    }
}
