//! A binding's parts as Supabase reads them: the event, the filter (`column=op.value`), the id
//! the join reply gives it, and the text its error messages quote. Pure.

use super::{ChangeBinding, ChangeError};

/// Supabase's limit on an `in` filter's values.
pub(crate) const MAX_IN_VALUES: usize = 100;

/// Which changes a binding wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    Insert,
    Update,
    Delete,
    All,
}

impl Event {
    /// Supabase upper-cases the event and takes anything else for `*`.
    pub(crate) fn parse(text: &str) -> Self {
        match text.to_ascii_uppercase().as_str() {
            "INSERT" => Self::Insert,
            "UPDATE" => Self::Update,
            "DELETE" => Self::Delete,
            _ => Self::All,
        }
    }

    pub(crate) fn wants(self, kind: Event) -> bool {
        self == Self::All || self == kind
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Insert => "INSERT",
            Self::Update => "UPDATE",
            Self::Delete => "DELETE",
            Self::All => "*",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Op {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
}

impl Op {
    fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "eq" => Self::Eq,
            "neq" => Self::Neq,
            "lt" => Self::Lt,
            "lte" => Self::Lte,
            "gt" => Self::Gt,
            "gte" => Self::Gte,
            "in" => Self::In,
            _ => return None,
        })
    }

    /// The name the SQL side (realtime.visible_keys) takes.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Eq => "eq",
            Self::Neq => "neq",
            Self::Lt => "lt",
            Self::Lte => "lte",
            Self::Gt => "gt",
            Self::Gte => "gte",
            Self::In => "in",
        }
    }
}

/// `column=op.value`, or `column=in.(a,b,"c d")` with its values split.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Filter {
    pub column: String,
    pub op: Op,
    /// One value, or the `in` list.
    pub values: Vec<String>,
}

impl Filter {
    /// The value as Supabase's error messages show it: `in` lists as `{a,b}`.
    fn logged_value(&self) -> String {
        if self.op == Op::In {
            format!("{{{}}}", self.values.join(","))
        } else {
            self.values.concat()
        }
    }
}

/// Parses a filter as Supabase does: split at the first `=`, then at the first `.`.
pub(crate) fn parse_filter(text: &str) -> Result<Filter, ChangeError> {
    let Some((column, rest)) = text.split_once('=') else {
        return Err(ChangeError::InvalidFilter(inspect_list(&[text])));
    };
    let Some((op_text, value)) = rest.split_once('.') else {
        return Err(ChangeError::InvalidFilter(inspect_list(&[column, rest])));
    };
    let Some(op) = Op::parse(op_text) else {
        return Err(ChangeError::InvalidFilter(inspect_list(&[op_text, value])));
    };
    let values = if op == Op::In {
        let inner = value
            .strip_prefix('(')
            .and_then(|v| v.strip_suffix(')'))
            .ok_or_else(|| {
                ChangeError::InvalidFilter(
                    "`in` filter value must be wrapped by parentheses".into(),
                )
            })?;
        let values = split_list(inner)?;
        if values.len() > MAX_IN_VALUES {
            return Err(ChangeError::InvalidFilter(format!(
                "`in` filter takes at most {MAX_IN_VALUES} values"
            )));
        }
        values
    } else {
        vec![value.to_string()]
    };
    Ok(Filter {
        column: column.to_string(),
        op,
        values,
    })
}

/// `a, b,"c, d"` into its values: double quotes keep commas and spaces, a backslash inside
/// them keeps the next character; unquoted values are trimmed (PostgreSQL's array input, which
/// Supabase hands `{a, b}` to, does the same).
fn split_list(inner: &str) -> Result<Vec<String>, ChangeError> {
    let mut values = Vec::new();
    if inner.trim().is_empty() {
        return Ok(values);
    }
    let mut current = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                quoted = !quoted;
                was_quoted = true;
            }
            '\\' if quoted => {
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            ',' if !quoted => {
                values.push(finish(&mut current, was_quoted));
                was_quoted = false;
            }
            c => current.push(c),
        }
    }
    if quoted {
        return Err(ChangeError::InvalidFilter(
            "`in` filter value has an unterminated quote".into(),
        ));
    }
    values.push(finish(&mut current, was_quoted));
    Ok(values)
}

fn finish(current: &mut String, quoted: bool) -> String {
    let value = std::mem::take(current);
    if quoted {
        value
    } else {
        value.trim().to_string()
    }
}

/// A list as Elixir's `inspect` prints it: `["like", "hey"]`.
fn inspect_list(items: &[&str]) -> String {
    let items: Vec<String> = items.iter().map(|item| inspect_string(item)).collect();
    format!("[{}]", items.join(", "))
}

fn inspect_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The parameters as Supabase's subscription errors quote them:
/// `event: *, schema: public, table: notes, filters: [{"user_id", "eq", "1"}]`.
pub(crate) fn params_to_log(binding: &ChangeBinding, filter: Option<&Filter>) -> String {
    let filters = match filter {
        Some(filter) => format!(
            "[{{{}, {}, {}}}]",
            inspect_string(&filter.column),
            inspect_string(filter.op.as_str()),
            inspect_string(&filter.logged_value())
        ),
        None => "[]".to_string(),
    };
    format!(
        "event: {}, schema: {}, table: {}, filters: {filters}",
        Event::parse(&binding.event).as_str(),
        binding.schema,
        binding.table.as_deref().unwrap_or("*"),
    )
}

/// The id the join reply gives a binding and every delivery for it carries: FNV-1a of its
/// parts, below 2^27 (Supabase's `phash2` range), so every instance computes the same one.
pub fn binding_id(binding: &ChangeBinding) -> u32 {
    const OFFSET: u32 = 0x811c_9dc5;
    const PRIME: u32 = 0x0100_0193;
    let mut hash = OFFSET;
    let parts = [
        Some(binding.event.as_str()),
        Some(binding.schema.as_str()),
        binding.table.as_deref(),
        binding.filter.as_deref(),
    ];
    for part in parts {
        // A tag byte per part keeps "absent" apart from "empty" and parts from each other.
        let (tag, text) = match part {
            Some(text) => (1u8, text),
            None => (0u8, ""),
        };
        for byte in std::iter::once(tag).chain(text.bytes()).chain([0xff]) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    hash & ((1 << 27) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(event: &str, table: Option<&str>, filter: Option<&str>) -> ChangeBinding {
        ChangeBinding {
            event: event.into(),
            schema: "public".into(),
            table: table.map(Into::into),
            filter: filter.map(Into::into),
        }
    }

    #[test]
    fn filters_parse_as_supabase_splits_them() {
        let cases = [
            "id=eq.5",
            "title=neq.a.b",
            "published_at=gte.2026-01-01T00:00:00Z",
            "n=lt.-1",
            "n=lte.0",
            "n=gt.1e3",
            r#"name=in.(a, b,"c, d","e \"f\"",)"#,
            "name=in.()",
            "name=eq.",
        ];
        let parsed: Vec<(&str, Filter)> = cases
            .iter()
            .map(|text| (*text, parse_filter(text).expect("parses")))
            .collect();
        insta::assert_debug_snapshot!(parsed);
    }

    #[test]
    fn bad_filters_get_supabase_texts() {
        let too_many = format!(
            "id=in.({})",
            (0..=MAX_IN_VALUES)
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let cases = [
            "undefined",
            "subject=like.hey",
            "subject=eq",
            "subject=in.a,b",
            r#"subject=in.("a,b)"#,
            too_many.as_str(),
        ];
        let errors: Vec<String> = cases
            .iter()
            .map(|text| parse_filter(text).expect_err("refused").to_string())
            .collect();
        insta::assert_debug_snapshot!(errors);
    }

    #[test]
    fn events_read_as_supabase_reads_them() {
        let events: Vec<Event> = ["insert", "UPDATE", "Delete", "*", "truncate", ""]
            .iter()
            .map(|e| Event::parse(e))
            .collect();
        assert_eq!(
            events,
            [
                Event::Insert,
                Event::Update,
                Event::Delete,
                Event::All,
                Event::All,
                Event::All
            ]
        );
        assert!(Event::All.wants(Event::Delete));
        assert!(Event::Insert.wants(Event::Insert));
        assert!(!Event::Insert.wants(Event::Update));
    }

    #[test]
    fn params_are_quoted_as_supabase_logs_them() {
        let plain = binding("*", Some("tenants"), None);
        let filtered = binding("insert", Some("notes"), Some("user_id=in.(1,2)"));
        let whole_schema = binding("DELETE", None, None);
        let filter = parse_filter("user_id=in.(1,2)").unwrap();
        insta::assert_debug_snapshot!([
            params_to_log(&plain, None),
            params_to_log(&filtered, Some(&filter)),
            params_to_log(&whole_schema, None),
        ]);
    }

    #[test]
    fn binding_ids_are_stable_distinct_and_small() {
        let bindings = [
            binding("*", Some("blog_posts"), None),
            binding("INSERT", Some("blog_posts"), None),
            binding("*", Some("leads"), None),
            binding("*", None, None),
            binding("*", Some(""), None),
            binding("*", Some("blog_posts"), Some("id=eq.1")),
            binding("*", Some("blog_posts"), Some("id=eq.2")),
        ];
        let ids: Vec<u32> = bindings.iter().map(binding_id).collect();
        assert!(ids.iter().all(|id| *id < (1 << 27)));
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), ids.len(), "{ids:?}");
        // Equal across instances and releases: the ids are part of what clients see.
        insta::assert_debug_snapshot!(ids);
    }
}
