//! Runtime configuration injected into index.html as a JSON data block. A JSON block is not
//! executed, so a Content-Security-Policy without 'unsafe-inline' scripts allows it.

/// The element the frontend build contains; its text is replaced by the configuration.
pub const RUNTIME_CONFIG_OPEN_TAG: &str = r#"<script id="runtime-config" type="application/json">"#;

/// Replaces the text of the runtime-config element with `config`, escaped so that no value can
/// close the element or start markup.
pub fn inject_runtime_config(template: &str, config: &serde_json::Value) -> String {
    let Some(open) = template.find(RUNTIME_CONFIG_OPEN_TAG) else {
        tracing::warn!("index.html has no runtime-config element; serving it unchanged");
        return template.to_string();
    };
    let content_start = open + RUNTIME_CONFIG_OPEN_TAG.len();
    let Some(close) = template[content_start..].find("</script>") else {
        return template.to_string();
    };
    let mut html = String::with_capacity(template.len() + 512);
    html.push_str(&template[..content_start]);
    html.push_str(&json_for_html(config));
    html.push_str(&template[content_start + close..]);
    html
}

/// JSON with `<`, `>`, `&` and the JavaScript line separators as `\uXXXX` escapes; these
/// characters only ever occur inside JSON strings, where the escapes mean the same thing.
fn json_for_html(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut escaped = String::with_capacity(json.len());
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const TEMPLATE: &str =
        "<head><script id=\"runtime-config\" type=\"application/json\">{}</script></head>";

    #[test]
    fn replaces_the_element_text() {
        let html = inject_runtime_config(TEMPLATE, &json!({"supabaseAnonKey": "abc"}));
        assert_eq!(
            html,
            "<head><script id=\"runtime-config\" type=\"application/json\">{\"supabaseAnonKey\":\"abc\"}</script></head>"
        );
    }

    #[test]
    fn hostile_values_cannot_close_the_element() {
        let html = inject_runtime_config(
            TEMPLATE,
            &json!({"company": {"name": "</script><script>alert(1)</script>&"}}),
        );
        assert_eq!(html.matches("</script>").count(), 1);
        assert!(html.contains(
            "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u0026"
        ));
        let start = html.find("json\">").unwrap() + 6;
        let end = html.rfind("</script>").unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        assert_eq!(
            parsed["company"]["name"],
            "</script><script>alert(1)</script>&"
        );
    }

    #[test]
    fn a_template_without_the_element_is_served_unchanged() {
        assert_eq!(
            inject_runtime_config("<html></html>", &json!({})),
            "<html></html>"
        );
    }
}
