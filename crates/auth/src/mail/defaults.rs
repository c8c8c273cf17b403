//! The default emails, used where `[auth.email.template.<kind>]` sets no subject or body:
//! GoTrue's subjects, and short bodies in ClaimBridge's words, as an HTML part and a plain-text
//! part written from the same sentences (templates themselves: `template::render` fills them).
use cb_escape::markup;

use super::MailKind;

/// What one default email says.
#[derive(Debug)]
pub(super) struct DefaultMail {
    pub(super) subject: &'static str,
    heading: &'static str,
    /// Plain sentences with template variables (no markup).
    intro: &'static str,
    /// The label of the link; none for the code-only reauthentication email.
    action: Option<&'static str>,
    note: &'static str,
}

const FOOTER: &str = "ClaimBridge · Billing and claims services for HME and DME suppliers";

const CONFIRMATION: DefaultMail = DefaultMail {
    subject: "Confirm Your Signup",
    heading: "Confirm your email address",
    intro: "Thanks for signing up with ClaimBridge. Confirm that {{ .Email }} is your email \
            address to finish setting up your account.",
    action: Some("Confirm email address"),
    note: "If you did not sign up, you can ignore this email: the account stays inactive.",
};

const INVITE: DefaultMail = DefaultMail {
    subject: "You have been invited",
    heading: "You have been invited to ClaimBridge",
    intro: "An account has been set up for {{ .Email }} on {{ .SiteURL }}. Accept the \
            invitation to choose your password and sign in.",
    action: Some("Accept invitation"),
    note: "If you were not expecting this invitation, you can ignore this email.",
};

const RECOVERY: DefaultMail = DefaultMail {
    subject: "Reset Your Password",
    heading: "Reset your password",
    intro: "We received a request to reset the password of the ClaimBridge account for \
            {{ .Email }}. Follow the link to choose a new one.",
    action: Some("Reset password"),
    note: "If you did not ask for a reset, you can ignore this email: your password stays as \
           it is.",
};

const MAGIC_LINK: DefaultMail = DefaultMail {
    subject: "Your Magic Link",
    heading: "Sign in to ClaimBridge",
    intro: "Use this link to sign in as {{ .Email }}. It works once and expires soon.",
    action: Some("Sign in"),
    note: "If you did not try to sign in, you can ignore this email.",
};

const EMAIL_CHANGE: DefaultMail = DefaultMail {
    subject: "Confirm Email Change",
    heading: "Confirm your new email address",
    intro: "We received a request to change the email address of your ClaimBridge account \
            from {{ .Email }} to {{ .NewEmail }}. Confirm the change to start using the new \
            address.",
    action: Some("Confirm email change"),
    note: "If you did not ask for this change, ignore this email and tell your ClaimBridge \
           administrator: your address stays as it is.",
};

const REAUTHENTICATION: DefaultMail = DefaultMail {
    subject: "Confirm reauthentication",
    heading: "Confirm it is you",
    intro: "Enter this code to confirm the change to your ClaimBridge account:",
    action: None,
    note: "The code expires soon. If you did not ask for it, change your password: someone \
           else may be using your account.",
};

pub(super) fn of(kind: MailKind) -> &'static DefaultMail {
    match kind {
        MailKind::Confirmation => &CONFIRMATION,
        MailKind::Invite => &INVITE,
        MailKind::Recovery => &RECOVERY,
        MailKind::MagicLink => &MAGIC_LINK,
        MailKind::EmailChange => &EMAIL_CHANGE,
        MailKind::Reauthentication => &REAUTHENTICATION,
    }
}

/// The plain-text template of `mail`.
pub(super) fn text(mail: &DefaultMail) -> String {
    let middle = match mail.action {
        Some(action) => {
            format!("{action}: {{{{ .ConfirmationURL }}}}\n\nOr enter this code: {{{{ .Token }}}}")
        }
        None => "{{ .Token }}".to_string(),
    };
    format!(
        "{}\n\n{}\n\n{middle}\n\n{}\n\n--\n{FOOTER}\n",
        mail.heading, mail.intro, mail.note
    )
}

const PARAGRAPH: &str = "margin:0 0 16px";
const BUTTON: &str = "display:inline-block;padding:12px 20px;background:#1e3a5f;color:#ffffff;\
    text-decoration:none;border-radius:4px;font-weight:700";
const CODE: &str = "font-family:'Courier New',Courier,monospace;font-size:22px;font-weight:700;\
    letter-spacing:3px;color:#1e3a5f";
const MUTED: &str = "margin:0 0 16px;font-size:13px;color:#4a5568";

/// The HTML template of `mail`: one column, inline styles (what email clients keep).
pub(super) fn html(mail: &DefaultMail) -> String {
    let middle = match mail.action {
        Some(action) => format!(
            r#"<p style="{PARAGRAPH}"><a href="{{{{ .ConfirmationURL }}}}" style="{BUTTON}">{}</a></p>
<p style="{PARAGRAPH}">Or enter this code: <span style="{CODE}">{{{{ .Token }}}}</span></p>
<p style="{MUTED}">If the button does not work, copy this link into your browser:<br><a href="{{{{ .ConfirmationURL }}}}" style="color:#1e3a5f;word-break:break-all">{{{{ .ConfirmationURL }}}}</a></p>"#,
            markup(action)
        ),
        None => {
            format!(r#"<p style="{PARAGRAPH}"><span style="{CODE}">{{{{ .Token }}}}</span></p>"#)
        }
    };
    format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{heading}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:6px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;color:#1a202c">
<tr><td style="padding:24px 32px 0;font-size:18px;font-weight:700;color:#1e3a5f">ClaimBridge</td></tr>
<tr><td style="padding:16px 32px 16px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">{heading}</h1>
<p style="{PARAGRAPH}">{intro}</p>
{middle}
<p style="{MUTED}">{note}</p>
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#718096">{footer}</p>
</td></tr></table>
</body>
</html>
"#,
        heading = markup(mail.heading),
        intro = markup(mail.intro),
        note = markup(mail.note),
        footer = markup(FOOTER),
    )
}
