//! Generators of ASTs, names and grammar soup for the properties.

use cb_postgrest_syntax::*;
use proptest::prelude::*;

use crate::render::RESERVED;

pub(crate) fn ident() -> impl Strategy<Value = String> {
    "[a-z_][a-z0-9_]{0,8}".prop_filter("reserved", |s| !RESERVED.iter().any(|r| s.starts_with(r)))
}

/// Any name: mostly identifiers, sometimes arbitrary (quoted) text.
pub(crate) fn any_name() -> impl Strategy<Value = String> {
    prop_oneof![4 => ident(), 1 => "\\PC{1,8}".prop_filter("reserved", |s| !RESERVED.iter().any(|r| s.starts_with(r)))]
}

/// JSON paths. An index is only recognised when followed by `->`, `::`, `.`, `,` or the end of
/// input (before `)` it is read as a key, as in PostgREST), so generated paths end with a key
/// whenever they contain an index.
pub(crate) fn json_path() -> impl Strategy<Value = Vec<JsonOperation>> {
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

pub(crate) fn field() -> impl Strategy<Value = Field> {
    (any_name(), json_path()).prop_map(|(name, json_path)| Field { name, json_path })
}

pub(crate) fn cast() -> impl Strategy<Value = Option<String>> {
    prop::option::of("[a-z][a-z0-9_]{0,6}")
}

pub(crate) fn aggregate() -> impl Strategy<Value = Option<AggregateFunction>> {
    prop::option::of(prop_oneof![
        Just(AggregateFunction::Sum),
        Just(AggregateFunction::Avg),
        Just(AggregateFunction::Max),
        Just(AggregateFunction::Min),
        Just(AggregateFunction::Count),
    ])
}

pub(crate) fn join_type() -> impl Strategy<Value = Option<JoinType>> {
    prop::option::of(prop_oneof![Just(JoinType::Inner), Just(JoinType::Left)])
}

pub(crate) fn select_leaf() -> impl Strategy<Value = SelectItem> {
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

pub(crate) fn select_items() -> impl Strategy<Value = Vec<SelectItem>> {
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

pub(crate) fn operation() -> impl Strategy<Value = Operation> {
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

pub(crate) fn filter() -> impl Strategy<Value = Filter> {
    (field(), any::<bool>(), operation()).prop_map(|(field, negated, operation)| Filter {
        field,
        negated,
        operation,
    })
}

pub(crate) fn logic_tree() -> impl Strategy<Value = LogicTree> {
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

pub(crate) fn order_terms() -> impl Strategy<Value = Vec<OrderTerm>> {
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
pub(crate) fn grammar_soup() -> impl Strategy<Value = String> {
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
