//! The template language of GoTrue's emails, as far as emails use it: `{{ .ConfirmationURL }}`,
//! `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .RedirectTo }}`, `{{ .Email }}`,
//! `{{ .NewEmail }}` and `{{ .Data.<key> }}` (the user's metadata, nested keys with more
//! dots), with any spacing inside the braces and Go's `{{-`/`-}}` markers. Anything else in
//! braces (an unknown variable, a Go action such as `if`) renders empty, as a missing map key
//! does in Go. In HTML every value is escaped (URLs too: an `&` in a link is `&amp;`, which is
//! what the attribute means); in text and subjects values are written as they are.
use std::borrow::Cow;

use serde_json::Value;

use super::defaults;
use super::{MailData, MailKind};
use crate::{EmailTemplate, EmailTemplates};

/// How substituted values are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Escape {
    Html,
    None,
}

/// An email's subject and bodies, rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Rendered {
    /// As rendered: the message builder makes it fit for a header.
    pub(super) subject: String,
    pub(super) html: String,
    /// The plain-text part: the default templates have one; a configured HTML body stands
    /// alone, as GoTrue sends it.
    pub(super) text: Option<String>,
}

/// The email of `kind` for `data`: the configured subject and body where `templates` has them,
/// the defaults otherwise.
pub(super) fn render_mail(kind: MailKind, data: &MailData, templates: &EmailTemplates) -> Rendered {
    let configured = configured(kind, templates);
    let default = defaults::of(kind);
    let subject = configured.subject.as_deref().unwrap_or(default.subject);
    let (html, text) = match &configured.content {
        Some(content) => (render(content, data, Escape::Html), None),
        None => (
            render(&defaults::html(default), data, Escape::Html),
            Some(render(&defaults::text(default), data, Escape::None)),
        ),
    };
    Rendered {
        subject: render(subject, data, Escape::None),
        html,
        text,
    }
}

fn configured(kind: MailKind, templates: &EmailTemplates) -> &EmailTemplate {
    match kind {
        MailKind::Confirmation => &templates.confirmation,
        MailKind::Invite => &templates.invite,
        MailKind::Recovery => &templates.recovery,
        MailKind::MagicLink => &templates.magic_link,
        MailKind::EmailChange => &templates.email_change,
        MailKind::Reauthentication => &templates.reauthentication,
    }
}

/// `template` with every `{{ ... }}` replaced by its value in `data`, written as `escape` says.
/// An opening `{{` without a closing `}}` is kept as written.
pub(super) fn render(template: &str, data: &MailData, escape: Escape) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let inside = &rest[start + 2..];
        let Some(end) = inside.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        if let Some(value) = variable(&inside[..end], data) {
            match escape {
                Escape::Html => out.push_str(&cb_escape::markup(&value)),
                Escape::None => out.push_str(&value),
            }
        }
        rest = &inside[end + 2..];
    }
    out.push_str(rest);
    out
}

/// The value of the action between the braces, if it is one of the variables.
fn variable<'d>(action: &str, data: &'d MailData) -> Option<Cow<'d, str>> {
    let action = action.trim();
    let action = action.strip_prefix('-').unwrap_or(action).trim_start();
    let action = action.strip_suffix('-').unwrap_or(action).trim_end();
    let mut path = action.strip_prefix('.')?.split('.');
    let field = match path.next()? {
        "ConfirmationURL" => &data.confirmation_url,
        "Token" => &data.token,
        "TokenHash" => &data.token_hash,
        "SiteURL" => &data.site_url,
        "RedirectTo" => &data.redirect_to,
        "Email" => &data.email,
        "NewEmail" => &data.new_email,
        "Data" => return metadata(&data.data, path),
        _ => return None,
    };
    path.next()
        .is_none()
        .then_some(Cow::Borrowed(field.as_str()))
}

/// A value of the user's metadata: strings as they are, other values as JSON; nothing for a
/// missing key or null.
fn metadata<'d>(data: &'d Value, keys: std::str::Split<'_, char>) -> Option<Cow<'d, str>> {
    let mut value = data;
    for key in keys {
        value = value.get(key)?;
    }
    match value {
        Value::Null => None,
        Value::String(text) => Some(Cow::Borrowed(text)),
        other => Some(Cow::Owned(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn data() -> MailData {
        MailData {
            to: "dana@acme.test".into(),
            confirmation_url: "https://claimbridge.test/auth/v1/verify?token=pkce_abc&type=invite&redirect_to=https://claimbridge.test/welcome".into(),
            token: "482913".into(),
            token_hash: "9f2c6a1e".into(),
            site_url: "https://claimbridge.test".into(),
            redirect_to: "https://claimbridge.test/welcome".into(),
            email: "dana@acme.test".into(),
            new_email: "dana.scully@acme.test".into(),
            data: json!({
                "full_name": "Dana <Scully> & Co",
                "company": {"name": "Acme Home Medical"},
                "seats": 12,
                "nothing": null
            }),
        }
    }

    #[test]
    fn every_variable_and_spacing_renders() {
        let template = "{{ .ConfirmationURL }}|{{.Token}}|{{  .TokenHash  }}|{{ .SiteURL}}|\
            {{.RedirectTo }}|{{ .Email }}|{{ .NewEmail }}|{{ .Data.full_name }}|\
            {{ .Data.company.name }}|{{ .Data.seats }}|{{- .Token -}}";
        assert_eq!(
            render(template, &data(), Escape::None),
            "https://claimbridge.test/auth/v1/verify?token=pkce_abc&type=invite&redirect_to=https://claimbridge.test/welcome\
             |482913|9f2c6a1e|https://claimbridge.test|https://claimbridge.test/welcome|dana@acme.test\
             |dana.scully@acme.test|Dana <Scully> & Co|Acme Home Medical|12|482913"
        );
    }

    #[test]
    fn unknown_variables_and_actions_render_empty() {
        let template = "a{{ .Nope }}b{{ .Data.missing }}c{{ .Data.nothing }}d{{ .Token.More }}\
            e{{ if .Token }}f{{ end }}g{{ Token }}h{{}}i";
        assert_eq!(render(template, &data(), Escape::Html), "abcdefghi");
    }

    #[test]
    fn text_outside_the_braces_is_kept_as_written() {
        assert_eq!(
            render("Hi {{ .Email }", &data(), Escape::Html),
            "Hi {{ .Email }"
        );
        assert_eq!(
            render("<b>{ .Email }</b> }}", &data(), Escape::Html),
            "<b>{ .Email }</b> }}"
        );
        assert_eq!(render("", &data(), Escape::Html), "");
    }

    #[test]
    fn html_escapes_every_value_and_text_does_not() {
        let template = r#"<a href="{{ .ConfirmationURL }}">{{ .Data.full_name }}</a>"#;
        assert_eq!(
            render(template, &data(), Escape::Html),
            "<a href=\"https://claimbridge.test/auth/v1/verify?token=pkce_abc&amp;type=invite&amp;redirect_to=https://claimbridge.test/welcome\">Dana &lt;Scully&gt; &amp; Co</a>"
        );
        let hostile = MailData {
            redirect_to: "\"><script>alert(1)</script>".into(),
            ..data()
        };
        let html = render(
            r#"<a href="{{ .RedirectTo }}">x</a>"#,
            &hostile,
            Escape::Html,
        );
        assert_eq!(
            html,
            r#"<a href="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>"#
        );
        assert_eq!(
            render("{{ .Data.full_name }}", &data(), Escape::None),
            "Dana <Scully> & Co"
        );
    }

    #[test]
    fn configured_templates_win_and_the_defaults_fill_in() {
        let templates = EmailTemplates {
            invite: EmailTemplate {
                subject: Some("Welcome to {{ .Data.company.name }}".into()),
                content: Some("<p>Join: <a href=\"{{ .ConfirmationURL }}\">here</a></p>".into()),
            },
            recovery: EmailTemplate {
                subject: None,
                content: Some("<p>{{ .Token }}</p>".into()),
            },
            magic_link: EmailTemplate {
                subject: Some("Sign in, {{ .Email }}".into()),
                content: None,
            },
            ..EmailTemplates::default()
        };
        let invite = render_mail(MailKind::Invite, &data(), &templates);
        assert_eq!(invite.subject, "Welcome to Acme Home Medical");
        assert!(invite.html.starts_with("<p>Join: <a href=\"https://claimbridge.test/auth/v1/verify?token=pkce_abc&amp;type=invite"));
        assert_eq!(invite.text, None);
        let recovery = render_mail(MailKind::Recovery, &data(), &templates);
        assert_eq!(recovery.subject, "Reset Your Password");
        assert_eq!(recovery.html, "<p>482913</p>");
        let magic = render_mail(MailKind::MagicLink, &data(), &templates);
        assert_eq!(magic.subject, "Sign in, dana@acme.test");
        assert!(magic.text.is_some());
        assert!(magic.html.contains("Sign in to ClaimBridge"));
    }

    #[test]
    fn the_default_subjects_are_gotrues() {
        let subjects: Vec<String> = [
            MailKind::Confirmation,
            MailKind::Invite,
            MailKind::Recovery,
            MailKind::MagicLink,
            MailKind::EmailChange,
            MailKind::Reauthentication,
        ]
        .into_iter()
        .map(|kind| render_mail(kind, &data(), &EmailTemplates::default()).subject)
        .collect();
        assert_eq!(
            subjects,
            [
                "Confirm Your Signup",
                "You have been invited",
                "Reset Your Password",
                "Your Magic Link",
                "Confirm Email Change",
                "Confirm reauthentication"
            ]
        );
    }

    /// The default emails, as their recipients read them (insta snapshots in `snapshots/`).
    #[test]
    fn the_default_emails() {
        for (kind, name) in [
            (MailKind::Confirmation, "confirmation"),
            (MailKind::Invite, "invite"),
            (MailKind::Recovery, "recovery"),
            (MailKind::MagicLink, "magic_link"),
            (MailKind::EmailChange, "email_change"),
            (MailKind::Reauthentication, "reauthentication"),
        ] {
            let mail = render_mail(kind, &data(), &EmailTemplates::default());
            insta::assert_snapshot!(
                name,
                format!(
                    "Subject: {}\n\n--- text ---\n{}\n--- html ---\n{}\n",
                    mail.subject,
                    mail.text.unwrap_or_default(),
                    mail.html
                )
            );
        }
    }
}
