//! Every escaping the server's output needs, in one place: markup text and attribute values
//! (HTML and XML alike), JSON inside a `<script>` data block, and XML CDATA sections. The
//! website (cb_site), the lead emails (cb_functions) and the auth emails (cb_auth) all escape
//! through it, so there is one escaper to get right.

/// Text or a double- or single-quoted attribute value in HTML or XML: `&`, `<`, `>`, `"` and
/// `'` become character references, so no value can end an attribute, an element or start markup.
pub fn markup(value: &str) -> String {
    replace_chars(value, |ch| match ch {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&#39;"),
        _ => None,
    })
}

/// JSON for the text of a `<script type="application/json">` or `application/ld+json` element:
/// `<`, `>`, `&` and the JavaScript line separators as `\uXXXX` escapes. These characters only
/// occur inside JSON strings, where the escapes mean the same, so `</script>` or `<!--` can never
/// appear in the element's text.
pub fn json_for_script(value: &serde_json::Value) -> String {
    replace_chars(&value.to_string(), |ch| match ch {
        '<' => Some("\\u003c"),
        '>' => Some("\\u003e"),
        '&' => Some("\\u0026"),
        '\u{2028}' => Some("\\u2028"),
        '\u{2029}' => Some("\\u2029"),
        _ => None,
    })
}

/// `text` with each character `escape` names replaced by its escape.
fn replace_chars(text: &str, escape: impl Fn(char) -> Option<&'static str>) -> String {
    let mut escaped = String::with_capacity(text.len() + 16);
    for ch in text.chars() {
        match escape(ch) {
            Some(replacement) => escaped.push_str(replacement),
            None => escaped.push(ch),
        }
    }
    escaped
}

/// `value` as one or more XML CDATA sections: a `]]>` inside it is split across two sections,
/// the only sequence a CDATA section cannot contain.
pub fn cdata(value: &str) -> String {
    format!("<![CDATA[{}]]>", value.replace("]]>", "]]]]><![CDATA[>"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn markup_escapes_every_character_that_could_end_text_or_an_attribute() {
        assert_eq!(
            markup(r#"</title><script>alert("x")</script> & 'y'"#),
            "&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
        );
        assert_eq!(markup("Billing — ok"), "Billing — ok");
    }

    #[test]
    fn json_for_script_cannot_close_the_script_and_parses_back() {
        let value = json!({"name": "</script><!-- & \u{2028}"});
        let text = json_for_script(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
            value
        );
    }

    #[test]
    fn cdata_splits_the_closing_sequence() {
        assert_eq!(cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>");
        assert_eq!(cdata("<p>x</p>"), "<![CDATA[<p>x</p>]]>");
    }
}
