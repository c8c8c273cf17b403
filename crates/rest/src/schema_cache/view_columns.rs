//! Where the columns of a view come from, read from its rewrite rule (`pg_rewrite.ev_action`,
//! a `pg_node_tree`): the target entries of the view's top-level query with their
//! `resorigtbl`/`resorigcol`, as PostgREST reads them to find keys and relationships through
//! views. Entries of nested queries (sub-selects in the select list, CTEs) are not the view's
//! columns and are skipped by depth.

/// A view column that is a plain reference to a column of another relation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ColumnOrigin {
    /// The view column's number (`attnum`).
    pub resno: i16,
    /// The relation it comes from (a table, or another view).
    pub table: u32,
    /// That relation's column number.
    pub column: i16,
}

/// The origins of the view's columns that have one, in column order. A definition that is not
/// the node tree expected gives what could be read of it (possibly nothing).
pub(crate) fn column_origins(definition: &str) -> Vec<ColumnOrigin> {
    let mut origins = Vec::new();
    let mut depth = 0usize;
    // Depth of the top-level QUERY node, once inside it.
    let mut query: Option<usize> = None;
    let mut expect_query_node = false;
    let mut target_list: Option<usize> = None;
    let mut awaiting_target_list = false;
    let mut entry = Entry::default();
    let mut key: Option<&str> = None;
    for token in tokens(definition) {
        match token {
            "{" | "(" => {
                depth += 1;
                key = None;
                expect_query_node = token == "{" && query.is_none();
                if awaiting_target_list && token == "(" {
                    target_list = Some(depth);
                }
                awaiting_target_list = false;
                if target_list.is_some_and(|list| depth == list + 1) {
                    entry = Entry::default();
                }
            }
            "}" | ")" => {
                if target_list.is_some_and(|list| depth == list + 1) {
                    if let Some(origin) = entry.origin() {
                        origins.push(origin);
                    }
                } else if target_list == Some(depth) || query == Some(depth) {
                    // The end of the view's own target list (or of its query): done.
                    return origins;
                }
                depth = depth.saturating_sub(1);
                key = None;
            }
            word => {
                if expect_query_node {
                    expect_query_node = false;
                    if word == "QUERY" {
                        query = Some(depth);
                    }
                    continue;
                }
                let in_entry = target_list.is_some_and(|list| depth == list + 1);
                if word.starts_with(':') {
                    key = Some(word);
                    awaiting_target_list = query == Some(depth) && word == ":targetList";
                    continue;
                }
                if in_entry {
                    if let Some(field) = key {
                        entry.set(field, word);
                    }
                } else if awaiting_target_list {
                    // `:targetList <>`: the view has no columns.
                    return origins;
                }
                key = None;
            }
        }
    }
    origins
}

/// The fields of one TARGETENTRY read so far (the first value given for each).
#[derive(Default)]
struct Entry {
    resno: Option<i16>,
    table: Option<u32>,
    column: Option<i16>,
}

impl Entry {
    fn set(&mut self, field: &str, value: &str) {
        match field {
            ":resno" if self.resno.is_none() => self.resno = value.parse().ok(),
            ":resorigtbl" if self.table.is_none() => self.table = value.parse().ok(),
            ":resorigcol" if self.column.is_none() => self.column = value.parse().ok(),
            _ => {}
        }
    }

    fn origin(&self) -> Option<ColumnOrigin> {
        let origin = ColumnOrigin {
            resno: self.resno?,
            table: self.table?,
            column: self.column?,
        };
        (origin.table != 0 && origin.column > 0).then_some(origin)
    }
}

/// The tokens of a `pg_node_tree`: `{ } ( )` on their own, and words, in which a backslash
/// escapes the next character (`my\ \}title` is one word).
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        if matches!(bytes[at], b'{' | b'}' | b'(' | b')') {
            at += 1;
            return text.get(start..at);
        }
        while at < bytes.len()
            && !bytes[at].is_ascii_whitespace()
            && !matches!(bytes[at], b'{' | b'}' | b'(' | b')')
        {
            at += if bytes[at] == b'\\' { 2 } else { 1 };
        }
        at = at.min(bytes.len());
        // Only ASCII delimiters split words, so both ends are character boundaries; an escape
        // before a multibyte character is skipped whole by the loop above.
        text.get(start..at).or(Some(""))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(resno: i16, table: u32, column: i16) -> ColumnOrigin {
        ColumnOrigin {
            resno,
            table,
            column,
        }
    }

    #[test]
    fn columns_of_the_top_level_query_only() {
        // create view v1 as select id, name as title,
        //   (select count(*) from t1 x where x.parent = t1.id) as n, parent from t1;
        let definition = include_str!("testdata/view_with_sublink.txt");
        assert_eq!(
            column_origins(definition),
            [
                origin(1, 16692, 1),
                origin(2, 16692, 2),
                origin(4, 16692, 3)
            ]
        );
    }

    #[test]
    fn escaped_and_look_alike_names_do_not_confuse_the_reader() {
        // create view "v 2" as select 'a b{c}(d)\ :resno 9' as ":resno", v1.title as "my }title",
        //   v1.id from v1 join t1 on t1.id = v1.parent;
        let definition = include_str!("testdata/view_on_view_with_odd_names.txt");
        assert_eq!(
            column_origins(definition),
            [origin(2, 16714, 2), origin(3, 16714, 1)]
        );
    }

    #[test]
    fn anything_else_reads_as_no_columns() {
        for text in [
            "",
            "<>",
            "({QUERY :targetList <>})",
            "({QUERY :targetList ({TARGETENTRY :resno",
            "}}}))) {{{ (((",
            "({NOTAQUERY :targetList ({TARGETENTRY :resno 1 :resorigtbl 5 :resorigcol 1})})",
            "\\",
            "({QUERY :targetList ({TARGETENTRY :resno 1 :resorigtbl 5 :resorigcol 1\\é})})",
        ] {
            let _ = column_origins(text);
        }
        assert_eq!(column_origins("({QUERY :targetList <>})"), []);
        assert_eq!(
            column_origins(
                "({QUERY :targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resorigtbl 5 :resorigcol 2 :resjunk false})})"
            ),
            [origin(1, 5, 2)]
        );
    }
}
