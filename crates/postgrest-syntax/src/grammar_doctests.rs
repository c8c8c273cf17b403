//! PostgREST v14.17 `QueryParams.hs` doctests (failure cases): position and parsec text.

use super::*;
use crate::parsec::{self, Cx, PR, St};

fn op_expr_single(cx: &mut Cx<'_>, st: St) -> PR<(bool, crate::ast::Operation)> {
    op_expr(cx, st, single_val)
}

fn check<T: std::fmt::Debug>(
    fails: &mut Vec<String>,
    input: &str,
    p: impl Fn(&mut Cx<'_>, St) -> PR<T>,
    line: u32,
    col: u32,
    text: &str,
) {
    match parsec::run(input, 32, p) {
        Ok(v) => fails.push(format!("{input:?} parsed as {v:?}")),
        Err(e) => {
            let got = (e.pos.line, e.pos.col, e.render());
            if got != (line, col, text.to_owned()) {
                fails.push(format!(
                    "{input:?}: got {got:?}, want {:?}",
                    (line, col, text)
                ));
            }
        }
    }
}

#[test]
fn doctest_failures() {
    let mut fails = Vec::new();
    check(
        &mut fails,
        "id,clients(name[])",
        field_forest,
        1,
        16,
        r#"unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#,
    );
    check(
        &mut fails,
        "data->>-78xy",
        field_forest,
        1,
        11,
        r#"unexpected 'x' expecting digit, "->", "::", ".", "," or end of input"#,
    );
    check(
        &mut fails,
        ":",
        field_name,
        1,
        1,
        r#"unexpected ":" expecting field name (* or [a..z0..9_$])"#,
    );
    check(
        &mut fails,
        "->>-78xy",
        json_path,
        1,
        7,
        r#"unexpected 'x' expecting digit, "->", "::", ".", "," or end of input"#,
    );
    check(
        &mut fails,
        "->>--34",
        json_path,
        1,
        5,
        r#"unexpected "-" expecting digit"#,
    );
    check(
        &mut fails,
        "->>-xy-4",
        json_path,
        1,
        5,
        r#"unexpected "x" expecting digit"#,
    );
    check(
        &mut fails,
        "rel->jsonpath(*)",
        relation_select,
        1,
        6,
        r#"unexpected '>'"#,
    );
    check(
        &mut fails,
        "rel->jsonpath!hint(*)",
        relation_select,
        1,
        6,
        r#"unexpected '>'"#,
    );
    check(
        &mut fails,
        "name!hint",
        field_select,
        1,
        5,
        r#"unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input"#,
    );
    check(
        &mut fails,
        "*!hint",
        field_select,
        1,
        2,
        r#"unexpected '!' expecting ")", "," or end of input"#,
    );
    check(
        &mut fails,
        "name::",
        field_select,
        1,
        7,
        r#"unexpected end of input expecting letter or digit"#,
    );
    check(
        &mut fails,
        "rel(*)",
        spread_relation_select,
        1,
        1,
        r#"unexpected "r" expecting "...""#,
    );
    check(
        &mut fails,
        "alias:...rel(*)",
        spread_relation_select,
        1,
        1,
        r#"unexpected "a" expecting "...""#,
    );
    check(
        &mut fails,
        "...rel->jsonpath(*)",
        spread_relation_select,
        1,
        9,
        r#"unexpected '>'"#,
    );
    check(
        &mut fails,
        "fts().value",
        op_expr_single,
        1,
        5,
        r#"unexpected ")" expecting operator (eq, gt, ...)"#,
    );
    check(
        &mut fails,
        "eq().value",
        op_expr_single,
        1,
        4,
        r#"unexpected ")" expecting operator (eq, gt, ...)"#,
    );
    check(
        &mut fails,
        "is().value",
        op_expr_single,
        1,
        3,
        r#"unexpected "(" expecting operator (eq, gt, ...)"#,
    );
    check(
        &mut fails,
        "in().value",
        op_expr_single,
        1,
        3,
        r#"unexpected "(" expecting operator (eq, gt, ...)"#,
    );
    check(
        &mut fails,
        "clients(name,id)",
        order,
        1,
        8,
        r#"unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input"#,
    );
    check(
        &mut fails,
        "id.ac",
        order,
        1,
        4,
        r#"unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast""#,
    );
    check(
        &mut fails,
        "id.descc",
        order,
        1,
        8,
        r#"unexpected 'c' expecting delimiter (.), "," or end of input"#,
    );
    check(
        &mut fails,
        "id.nulsfist",
        order,
        1,
        4,
        r#"unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast""#,
    );
    check(
        &mut fails,
        "id.nullslasttt",
        order,
        1,
        13,
        r#"unexpected 't' expecting "," or end of input"#,
    );
    check(
        &mut fails,
        "id.smth34",
        order,
        1,
        4,
        r#"unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast""#,
    );
    check(
        &mut fails,
        "id.asc.nlsfst",
        order,
        1,
        8,
        r#"unexpected "l" expecting "nullsfirst" or "nullslast""#,
    );
    check(
        &mut fails,
        "id.asc.nullslasttt",
        order,
        1,
        17,
        r#"unexpected 't' expecting "," or end of input"#,
    );
    check(
        &mut fails,
        "id.asc.smth34",
        order,
        1,
        8,
        r#"unexpected "s" expecting "nullsfirst" or "nullslast""#,
    );
    check(
        &mut fails,
        "or()",
        logic_tree,
        1,
        4,
        r#"unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)"#,
    );
    check(
        &mut fails,
        "or(id.in.1,2,id.eq.3)",
        logic_tree,
        1,
        10,
        r#"unexpected "1" expecting "(""#,
    );
    check(
        &mut fails,
        "or)(",
        logic_tree,
        1,
        3,
        r#"unexpected ")" expecting "(""#,
    );
    check(
        &mut fails,
        "and(ord(id.eq.1,id.eq.1),id.eq.2)",
        logic_tree,
        1,
        7,
        r#"unexpected "d" expecting "(""#,
    );
    check(
        &mut fails,
        "or(id.eq.1,not.xor(id.eq.2,id.eq.3))",
        logic_tree,
        1,
        16,
        r#"unexpected "x" expecting logic operator (and, or)"#,
    );
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}
