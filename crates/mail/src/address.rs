//! Addresses and header text: what a configured or user-given value must be before it reaches a
//! header. Values only ever reach headers through lettre's typed headers (which encode them);
//! these keep control characters (CR and LF above all) out, so no value can add a header.
use lettre::Address;
use lettre::message::Mailbox;

/// One address, `user@example.com` or `Name <user@example.com>`, checked whole (nothing may
/// follow it).
pub fn parse_mailbox(text: &str) -> Result<Mailbox, String> {
    let text = text.trim();
    let (name, address) = match text.split_once('<') {
        Some((name, rest)) => {
            let Some(address) = rest.strip_suffix('>') else {
                return Err(format!("'{text}' must end with the address in <...>"));
            };
            let name = name.trim().trim_matches('"').trim();
            ((!name.is_empty()).then(|| name.to_string()), address.trim())
        }
        None => (None, text),
    };
    match name {
        Some(name) => mailbox(&name, address),
        None => mailbox("", address),
    }
}

/// The mailbox of `address` with display name `name` (none when empty). Refuses a name with a
/// control character rather than change what was configured.
pub fn mailbox(name: &str, address: &str) -> Result<Mailbox, String> {
    if name.chars().any(char::is_control) {
        return Err(format!(
            "the name '{}' has a control character",
            name.escape_debug()
        ));
    }
    let address: Address = address
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not an email address", address.escape_debug()))?;
    let name = name.trim();
    Ok(Mailbox::new(
        (!name.is_empty()).then(|| name.to_string()),
        address,
    ))
}

/// Comma-separated addresses (each as [`parse_mailbox`] takes it); at least one.
pub fn parse_mailboxes(text: &str) -> Result<Vec<Mailbox>, String> {
    let mut mailboxes = Vec::new();
    let mut item = String::new();
    let mut quoted = false;
    for ch in text.chars().chain(std::iter::once(',')) {
        match ch {
            '"' => {
                quoted = !quoted;
                item.push(ch);
            }
            ',' if !quoted => {
                if !item.trim().is_empty() {
                    mailboxes.push(parse_mailbox(&item)?);
                }
                item.clear();
            }
            _ => item.push(ch),
        }
    }
    if mailboxes.is_empty() {
        return Err("no address given".into());
    }
    Ok(mailboxes)
}

/// `text` fit for a header whatever it holds (a visitor's company name, a user's metadata in a
/// subject): control characters (CR, LF, tab, ...) become spaces, runs of spaces one, and it is
/// cut at `max` characters.
pub fn header_text(text: &str, max: usize) -> String {
    let spaced: String = text
        .chars()
        .map(|ch| if ch.is_control() { ' ' } else { ch })
        .collect();
    let mut words = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.chars().count() > max {
        words = words
            .chars()
            .take(max.saturating_sub(1))
            .collect::<String>()
            + "…";
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_parse_whole_or_not_at_all() {
        let list = parse_mailboxes(
            "sales@claimbridge.test, \"Lead desk, East\" <east@claimbridge.test>,Ops <ops@x.test>",
        )
        .unwrap();
        let shown: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "sales@claimbridge.test",
                "\"Lead desk, East\" <east@claimbridge.test>",
                "Ops <ops@x.test>"
            ]
        );
        for bad in [
            "",
            " , ",
            "sales",
            "sales@",
            "a@b.test junk",
            "Name <a@b.test> junk",
            "Name <a@b.test",
            "a@b.test\r\nBcc: x@y.test",
            "Name\r\nBcc: x@y.test <a@b.test>",
        ] {
            assert!(parse_mailboxes(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_mailbox_from_a_name_and_an_address() {
        assert_eq!(
            mailbox("ClaimBridge", "no-reply@claimbridge.test")
                .unwrap()
                .to_string(),
            "ClaimBridge <no-reply@claimbridge.test>"
        );
        assert_eq!(mailbox(" ", "a@b.test").unwrap().to_string(), "a@b.test");
        assert!(mailbox("Billing\r\nBcc: x@y.test", "a@b.test").is_err());
        assert!(mailbox("Billing", "a@b.test\r\nBcc: x@y.test").is_err());
    }

    #[test]
    fn header_text_has_no_control_characters() {
        assert_eq!(header_text("a\r\n\tb  c", 100), "a b c");
        assert_eq!(header_text(&"x".repeat(10), 5), "xxxx…");
    }
}
