//! Every escaping the website does, in one place: markup text and attribute values (HTML and
//! XML alike), JSON inside a `<script>` data block, and XML CDATA sections. The lead emails'
//! HTML (cb_functions) is escaped here too.

/// Text or a double- or single-quoted attribute value in HTML or XML: `&`, `<`, `>`, `"` and
/// `'` become character references, so no value can end an attribute, an element or start markup.
pub fn markup(value: &str) -> String {
    let mut escaped = String::with_capacity(value.len() + 8);
    for ch in value.chars() {
        match ch {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            _ => escaped.push(ch),
        }
    }
    escaped
}

/// JSON for the text of a `<script type="application/json">` or `application/ld+json` element:
/// `<`, `>`, `&` and the JavaScript line separators as `\uXXXX` escapes. These characters only
/// occur inside JSON strings, where the escapes mean the same, so `</script>` or `<!--` can never
/// appear in the element's text.
pub(crate) fn json_for_script(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut escaped = String::with_capacity(json.len() + 16);
    for ch in json.chars() {
        match ch {
            '<' => escaped.push_str("\\u003c"),
            '>' => escaped.push_str("\\u003e"),
            '&' => escaped.push_str("\\u0026"),
            '\u{2028}' => escaped.push_str("\\u2028"),
            '\u{2029}' => escaped.push_str("\\u2029"),
            _ => escaped.push(ch),
        }
    }
    escaped
}

/// `value` as one or more XML CDATA sections: a `]]>` inside it is split across two sections,
/// the only sequence a CDATA section cannot contain.
pub(crate) fn cdata(value: &str) -> String {
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
