//! Error texts: exact expectations taken from PostgREST's own spec suite (v14.17) and doc
//! comments, plus a snapshot of many more failure cases.

mod common;

use cb_postgrest_syntax::{QueryOptions, parse_query, parse_query_with};
use common::{encode_pairs, render_all, render_error};

/// `(raw query, message, details)` pairs asserted verbatim by PostgREST's test suite.
const SPEC_SUITE: &[(&str, &str, &str)] = &[
    // AndOrParamsSpec
    (
        "or=()",
        "\"failed to parse logic tree (())\" (line 1, column 4)",
        "unexpected \")\" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)",
    ),
    // InsertSpec "disallows blank ?columns"
    (
        "columns=",
        "\"failed to parse columns parameter ()\" (line 1, column 1)",
        "unexpected end of input expecting field name (* or [a..z0..9_$])",
    ),
    // JsonOperatorSpec
    (
        "id=eq.10&select=data->(!@#$%^%26*_d->>!@#$%^%26*_e::integer",
        "\"failed to parse select parameter (data->(!@#$%^&*_d->>!@#$%^&*_e::integer)\" (line 1, column 7)",
        "unexpected \"(\" expecting \"-\", digit or any non reserved character different from: .,>()",
    ),
    (
        "select=data->>--34",
        "\"failed to parse select parameter (data->>--34)\" (line 1, column 9)",
        "unexpected \"-\" expecting digit",
    ),
    // QuerySpec
    (
        "order=id.asc.nullslasttt",
        "\"failed to parse order (id.asc.nullslasttt)\" (line 1, column 17)",
        "unexpected 't' expecting \",\" or end of input",
    ),
    (
        "id=0",
        "\"failed to parse filter (0)\" (line 1, column 1)",
        "unexpected \"0\" expecting \"not\" or operator (eq, gt, ...)",
    ),
    // QueryParams.hs doc comments
    (
        "a.b=noop.0",
        "\"failed to parse filter (noop.0)\" (line 1, column 1)",
        "unexpected \"o\" expecting \"not\" or operator (eq, gt, ...)",
    ),
    (
        "id=val",
        "\"failed to parse filter (val)\" (line 1, column 1)",
        "unexpected \"v\" expecting \"not\" or operator (eq, gt, ...)",
    ),
];

#[test]
fn postgrest_spec_suite_error_texts() {
    for (query, message, details) in SPEC_SUITE {
        let err = parse_query(query).expect_err(query);
        assert_eq!(err.code(), "PGRST100", "{query}");
        assert_eq!(err.http_status(), 400, "{query}");
        assert_eq!(err.message(), *message, "{query}");
        assert_eq!(err.details(), Some(*details), "{query}");
        assert_eq!(err.hint(), None, "{query}");
    }
}

#[test]
fn rpc_read_falls_back_to_arguments() {
    let q = parse_query_with(
        "id=val",
        &QueryOptions {
            rpc_read: true,
            ..QueryOptions::default()
        },
    )
    .unwrap();
    assert_eq!(q.rpc_args, vec![("id".to_owned(), "val".to_owned())]);
    assert!(q.filters.is_empty());
}

/// The first failing parameter is reported in PostgREST's order: order, logic, columns,
/// select, filters, on_conflict, range keys — regardless of their position in the URL.
#[test]
fn error_precedence_follows_postgrest() {
    for (query, reported) in [
        (
            "on_conflict=(&id=bad&select=a(&columns=(&or=(x)&order=.",
            "\"failed to parse order (.)\"",
        ),
        (
            "on_conflict=(&id=bad&select=a(&columns=(&or=(x)",
            "\"failed to parse logic tree ((x))\"",
        ),
        (
            "on_conflict=(&id=bad&select=a(&columns=(",
            "\"failed to parse columns parameter (()\"",
        ),
        (
            "on_conflict=(&id=bad&select=a(",
            "\"failed to parse select parameter (a()\"",
        ),
        ("on_conflict=(&id=bad", "\"failed to parse filter (bad)\""),
        (
            "on_conflict=(",
            "\"failed to parse on_conflict parameter (()\"",
        ),
        (".limit=1", "\"failed to parse tree path (.limit)\""),
    ] {
        let e = parse_query(query).unwrap_err();
        assert!(
            e.message().starts_with(reported),
            "{query}: {}",
            e.message()
        );
    }
}

#[test]
fn nesting_limit_is_an_error_not_a_crash() {
    let deep_select = format!("select={}id{}", "a(".repeat(40), ")".repeat(40));
    let e = parse_query(&deep_select).unwrap_err();
    assert_eq!(e.code(), "PGRST100");
    assert_eq!(e.details(), Some("maximum nesting depth of 32 exceeded"));
    let ok_select = format!("select={}id{}", "a(".repeat(32), ")".repeat(32));
    assert!(parse_query(&ok_select).is_ok());

    let deep_or = format!("or=({}a.eq.1{})", "or(".repeat(40), ")".repeat(40));
    let e = parse_query(&deep_or).unwrap_err();
    assert_eq!(e.details(), Some("maximum nesting depth of 32 exceeded"));
    let ok_or = format!("or=({}a.eq.1{})", "or(".repeat(31), ")".repeat(31));
    assert!(parse_query(&ok_or).is_ok(), "{:?}", parse_query(&ok_or));

    // Enormous inputs still return promptly with an error.
    let huge = format!("select={}", "a(".repeat(100_000));
    assert!(parse_query(&huge).is_err());
    let huge = format!("or=({}", "not.and(".repeat(100_000));
    assert!(parse_query(&huge).is_err());
}

#[test]
fn error_texts_snapshot() {
    let mut cases: Vec<String> = [
        "id=",
        "id=eq",
        "id=like(any)x",
        "id=eq(some).{1}",
        "id=neq(any).{1}",
        "id=is.nil",
        "id=is.",
        "id=in.(1,2",
        "id=in.1,2",
        "id=in.(\"a\"b,c)",
        "id=not.",
        "id=not.nope.1",
        "id=fts().value",
        "id=fts(english.value",
        "id=eq().value",
        "id=is().value",
        "id=in().value",
        "id=isdistinct",
        "select=id,",
        "select=,id",
        "select=id,clients(name[])",
        "select=data->>-78xy",
        "select=name!hint",
        "select=*!hint",
        "select=name::",
        "select=rel->jsonpath(*)",
        "select=...rel->jsonpath(*)",
        "select=alias:...rel(*)",
        "select=a(b",
        "select=a(b))",
        "select=count(",
        "select=id.sum(",
        "select=id.foo()",
        "select=\"unterminated",
        "select=:a",
        "select=a:",
        "select=a:b:c",
        "order=",
        "order=id.",
        "order=id.ac",
        "order=id.descc",
        "order=id.nulsfist",
        "order=id.smth34",
        "order=id.asc.nlsfst",
        "order=id.asc.smth34",
        "order=clients(name,id)",
        "order=,id",
        "or=",
        "or=(",
        "or=)(",
        "or=(id.in.1,2,id.eq.3)",
        "and=(ord(id.eq.1,id.eq.1),id.eq.2)",
        "or=(id.eq.1,not.xor(id.eq.2,id.eq.3))",
        "or=(id.eq.1,)",
        "or=(id.eq.1",
        "or=(id.noop.1)",
        "or=id.eq.1",
        ".or=(a.eq.1)",
        "columns=a,",
        "columns=,a",
        "on_conflict=",
        "a..b=eq.1",
        ".a=eq.1",
        "a.=eq.1",
        "(=eq.1",
        "a.limit=1&.offset=2",
        "select=\ta(b",
        "select=a,\nb(c",
        "id=eq.1&name=%E2%9C%93x",
        "%E2%9C%93=%E2%9C%93",
        "é=no",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    cases.push(encode_pairs(&[("select", "id,é(x")]));
    insta::assert_snapshot!(render_all(&cases, &QueryOptions::default()));
}

#[test]
fn render_error_shape() {
    let e = parse_query("id=0").unwrap_err();
    assert_eq!(
        render_error(&e),
        "400 {\"code\":\"PGRST100\",\"details\":\"unexpected \\\"0\\\" expecting \\\"not\\\" or operator (eq, gt, ...)\",\"hint\":null,\"message\":\"\\\"failed to parse filter (0)\\\" (line 1, column 1)\"}"
    );
}
