//! Property tests: no input panics, errors are well-formed, and ASTs rendered back to query
//! syntax parse to the same AST.

mod common;

use cb_postgrest_syntax::{
    AggregateFunction, Field, Filter, FtsOperator, IsValue, JoinType, JsonOperand, JsonOperation,
    LogicOperator, LogicTree, Operation, OrderDirection, OrderNulls, OrderTerm, QuantOperator,
    Quantifier, QueryOptions, SelectItem, SimpleOperator, decode_media_type, parse_accept,
    parse_prefer, parse_query, parse_query_with, parse_range_header,
};
use common::{encode_pairs, form_encode};
use proptest::prelude::*;

// ---- rendering an AST back to PostgREST syntax ---------------------------------------------

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Names are quoted unless they are plain identifiers.
fn name(s: &str) -> String {
    let plain = !s.is_empty()
        && !RESERVED.contains(&s)
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit());
    if plain { s.to_owned() } else { quote(s) }
}

fn render_field(f: &Field) -> String {
    let mut s = name(&f.name);
    for op in &f.json_path {
        let (arrow, operand) = match op {
            JsonOperation::Arrow(o) => ("->", o),
            JsonOperation::DoubleArrow(o) => ("->>", o),
        };
        s.push_str(arrow);
        match operand {
            JsonOperand::Key(k) => s.push_str(&name(k)),
            JsonOperand::Idx(i) => s.push_str(i.trim_start_matches('+')),
        }
    }
    s
}

fn render_select(items: &[SelectItem]) -> String {
    items
        .iter()
        .map(|item| match item {
            SelectItem::Field {
                field,
                aggregate,
                aggregate_cast,
                cast,
                alias,
            } => {
                let mut s = alias
                    .as_ref()
                    .map_or_else(String::new, |a| format!("{}:", name(a)));
                if *aggregate == Some(AggregateFunction::Count)
                    && field.name == "*"
                    && field.json_path.is_empty()
                    && cast.is_none()
                {
                    s.push_str("count()");
                } else {
                    let bare_star = field.name == "*"
                        && field.json_path.is_empty()
                        && alias.is_none()
                        && cast.is_none()
                        && aggregate.is_none();
                    s.push_str(&if bare_star {
                        "*".to_owned()
                    } else {
                        render_field(field)
                    });
                    if let Some(c) = cast {
                        s.push_str(&format!("::{c}"));
                    }
                    if let Some(a) = aggregate {
                        s.push_str(&format!(".{}()", a.sql_name().to_lowercase()));
                    }
                }
                if let Some(c) = aggregate_cast {
                    s.push_str(&format!("::{c}"));
                }
                s
            }
            SelectItem::Relation {
                relation,
                alias,
                hint,
                join_type,
                children,
            } => {
                let mut s = alias
                    .as_ref()
                    .map_or_else(String::new, |a| format!("{}:", name(a)));
                s.push_str(&name(relation));
                if let Some(h) = hint {
                    s.push_str(&format!("!{}", name(h)));
                }
                if let Some(j) = join_type {
                    s.push_str(&format!("!{j}"));
                }
                format!("{s}({})", render_select(children))
            }
            SelectItem::Spread {
                relation,
                hint,
                join_type,
                children,
            } => {
                let mut s = format!("...{}", name(relation));
                if let Some(h) = hint {
                    s.push_str(&format!("!{}", name(h)));
                }
                if let Some(j) = join_type {
                    s.push_str(&format!("!{j}"));
                }
                format!("{s}({})", render_select(children))
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `[not.]op.value`; inside logic trees values are quoted (`in_tree`).
fn render_op(negated: bool, op: &Operation, in_tree: bool) -> String {
    let val = |v: &str| if in_tree { quote(v) } else { v.to_owned() };
    let body = match op {
        Operation::Simple { op, value } => format!("{}.{}", op.keyword(), val(value)),
        Operation::Quant {
            op,
            quantifier,
            value,
        } => {
            let q = match quantifier {
                Some(Quantifier::Any) => "(any)",
                Some(Quantifier::All) => "(all)",
                None => "",
            };
            format!("{}{q}.{}", op.keyword(), val(value))
        }
        Operation::In(items) => format!(
            "in.({})",
            items.iter().map(|i| quote(i)).collect::<Vec<_>>().join(",")
        ),
        Operation::Is(v) => format!(
            "is.{}",
            match v {
                IsValue::Null => "null",
                IsValue::NotNull => "not_null",
                IsValue::True => "true",
                IsValue::False => "false",
                IsValue::Unknown => "unknown",
            }
        ),
        Operation::IsDistinctFrom(v) => format!("isdistinct.{}", val(v)),
        Operation::Fts {
            op,
            language,
            value,
        } => {
            let l = language
                .as_ref()
                .map_or_else(String::new, |l| format!("({l})"));
            format!("{}{l}.{}", op.keyword(), val(value))
        }
    };
    if negated { format!("not.{body}") } else { body }
}

fn render_tree(t: &LogicTree) -> String {
    match t {
        LogicTree::Stmnt(f) => format!(
            "{}.{}",
            render_field(&f.field),
            render_op(f.negated, &f.operation, true)
        ),
        LogicTree::Expr {
            negated,
            op,
            children,
        } => {
            let op = match op {
                LogicOperator::And => "and",
                LogicOperator::Or => "or",
            };
            let not = if *negated { "not." } else { "" };
            format!(
                "{not}{op}({})",
                children
                    .iter()
                    .map(render_tree)
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
    }
}

fn render_order(terms: &[OrderTerm]) -> String {
    let tail = |d: &Option<OrderDirection>, n: &Option<OrderNulls>| {
        let mut s = String::new();
        match d {
            Some(OrderDirection::Asc) => s.push_str(".asc"),
            Some(OrderDirection::Desc) => s.push_str(".desc"),
            None => {}
        }
        match n {
            Some(OrderNulls::First) => s.push_str(".nullsfirst"),
            Some(OrderNulls::Last) => s.push_str(".nullslast"),
            None => {}
        }
        s
    };
    terms
        .iter()
        .map(|t| match t {
            OrderTerm::Field {
                field,
                direction,
                nulls,
            } => format!("{}{}", render_field(field), tail(direction, nulls)),
            OrderTerm::Relation {
                relation,
                field,
                direction,
                nulls,
            } => {
                format!(
                    "{}({}){}",
                    name(relation),
                    render_field(field),
                    tail(direction, nulls)
                )
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

// ---- generators ---------------------------------------------------------------------------

const RESERVED: &[&str] = &[
    "select",
    "columns",
    "on_conflict",
    "order",
    "limit",
    "offset",
    "and",
    "or",
    "not",
    "apikey",
    "count",
    "left",
    "inner",
];

fn ident() -> impl Strategy<Value = String> {
    "[a-z_][a-z0-9_]{0,8}".prop_filter("reserved", |s| !RESERVED.iter().any(|r| s.starts_with(r)))
}

/// Any name: mostly identifiers, sometimes arbitrary (quoted) text.
fn any_name() -> impl Strategy<Value = String> {
    prop_oneof![4 => ident(), 1 => "\\PC{1,8}".prop_filter("reserved", |s| !RESERVED.iter().any(|r| s.starts_with(r)))]
}

/// JSON paths. An index is only recognised when followed by `->`, `::`, `.`, `,` or the end of
/// input (before `)` it is read as a key, as in PostgREST), so generated paths end with a key
/// whenever they contain an index.
fn json_path() -> impl Strategy<Value = Vec<JsonOperation>> {
    let operand = prop_oneof![
        ident().prop_map(JsonOperand::Key),
        (any::<bool>(), 0u32..1000)
            .prop_map(|(neg, n)| JsonOperand::Idx(format!("{}{n}", if neg { '-' } else { '+' }))),
    ];
    let step = |(d, o)| {
        if d {
            JsonOperation::DoubleArrow(o)
        } else {
            JsonOperation::Arrow(o)
        }
    };
    (
        prop::collection::vec((any::<bool>(), operand).prop_map(step), 0..3),
        any::<bool>(),
        ident(),
    )
        .prop_map(move |(mut path, d, key)| {
            if path
                .last()
                .is_some_and(|op| matches!(op.operand(), JsonOperand::Idx(_)))
            {
                path.push(step((d, JsonOperand::Key(key))));
            }
            path
        })
}

fn field() -> impl Strategy<Value = Field> {
    (any_name(), json_path()).prop_map(|(name, json_path)| Field { name, json_path })
}

fn cast() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[a-z][a-z0-9_]{0,6}")
}

fn aggregate() -> impl Strategy<Value = Option<AggregateFunction>> {
    prop::option::of(prop_oneof![
        Just(AggregateFunction::Sum),
        Just(AggregateFunction::Avg),
        Just(AggregateFunction::Max),
        Just(AggregateFunction::Min),
        Just(AggregateFunction::Count),
    ])
}

fn join_type() -> impl Strategy<Value = Option<JoinType>> {
    prop::option::of(prop_oneof![Just(JoinType::Inner), Just(JoinType::Left)])
}

fn select_leaf() -> impl Strategy<Value = SelectItem> {
    prop_oneof![
        1 => Just(SelectItem::star()),
        1 => (prop::option::of(any_name()), cast()).prop_map(|(alias, aggregate_cast)| SelectItem::Field {
            field: Field::column("*"),
            aggregate: Some(AggregateFunction::Count),
            aggregate_cast,
            cast: None,
            alias,
        }),
        6 => (field(), aggregate(), cast(), cast(), prop::option::of(any_name())).prop_map(
            // An aggregate cast without aggregate would render as a plain cast.
            |(field, aggregate, aggregate_cast, cast, alias)| SelectItem::Field {
                field,
                aggregate,
                aggregate_cast: aggregate.and(aggregate_cast),
                cast,
                alias,
            }
        ),
    ]
}

fn select_items() -> impl Strategy<Value = Vec<SelectItem>> {
    let item = select_leaf().prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            (
                any_name(),
                prop::option::of(any_name()),
                prop::option::of(ident()),
                join_type(),
                prop::collection::vec(inner.clone(), 0..4)
            )
                .prop_map(|(relation, alias, hint, join_type, children)| {
                    SelectItem::Relation {
                        relation,
                        alias,
                        hint,
                        join_type,
                        children,
                    }
                }),
            (
                any_name(),
                prop::option::of(ident()),
                join_type(),
                prop::collection::vec(inner, 0..4)
            )
                .prop_map(|(relation, hint, join_type, children)| SelectItem::Spread {
                    relation,
                    hint,
                    join_type,
                    children
                }),
        ]
    });
    prop::collection::vec(item, 0..5)
}

fn operation() -> impl Strategy<Value = Operation> {
    let value = || "\\PC{0,12}";
    prop_oneof![
        (
            prop_oneof![
                Just(SimpleOperator::NotEqual),
                Just(SimpleOperator::Contains),
                Just(SimpleOperator::Contained),
                Just(SimpleOperator::Overlap),
                Just(SimpleOperator::StrictlyLeft),
                Just(SimpleOperator::StrictlyRight),
                Just(SimpleOperator::NotExtendsRight),
                Just(SimpleOperator::NotExtendsLeft),
                Just(SimpleOperator::Adjacent),
            ],
            value()
        )
            .prop_map(|(op, value)| Operation::Simple { op, value }),
        (
            prop_oneof![
                Just(QuantOperator::Equal),
                Just(QuantOperator::GreaterThanEqual),
                Just(QuantOperator::GreaterThan),
                Just(QuantOperator::LessThanEqual),
                Just(QuantOperator::LessThan),
                Just(QuantOperator::Like),
                Just(QuantOperator::ILike),
                Just(QuantOperator::Match),
                Just(QuantOperator::IMatch),
            ],
            prop::option::of(prop_oneof![Just(Quantifier::Any), Just(Quantifier::All)]),
            value()
        )
            .prop_map(|(op, quantifier, value)| Operation::Quant {
                op,
                quantifier,
                value
            }),
        prop::collection::vec(value(), 1..5).prop_map(Operation::In),
        prop_oneof![
            Just(IsValue::Null),
            Just(IsValue::NotNull),
            Just(IsValue::True),
            Just(IsValue::False),
            Just(IsValue::Unknown)
        ]
        .prop_map(Operation::Is),
        value().prop_map(Operation::IsDistinctFrom),
        (
            prop_oneof![
                Just(FtsOperator::Fts),
                Just(FtsOperator::Plain),
                Just(FtsOperator::Phrase),
                Just(FtsOperator::Websearch)
            ],
            prop::option::of("[a-z]{1,8}"),
            value()
        )
            .prop_map(|(op, language, value)| Operation::Fts {
                op,
                language,
                value
            }),
    ]
}

fn filter() -> impl Strategy<Value = Filter> {
    (field(), any::<bool>(), operation()).prop_map(|(field, negated, operation)| Filter {
        field,
        negated,
        operation,
    })
}

fn logic_tree() -> impl Strategy<Value = LogicTree> {
    filter()
        .prop_map(LogicTree::Stmnt)
        .prop_recursive(5, 48, 4, |inner| {
            (
                any::<bool>(),
                any::<bool>(),
                prop::collection::vec(inner, 1..4),
            )
                .prop_map(|(negated, and, children)| LogicTree::Expr {
                    negated,
                    op: if and {
                        LogicOperator::And
                    } else {
                        LogicOperator::Or
                    },
                    children,
                })
        })
}

fn order_terms() -> impl Strategy<Value = Vec<OrderTerm>> {
    let dir = prop::option::of(prop_oneof![
        Just(OrderDirection::Asc),
        Just(OrderDirection::Desc)
    ]);
    let nulls = prop::option::of(prop_oneof![Just(OrderNulls::First), Just(OrderNulls::Last)]);
    let term = prop_oneof![
        (field(), dir.clone(), nulls.clone()).prop_map(|(field, direction, nulls)| {
            OrderTerm::Field {
                field,
                direction,
                nulls,
            }
        }),
        (any_name(), field(), dir, nulls).prop_map(|(relation, field, direction, nulls)| {
            OrderTerm::Relation {
                relation,
                field,
                direction,
                nulls,
            }
        }),
    ];
    prop::collection::vec(term, 1..4)
}

/// Strings made of the grammar's own symbols, to reach deep into the parser.
fn grammar_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("select="),
            Just("order="),
            Just("or="),
            Just("not.and="),
            Just("limit="),
            Just("offset="),
            Just("columns="),
            Just("on_conflict="),
            Just("&"),
            Just("="),
            Just("."),
            Just(","),
            Just("("),
            Just(")"),
            Just("\""),
            Just("\\"),
            Just("->"),
            Just("->>"),
            Just("::"),
            Just(":"),
            Just("!"),
            Just("..."),
            Just("*"),
            Just("not."),
            Just("eq."),
            Just("in."),
            Just("is."),
            Just("fts"),
            Just("(any)"),
            Just("{"),
            Just("}"),
            Just("and("),
            Just("or("),
            Just("count()"),
            Just(".sum()"),
            Just("id"),
            Just("a b"),
            Just("%2"),
            Just("%28"),
            Just("+"),
            Just(";"),
            Just("\t"),
            Just("é"),
            Just("-"),
            Just("1"),
            Just("inner"),
            Just("null"),
            Just("desc"),
            Just("nullslast"),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat())
}

// ---- properties ---------------------------------------------------------------------------

fn assert_well_formed(query: &str) {
    for opts in [
        QueryOptions::default(),
        QueryOptions {
            rpc_read: true,
            ..QueryOptions::default()
        },
    ] {
        if let Err(e) = parse_query_with(query, &opts) {
            assert_eq!(e.code(), "PGRST100");
            assert!(
                e.message().starts_with("\"failed to parse "),
                "{}",
                e.message()
            );
            assert!(e.message().contains(" (line "), "{}", e.message());
            assert!(e.details().is_some_and(|d| !d.is_empty()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC*") {
        assert_well_formed(&s);
        let _ = parse_prefer([s.as_str()], true, |_| true);
        let _ = parse_accept(Some(&s));
        let _ = decode_media_type(&s);
        let _ = parse_range_header(&s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let s = String::from_utf8_lossy(&bytes);
        assert_well_formed(&s);
    }

    #[test]
    fn grammar_soup_never_panics(s in grammar_soup()) {
        assert_well_formed(&s);
        let encoded = form_encode(&s);
        assert_well_formed(&format!("select={encoded}"));
        assert_well_formed(&format!("or={encoded}"));
        assert_well_formed(&format!("order={encoded}"));
        assert_well_formed(&format!("id={encoded}"));
    }

    #[test]
    fn top_level_filter_values_are_verbatim(f in filter()) {
        // At top level the value is everything after the operator; `in` lists are quoted.
        let key = render_field(&f.field);
        let value = render_op(f.negated, &f.operation, false);
        let q = parse_query(&encode_pairs(&[(&key, &value)])).unwrap();
        prop_assert_eq!(q.filters.len(), 1);
        prop_assert!(q.filters[0].embed_path.is_empty());
        prop_assert_eq!(&q.filters[0].filter, &f);
    }

    #[test]
    fn embedded_filters_round_trip(path in prop::collection::vec(ident(), 1..3), f in filter()) {
        let key = format!("{}.{}", path.join("."), render_field(&f.field));
        let value = render_op(f.negated, &f.operation, false);
        let q = parse_query(&encode_pairs(&[(&key, &value)])).unwrap();
        prop_assert_eq!(&q.filters[0].embed_path, &path);
        prop_assert_eq!(&q.filters[0].filter, &f);
    }

    #[test]
    fn logic_trees_round_trip(tree in logic_tree(), negated in any::<bool>(), and in any::<bool>()) {
        let root = LogicTree::Expr {
            negated,
            op: if and { LogicOperator::And } else { LogicOperator::Or },
            children: vec![tree],
        };
        let rendered = render_tree(&root);
        // Split "[not.]op(...)" into key and value the way postgrest-js users write it.
        let open = rendered.find('(').unwrap();
        let (key, value) = rendered.split_at(open);
        let q = parse_query(&encode_pairs(&[(key, value)])).unwrap();
        prop_assert_eq!(&q.logic[0].tree, &root);
    }

    #[test]
    fn select_round_trips(items in select_items()) {
        let rendered = render_select(&items);
        let q = parse_query(&encode_pairs(&[("select", &rendered)])).unwrap();
        prop_assert_eq!(&q.select, &items, "select={}", rendered);
    }

    #[test]
    fn order_round_trips(terms in order_terms()) {
        let rendered = render_order(&terms);
        let q = parse_query(&encode_pairs(&[("order", &rendered)])).unwrap();
        prop_assert_eq!(&q.order[0].terms, &terms, "order={}", rendered);
    }

    #[test]
    fn columns_round_trip(cols in prop::collection::btree_set(any_name(), 1..5)) {
        let rendered = cols.iter().map(|c| name(c)).collect::<Vec<_>>().join(",");
        let q = parse_query(&encode_pairs(&[("columns", &rendered), ("on_conflict", &rendered)])).unwrap();
        prop_assert_eq!(q.columns.as_ref(), Some(&cols));
        prop_assert_eq!(q.on_conflict.unwrap(), cols.into_iter().collect::<Vec<_>>());
    }

    #[test]
    fn limit_offset_round_trip(limit in 0i64..1_000_000, offset in 0i64..1_000_000) {
        let q = parse_query(&format!("limit={limit}&offset={offset}")).unwrap();
        let r = q.root_range();
        if limit == 0 && offset == 0 {
            prop_assert!(r.has_limit_zero());
        } else {
            prop_assert_eq!(r.offset(), Some(i128::from(offset)));
            prop_assert_eq!(r.limit(), Some(i128::from(limit)));
        }
    }

    #[test]
    fn canonical_is_a_fixed_point(pairs in prop::collection::btree_map("[a-z]{1,6}", "\\PC{0,8}", 0..5)) {
        let pairs: Vec<(&str, &str)> = pairs.iter().filter(|(k, _)| k.as_str() != "apikey").map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let query = encode_pairs(&pairs);
        if let Ok(q) = parse_query(&query) {
            let again = parse_query(&q.canonical).unwrap();
            prop_assert_eq!(again.canonical, q.canonical);
        }
    }

    #[test]
    fn nesting_is_bounded(depth in 0usize..80) {
        let select = format!("select={}id{}", "a(".repeat(depth), ")".repeat(depth));
        prop_assert_eq!(parse_query(&select).is_ok(), depth <= 32);
        let or = format!("or=({}a.eq.1{})", "and(".repeat(depth), ")".repeat(depth));
        prop_assert_eq!(parse_query(&or).is_ok(), depth < 32);
    }
}
