//! The productions of PostgREST's query-parameter grammar (`ApiRequest/QueryParams.hs`),
//! expressed with the parsec-compatible core so that results *and* failure texts match.
//!
//! Exempt from the 500-line rule on purpose: it is the parser grammar, one production per
//! PostgREST production in the order `QueryParams.hs` has them, so the two can be read side by
//! side; cutting it into files would separate productions that call each other and hide which
//! `try`/label wraps which alternative, which is what the failure texts depend on.

use crate::ast::{
    AggregateFunction, EmbedPath, Field, Filter, FtsOperator, IsValue, JoinType, JsonOperand,
    JsonOperation, LogicOperator, LogicTree, Operation, OrderDirection, OrderNulls, OrderTerm,
    QuantOperator, Quantifier, SelectItem, SimpleOperator,
};
use crate::haskell;
use crate::parsec::{
    Cx, PR, Seq, St, alt, any_char, attempt, chr, digit, eof, label, letter, look_ahead, many,
    many_chars, many1, many1_chars, map, none_of, not_followed_by, one_of, option, option_maybe,
    pure, scanned, sep_by, sep_by1, string, zero,
};

/// Right-nested `<|>` over the given parsers.
macro_rules! alts {
    ($cx:expr, $st:expr, $p:expr $(,)?) => { call($cx, $st, $p) };
    ($cx:expr, $st:expr, $p:expr, $($rest:expr),+ $(,)?) => {
        alt($cx, $st, $p, |cx, st| alts!(cx, st, $($rest),+))
    };
}

fn call<'a, T>(cx: &mut Cx<'a>, st: St, p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>) -> PR<T> {
    p(cx, st)
}

/// `try p`, given as a parser.
fn t<'a, T>(cx: &mut Cx<'a>, st: St, p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>) -> PR<T> {
    let r = p(cx, st);
    attempt(cx, r)
}

/// `try (string kw $> v)` alternatives, right-nested (all alternatives use `try`).
fn keywords<T: Copy>(cx: &mut Cx<'_>, st: St, table: &[(&'static str, T)]) -> PR<T> {
    match table {
        [] => zero(st),
        [(kw, v)] => t(cx, st, |cx, st| map(string(cx, st, kw), |_| *v)),
        [(kw, v), rest @ ..] => alt(
            cx,
            st,
            |cx, st| t(cx, st, |cx, st| map(string(cx, st, kw), |_| *v)),
            |cx, st| keywords(cx, st, rest),
        ),
    }
}

/// `lookAhead (string s)` wrapped in `try`, discarding the result.
fn peek_str(cx: &mut Cx<'_>, st: St, s: &'static str) -> PR<()> {
    t(cx, st, |cx, st| {
        look_ahead(st, map(string(cx, st, s), |_| ()))
    })
}

const FIELD_NAME: &str = "field name (* or [a..z0..9_$])";

/// `ws = many (oneOf " \t")`
fn ws(cx: &mut Cx<'_>, st: St) -> PR<()> {
    let r = many_chars(
        cx,
        st,
        |c| c == ' ' || c == '\t',
        |cx, st| one_of(cx, st, " \t"),
    );
    map(r, |_| ())
}

/// `lexeme p = ws *> p <* ws`
fn lexeme<'a, T>(cx: &mut Cx<'a>, st: St, p: impl FnOnce(&mut Cx<'a>, St) -> PR<T>) -> PR<T> {
    let mut q = Seq::new(st);
    q.step(ws(cx, q.st))?;
    let v = q.step(p(cx, q.st))?;
    q.step(ws(cx, q.st))?;
    q.done(v)
}

/// `pDelimiter = char '.' <?> "delimiter (.)"`
fn delimiter(cx: &mut Cx<'_>, st: St) -> PR<char> {
    label(chr(cx, st, '.'), "delimiter (.)")
}

/// `string kw *> pDelimiter`
fn keyword_dot(cx: &mut Cx<'_>, st: St, kw: &'static str) -> PR<()> {
    let mut q = Seq::new(st);
    q.step(string(cx, q.st, kw))?;
    q.step(delimiter(cx, q.st))?;
    q.done(())
}

/// `pQuotedValue`: `"…"` where a backslash escapes the next character.
fn quoted_value(cx: &mut Cx<'_>, st: St) -> PR<String> {
    let mut q = Seq::new(st);
    q.step(chr(cx, q.st, '"'))?;
    let chars = q.step(many(cx, q.st, |cx, st| {
        alt(
            cx,
            st,
            |cx, st| none_of(cx, st, "\\\""),
            |cx, st| {
                let mut q = Seq::new(st);
                q.step(chr(cx, q.st, '\\'))?;
                let c = q.step(any_char(cx, q.st))?;
                q.done(c)
            },
        )
    }))?;
    q.step(chr(cx, q.st, '"'))?;
    q.done(chars.into_iter().collect())
}

/// `try (char '-' >> notFollowedBy (char '>')) $> '-'`
fn dash(cx: &mut Cx<'_>, st: St) -> PR<char> {
    t(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        q.step(chr(cx, q.st, '-'))?;
        q.step(not_followed_by(cx, q.st, |cx, st| chr(cx, st, '>')))?;
        q.done('-')
    })
}

/// `sepByDash p`: identifiers joined by dashes that do not start an arrow.
fn sep_by_dash(cx: &mut Cx<'_>, st: St, p: fn(&mut Cx<'_>, St) -> PR<String>) -> PR<String> {
    map(sep_by1(cx, st, p, dash), |parts| parts.join("-"))
}

/// `pIdentifier = T.strip <$> many1 (letter <|> digit <|> oneOf "_ $")`
fn identifier(cx: &mut Cx<'_>, st: St) -> PR<String> {
    let accepts =
        |c: char| haskell::is_alpha(c) || haskell::is_digit(c) || matches!(c, '_' | ' ' | '$');
    let r = many1_chars(cx, st, accepts, |cx, st| {
        alts!(
            cx,
            st,
            |cx, st| letter(cx, st),
            |cx, st| digit(cx, st),
            |cx, st| one_of(cx, st, "_ $")
        )
    });
    map(r, |s| haskell::strip(&s).to_owned())
}

/// `pFieldName`: a quoted name or dash-joined identifiers.
pub(crate) fn field_name(cx: &mut Cx<'_>, st: St) -> PR<String> {
    let r = alt(cx, st, quoted_value, |cx, st| {
        sep_by_dash(cx, st, identifier)
    });
    label(r, FIELD_NAME)
}

/// `pJsonKeyIdentifier = T.strip <$> many1 (noneOf "(-:.,>)")`
fn json_key_identifier(cx: &mut Cx<'_>, st: St) -> PR<String> {
    let r = many1(cx, st, |cx, st| none_of(cx, st, "(-:.,>)"));
    map(r, |cs| {
        haskell::strip(&cs.into_iter().collect::<String>()).to_owned()
    })
}

/// `pJsonKeyName`
fn json_key_name(cx: &mut Cx<'_>, st: St) -> PR<String> {
    let r = alt(cx, st, quoted_value, |cx, st| {
        sep_by_dash(cx, st, json_key_identifier)
    });
    label(r, "any non reserved character different from: .,>()")
}

/// End of a JSON array index: `->`, `::`, `.`, `,` ahead, or end of input.
fn json_index_end(cx: &mut Cx<'_>, st: St) -> PR<()> {
    alts!(
        cx,
        st,
        |cx, st| peek_str(cx, st, "->"),
        |cx, st| peek_str(cx, st, "::"),
        |cx, st| peek_str(cx, st, "."),
        |cx, st| peek_str(cx, st, ","),
        |cx, st| t(cx, st, eof),
    )
}

fn json_index(cx: &mut Cx<'_>, st: St) -> PR<JsonOperand> {
    let mut q = Seq::new(st);
    let sign = q.step(option(cx, q.st, '+', |cx, st| chr(cx, st, '-')))?;
    let digits = q.step(many1_chars(cx, q.st, haskell::is_digit, |cx, st| {
        digit(cx, st)
    }))?;
    q.step(json_index_end(cx, q.st))?;
    let mut idx = String::from(sign);
    idx.push_str(&digits);
    q.done(JsonOperand::Idx(idx))
}

fn json_operation(cx: &mut Cx<'_>, st: St) -> PR<JsonOperation> {
    let mut q = Seq::new(st);
    let double = q.step(alt(
        cx,
        q.st,
        |cx, st| t(cx, st, |cx, st| map(string(cx, st, "->>"), |_| true)),
        |cx, st| t(cx, st, |cx, st| map(string(cx, st, "->"), |_| false)),
    ))?;
    let operand = q.step(alt(
        cx,
        q.st,
        |cx, st| t(cx, st, json_index),
        |cx, st| {
            t(cx, st, |cx, st| {
                map(json_key_name(cx, st), JsonOperand::Key)
            })
        },
    ))?;
    q.done(if double {
        JsonOperation::DoubleArrow(operand)
    } else {
        JsonOperation::Arrow(operand)
    })
}

/// `pJsonPath = many pJsonOperation`
fn json_path(cx: &mut Cx<'_>, st: St) -> PR<Vec<JsonOperation>> {
    many(cx, st, json_operation)
}

/// `pField = lexeme $ (,) <$> pFieldName <*> option [] pJsonPath`
fn field(cx: &mut Cx<'_>, st: St) -> PR<Field> {
    lexeme(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        let name = q.step(field_name(cx, q.st))?;
        let json_path = q.step(option(cx, q.st, Vec::new(), json_path))?;
        q.done(Field { name, json_path })
    })
}

/// `pTreePath`: `seg(.seg)*` plus an optional JSON path; the last segment is the field.
pub(crate) fn tree_path(cx: &mut Cx<'_>, st: St) -> PR<(EmbedPath, Field)> {
    if cx.fast_paths() {
        // A plain column name to the end: one segment, no JSON path.
        let rest = cx.rest(st);
        if !rest.is_empty() && rest.iter().all(|&c| is_plain_name_char(c)) {
            let name: String = rest.iter().collect();
            return scanned(cx, st, rest.len(), (Vec::new(), Field::column(name)));
        }
    }
    let mut q = Seq::new(st);
    let mut segments = q.step(sep_by1(cx, q.st, field_name, delimiter))?;
    let json_path = q.step(option(cx, q.st, Vec::new(), json_path))?;
    let name = segments.pop().unwrap_or_default();
    q.done((segments, Field { name, json_path }))
}

// ---------------------------------------------------------------------------------------------
// select=

/// `pFieldForest = pFieldTree `sepBy` lexeme (char ',')`
pub(crate) fn field_forest(cx: &mut Cx<'_>, st: St) -> PR<Vec<SelectItem>> {
    sep_by(cx, st, field_tree, |cx, st| {
        lexeme(cx, st, |cx, st| chr(cx, st, ','))
    })
}

/// `between (char '(') (char ')') pFieldForest`, one nesting level deeper.
fn sub_forest(cx: &mut Cx<'_>, st: St) -> PR<Vec<SelectItem>> {
    let mut q = Seq::new(st);
    q.step(chr(cx, q.st, '('))?;
    let items = q.step(cx.nested(q.st, field_forest))?;
    q.step(chr(cx, q.st, ')'))?;
    q.done(items)
}

fn field_tree(cx: &mut Cx<'_>, st: St) -> PR<SelectItem> {
    if cx.fast_paths() {
        let rest = cx.rest(st);
        if let Some(len) = plain_column_len(rest) {
            let name: String = rest[..len].iter().collect();
            return scanned(cx, st, len, SelectItem::column(name));
        }
    }
    alts!(
        cx,
        st,
        |cx, st| {
            let mut q = Seq::new(st);
            let (relation, hint, join_type) = q.step(t(cx, q.st, spread_relation_select))?;
            let children = q.step(sub_forest(cx, q.st))?;
            q.done(SelectItem::Spread {
                relation,
                hint,
                join_type,
                children,
            })
        },
        |cx, st| {
            let mut q = Seq::new(st);
            let (relation, alias, hint, join_type) = q.step(t(cx, q.st, relation_select))?;
            let children = q.step(sub_forest(cx, q.st))?;
            q.done(SelectItem::Relation {
                relation,
                alias,
                hint,
                join_type,
                children,
            })
        },
        field_select,
    )
}

/// What a name needs no quoting, dashes or stripping for: ASCII letters, digits and `_`.
fn is_plain_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The length of a plain column name or `*` that ends its
/// select item (`,`, `)` or the end follow): the most common items, which the alternatives of
/// [`field_tree`] would otherwise read up to five times over before reaching the same
/// `SelectItem::column`.
fn plain_column_len(rest: &[char]) -> Option<usize> {
    let len = if rest.first() == Some(&'*') {
        1
    } else {
        rest.iter().take_while(|&&c| is_plain_name_char(c)).count()
    };
    let ends_item = matches!(rest.get(len), None | Some(',' | ')'));
    (len > 0 && ends_item).then_some(len)
}

/// `aliasSeparator = char ':' >> notFollowedBy (char ':')`
fn alias_separator(cx: &mut Cx<'_>, st: St) -> PR<()> {
    let mut q = Seq::new(st);
    q.step(chr(cx, q.st, ':'))?;
    q.step(not_followed_by(cx, q.st, |cx, st| chr(cx, st, ':')))?;
    q.done(())
}

/// `optionMaybe (try (pFieldName <* aliasSeparator))`
fn opt_alias(cx: &mut Cx<'_>, st: St) -> PR<Option<String>> {
    option_maybe(cx, st, |cx, st| {
        t(cx, st, |cx, st| {
            let mut q = Seq::new(st);
            let name = q.step(field_name(cx, q.st))?;
            q.step(alias_separator(cx, q.st))?;
            q.done(name)
        })
    })
}

#[derive(Debug)]
enum EmbedParam {
    Hint(String),
    Join(JoinType),
}

fn embed_param(cx: &mut Cx<'_>, st: St) -> PR<EmbedParam> {
    let mut q = Seq::new(st);
    q.step(chr(cx, q.st, '!'))?;
    let p = q.step(alts!(
        cx,
        q.st,
        |cx, st| t(cx, st, |cx, st| map(string(cx, st, "left"), |_| {
            EmbedParam::Join(JoinType::Left)
        })),
        |cx, st| t(cx, st, |cx, st| map(string(cx, st, "inner"), |_| {
            EmbedParam::Join(JoinType::Inner)
        })),
        |cx, st| t(cx, st, |cx, st| map(field_name(cx, st), EmbedParam::Hint)),
    ))?;
    q.done(p)
}

/// `pEmbedParams`: up to two `!hint` / `!inner` / `!left`, the first of each kind wins.
fn embed_params(cx: &mut Cx<'_>, st: St) -> PR<(Option<String>, Option<JoinType>)> {
    let mut q = Seq::new(st);
    let p1 = q.step(option_maybe(cx, q.st, embed_param))?;
    let p2 = q.step(option_maybe(cx, q.st, embed_param))?;
    let mut hint = None;
    let mut join = None;
    for p in [p1, p2].into_iter().flatten() {
        match p {
            EmbedParam::Hint(h) => {
                hint.get_or_insert(h);
            }
            EmbedParam::Join(j) => {
                join.get_or_insert(j);
            }
        }
    }
    q.done((hint, join))
}

type RelationHead = (String, Option<String>, Option<String>, Option<JoinType>);

/// `pRelationSelect`: `[alias:]name[!p][!p]` followed (lookahead) by `(`; `count` is refused.
fn relation_select(cx: &mut Cx<'_>, st: St) -> PR<RelationHead> {
    lexeme(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        let alias = q.step(opt_alias(cx, q.st))?;
        let name = q.step(field_name(cx, q.st))?;
        if name == "count" {
            q.step(zero::<()>(q.st))?;
        }
        let (hint, join) = q.step(embed_params(cx, q.st))?;
        q.step(peek_str(cx, q.st, "("))?;
        q.done((name, alias, hint, join))
    })
}

/// `pSpreadRelationSelect`: `...name[!p][!p]` followed (lookahead) by `(`.
fn spread_relation_select(
    cx: &mut Cx<'_>,
    st: St,
) -> PR<(String, Option<String>, Option<JoinType>)> {
    lexeme(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        q.step(string(cx, q.st, "..."))?;
        let name = q.step(field_name(cx, q.st))?;
        let (hint, join) = q.step(embed_params(cx, q.st))?;
        q.step(peek_str(cx, q.st, "("))?;
        q.done((name, hint, join))
    })
}

/// End of a select item: `)` or `,` ahead, or end of input.
fn select_item_end(cx: &mut Cx<'_>, st: St) -> PR<()> {
    alts!(
        cx,
        st,
        |cx, st| peek_str(cx, st, ")"),
        |cx, st| peek_str(cx, st, ","),
        |cx, st| t(cx, st, eof)
    )
}

/// `optionMaybe (string "::" *> pIdentifier)`
fn opt_cast(cx: &mut Cx<'_>, st: St) -> PR<Option<String>> {
    option_maybe(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        q.step(string(cx, q.st, "::"))?;
        let ty = q.step(identifier(cx, q.st))?;
        q.done(ty)
    })
}

fn aggregation(cx: &mut Cx<'_>, st: St) -> PR<AggregateFunction> {
    let plain = |kw: &'static str, f: AggregateFunction| {
        move |cx: &mut Cx<'_>, st: St| map(string(cx, st, kw), move |_| f)
    };
    alts!(
        cx,
        st,
        plain("sum", AggregateFunction::Sum),
        plain("avg", AggregateFunction::Avg),
        plain("count", AggregateFunction::Count),
        |cx, st| t(cx, st, plain("max", AggregateFunction::Max)),
        |cx, st| t(cx, st, plain("min", AggregateFunction::Min)),
    )
}

fn field_select(cx: &mut Cx<'_>, st: St) -> PR<SelectItem> {
    lexeme(cx, st, |cx, st| {
        alts!(
            cx,
            st,
            |cx, st| t(cx, st, |cx, st| {
                let mut q = Seq::new(st);
                q.step(string(cx, q.st, "*"))?;
                q.step(select_item_end(cx, q.st))?;
                q.done(SelectItem::star())
            }),
            |cx, st| t(cx, st, |cx, st| {
                let mut q = Seq::new(st);
                let alias = q.step(opt_alias(cx, q.st))?;
                q.step(string(cx, q.st, "count()"))?;
                let aggregate_cast = q.step(opt_cast(cx, q.st))?;
                q.step(select_item_end(cx, q.st))?;
                q.done(SelectItem::Field {
                    field: Field::column("*"),
                    aggregate: Some(AggregateFunction::Count),
                    aggregate_cast,
                    cast: None,
                    alias,
                })
            }),
            |cx, st| {
                let mut q = Seq::new(st);
                let alias = q.step(opt_alias(cx, q.st))?;
                let field = q.step(field(cx, q.st))?;
                let cast = q.step(opt_cast(cx, q.st))?;
                let aggregate = q.step(option_maybe(cx, q.st, |cx, st| {
                    t(cx, st, |cx, st| {
                        let mut q = Seq::new(st);
                        q.step(chr(cx, q.st, '.'))?;
                        let f = q.step(aggregation(cx, q.st))?;
                        q.step(string(cx, q.st, "()"))?;
                        q.done(f)
                    })
                }))?;
                let aggregate_cast = q.step(opt_cast(cx, q.st))?;
                q.step(select_item_end(cx, q.st))?;
                q.done(SelectItem::Field {
                    field,
                    aggregate,
                    aggregate_cast,
                    cast,
                    alias,
                })
            },
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Filters

/// A parser for the value part of an operator expression.
pub(crate) type ValueParser = fn(&mut Cx<'_>, St) -> PR<String>;

/// `pSingleVal = many anyChar`: at top level the value is everything after the operator.
pub(crate) fn single_val(cx: &mut Cx<'_>, st: St) -> PR<String> {
    if cx.fast_paths() {
        let rest = cx.rest(st);
        return scanned(cx, st, rest.len(), rest.iter().collect());
    }
    map(many(cx, st, |cx, st| any_char(cx, st)), |cs| {
        cs.into_iter().collect()
    })
}

/// `try (pQuotedValue <* notFollowedBy (noneOf ",)"))`
fn quoted_element(cx: &mut Cx<'_>, st: St) -> PR<String> {
    t(cx, st, |cx, st| {
        let mut q = Seq::new(st);
        let v = q.step(quoted_value(cx, q.st))?;
        q.step(not_followed_by(cx, q.st, |cx, st| none_of(cx, st, ",)")))?;
        q.done(v)
    })
}

/// `many (noneOf ",)")`
fn unquoted_element(cx: &mut Cx<'_>, st: St) -> PR<String> {
    map(many(cx, st, |cx, st| none_of(cx, st, ",)")), |cs| {
        cs.into_iter().collect()
    })
}

/// `pLogicSingleVal`: inside logic trees a value ends at `,` or `)` unless quoted or a `{…}`
/// array literal.
pub(crate) fn logic_single_val(cx: &mut Cx<'_>, st: St) -> PR<String> {
    alts!(
        cx,
        st,
        quoted_element,
        |cx, st| t(cx, st, |cx, st| {
            let mut q = Seq::new(st);
            q.step(string(cx, q.st, "{"))?;
            let body = q.step(many_chars(
                cx,
                q.st,
                |c| c != '{' && c != '}',
                |cx, st| none_of(cx, st, "{}"),
            ))?;
            q.step(string(cx, q.st, "}"))?;
            let mut s = String::from("{");
            s.push_str(&body);
            s.push('}');
            q.done(s)
        }),
        unquoted_element,
    )
}

/// `pListVal = lexeme (char '(') *> pListElement `sepBy1` char ',' <* lexeme (char ')')`
fn list_val(cx: &mut Cx<'_>, st: St) -> PR<Vec<String>> {
    let mut q = Seq::new(st);
    q.step(lexeme(cx, q.st, |cx, st| chr(cx, st, '(')))?;
    let items = q.step(sep_by1(
        cx,
        q.st,
        |cx, st| alt(cx, st, quoted_element, unquoted_element),
        |cx, st| chr(cx, st, ','),
    ))?;
    q.step(lexeme(cx, q.st, |cx, st| chr(cx, st, ')')))?;
    q.done(items)
}

/// `ciString`: each character in lower case or `toUpper` case.
fn ci_string(cx: &mut Cx<'_>, st: St, s: &'static str) -> PR<()> {
    let mut q = Seq::new(st);
    for c in s.chars() {
        let upper = c.to_ascii_uppercase();
        q.step(alt(
            cx,
            q.st,
            |cx, st| chr(cx, st, c),
            |cx, st| chr(cx, st, upper),
        ))?;
    }
    q.done(())
}

fn is_val(cx: &mut Cx<'_>, st: St) -> PR<IsValue> {
    let ci = |kw: &'static str, v: IsValue| {
        move |cx: &mut Cx<'_>, st: St| t(cx, st, |cx, st| map(ci_string(cx, st, kw), move |_| v))
    };
    let r = alts!(
        cx,
        st,
        ci("null", IsValue::Null),
        ci("not_null", IsValue::NotNull),
        ci("true", IsValue::True),
        ci("false", IsValue::False),
        ci("unknown", IsValue::Unknown),
    );
    label(r, "isVal: (null, not_null, true, false, unknown)")
}

const SIMPLE_OPERATORS: &[(&str, SimpleOperator)] = &[
    ("neq", SimpleOperator::NotEqual),
    ("cs", SimpleOperator::Contains),
    ("cd", SimpleOperator::Contained),
    ("ov", SimpleOperator::Overlap),
    ("sl", SimpleOperator::StrictlyLeft),
    ("sr", SimpleOperator::StrictlyRight),
    ("nxr", SimpleOperator::NotExtendsRight),
    ("nxl", SimpleOperator::NotExtendsLeft),
    ("adj", SimpleOperator::Adjacent),
];

const QUANT_OPERATORS: &[(&str, QuantOperator)] = &[
    ("eq", QuantOperator::Equal),
    ("gte", QuantOperator::GreaterThanEqual),
    ("gt", QuantOperator::GreaterThan),
    ("lte", QuantOperator::LessThanEqual),
    ("lt", QuantOperator::LessThan),
    ("like", QuantOperator::Like),
    ("ilike", QuantOperator::ILike),
    ("match", QuantOperator::Match),
    ("imatch", QuantOperator::IMatch),
];

const FTS_OPERATORS: &[(&str, FtsOperator)] = &[
    ("fts", FtsOperator::Fts),
    ("plfts", FtsOperator::Plain),
    ("phfts", FtsOperator::Phrase),
    ("wfts", FtsOperator::Websearch),
];

fn op_in(cx: &mut Cx<'_>, st: St) -> PR<Operation> {
    let mut q = Seq::new(st);
    q.step(t(cx, q.st, |cx, st| keyword_dot(cx, st, "in")))?;
    let items = q.step(list_val(cx, q.st))?;
    q.done(Operation::In(items))
}

fn op_is(cx: &mut Cx<'_>, st: St) -> PR<Operation> {
    let mut q = Seq::new(st);
    q.step(t(cx, q.st, |cx, st| keyword_dot(cx, st, "is")))?;
    let v = q.step(is_val(cx, q.st))?;
    q.done(Operation::Is(v))
}

fn op_is_distinct(cx: &mut Cx<'_>, st: St, value: ValueParser) -> PR<Operation> {
    let mut q = Seq::new(st);
    q.step(t(cx, q.st, |cx, st| keyword_dot(cx, st, "isdistinct")))?;
    let v = q.step(value(cx, q.st))?;
    q.done(Operation::IsDistinctFrom(v))
}

fn op_fts(cx: &mut Cx<'_>, st: St, value: ValueParser) -> PR<Operation> {
    let mut q = Seq::new(st);
    let op = q.step(keywords(cx, q.st, FTS_OPERATORS))?;
    let language = q.step(option_maybe(cx, q.st, |cx, st| {
        t(cx, st, |cx, st| {
            let mut q = Seq::new(st);
            q.step(chr(cx, q.st, '('))?;
            let lang = q.step(identifier(cx, q.st))?;
            q.step(chr(cx, q.st, ')'))?;
            q.done(lang)
        })
    }))?;
    q.step(delimiter(cx, q.st))?;
    let v = q.step(value(cx, q.st))?;
    q.done(Operation::Fts {
        op,
        language,
        value: v,
    })
}

/// `op.value` where `op` is exactly a simple or a quantifiable operator (no `not.`, no
/// quantifier): every alternative [`op_expr`] tries before that operator's own fails without
/// consuming, so its parser is run directly.
fn plain_operation(cx: &mut Cx<'_>, st: St, value: ValueParser) -> Option<PR<Operation>> {
    let rest = cx.rest(st);
    let token = &rest[..rest.iter().position(|&c| c == '.')?];
    let is = |kw: &str| kw.chars().eq(token.iter().copied());
    if SIMPLE_OPERATORS.iter().any(|(kw, _)| is(kw)) {
        Some(op_simple(cx, st, value))
    } else if QUANT_OPERATORS.iter().any(|(kw, _)| is(kw)) {
        Some(op_quant(cx, st, value))
    } else {
        None
    }
}

fn op_simple(cx: &mut Cx<'_>, st: St, value: ValueParser) -> PR<Operation> {
    let mut q = Seq::new(st);
    let op = q.step(label(
        keywords(cx, q.st, SIMPLE_OPERATORS),
        "unknown single value operator",
    ))?;
    q.step(delimiter(cx, q.st))?;
    let v = q.step(value(cx, q.st))?;
    q.done(Operation::Simple { op, value: v })
}

fn op_quant(cx: &mut Cx<'_>, st: St, value: ValueParser) -> PR<Operation> {
    let mut q = Seq::new(st);
    let op = q.step(label(
        keywords(cx, q.st, QUANT_OPERATORS),
        "unknown single value operator",
    ))?;
    let quantifier = q.step(option_maybe(cx, q.st, |cx, st| {
        t(cx, st, |cx, st| {
            let mut q = Seq::new(st);
            q.step(chr(cx, q.st, '('))?;
            let v = q.step(alt(
                cx,
                q.st,
                |cx, st| {
                    t(cx, st, |cx, st| {
                        map(string(cx, st, "any"), |_| Quantifier::Any)
                    })
                },
                |cx, st| map(string(cx, st, "all"), |_| Quantifier::All),
            ))?;
            q.step(chr(cx, q.st, ')'))?;
            q.done(v)
        })
    }))?;
    q.step(delimiter(cx, q.st))?;
    let v = q.step(value(cx, q.st))?;
    q.done(Operation::Quant {
        op,
        quantifier,
        value: v,
    })
}

/// `pOpExpr pSVal`: `[not.]operation`.
pub(crate) fn op_expr(cx: &mut Cx<'_>, st: St, value: ValueParser) -> PR<(bool, Operation)> {
    if cx.fast_paths()
        && let Some(r) = plain_operation(cx, st, value)
    {
        return map(r, |operation| (false, operation));
    }
    let mut q = Seq::new(st);
    let negated = q.step(alt(
        cx,
        q.st,
        |cx, st| t(cx, st, |cx, st| map(keyword_dot(cx, st, "not"), |_| true)),
        |_, st| pure(st, false),
    ))?;
    let operation = q.step(label(
        alts!(
            cx,
            q.st,
            op_in,
            op_is,
            |cx, st| op_is_distinct(cx, st, value),
            |cx, st| t(cx, st, |cx, st| op_fts(cx, st, value)),
            |cx, st| t(cx, st, |cx, st| op_simple(cx, st, value)),
            |cx, st| t(cx, st, |cx, st| op_quant(cx, st, value)),
        ),
        "operator (eq, gt, ...)",
    ))?;
    q.done((negated, operation))
}

// ---------------------------------------------------------------------------------------------
// order=

fn order_direction(cx: &mut Cx<'_>, st: St) -> PR<OrderDirection> {
    let dir = |kw: &'static str, d: OrderDirection| {
        move |cx: &mut Cx<'_>, st: St| {
            t(cx, st, |cx, st| {
                let mut q = Seq::new(st);
                q.step(delimiter(cx, q.st))?;
                q.step(string(cx, q.st, kw))?;
                q.done(d)
            })
        }
    };
    alt(
        cx,
        st,
        dir("asc", OrderDirection::Asc),
        dir("desc", OrderDirection::Desc),
    )
}

fn order_nulls(cx: &mut Cx<'_>, st: St) -> PR<OrderNulls> {
    let nulls = |kw: &'static str, n: OrderNulls| {
        move |cx: &mut Cx<'_>, st: St| {
            t(cx, st, |cx, st| {
                let mut q = Seq::new(st);
                q.step(delimiter(cx, q.st))?;
                q.step(string(cx, q.st, kw))?;
                q.done(n)
            })
        }
    };
    alt(
        cx,
        st,
        nulls("nullsfirst", OrderNulls::First),
        nulls("nullslast", OrderNulls::Last),
    )
}

/// `pEnd = try (lookAhead (char ',')) <|> try eof`
fn order_end(cx: &mut Cx<'_>, st: St) -> PR<()> {
    alt(
        cx,
        st,
        |cx, st| {
            t(cx, st, |cx, st| {
                look_ahead(st, map(chr(cx, st, ','), |_| ()))
            })
        },
        |cx, st| t(cx, st, eof),
    )
}

/// `optionMaybe pNulls <* pEnd <|> pEnd $> Nothing`
fn order_tail(cx: &mut Cx<'_>, st: St) -> PR<(Option<OrderDirection>, Option<OrderNulls>)> {
    let mut q = Seq::new(st);
    let dir = q.step(option_maybe(cx, q.st, order_direction))?;
    let nulls = q.step(alt(
        cx,
        q.st,
        |cx, st| {
            let mut q = Seq::new(st);
            let n = q.step(option_maybe(cx, q.st, order_nulls))?;
            q.step(order_end(cx, q.st))?;
            q.done(n)
        },
        |cx, st| map(order_end(cx, st), |_| None),
    ))?;
    q.done((dir, nulls))
}

fn order_term(cx: &mut Cx<'_>, st: St) -> PR<OrderTerm> {
    let mut q = Seq::new(st);
    let field = q.step(field(cx, q.st))?;
    let (direction, nulls) = q.step(order_tail(cx, q.st))?;
    q.done(OrderTerm::Field {
        field,
        direction,
        nulls,
    })
}

fn order_relation_term(cx: &mut Cx<'_>, st: St) -> PR<OrderTerm> {
    let mut q = Seq::new(st);
    let relation = q.step(field_name(cx, q.st))?;
    q.step(chr(cx, q.st, '('))?;
    let field = q.step(field(cx, q.st))?;
    q.step(chr(cx, q.st, ')'))?;
    let (direction, nulls) = q.step(order_tail(cx, q.st))?;
    q.done(OrderTerm::Relation {
        relation,
        field,
        direction,
        nulls,
    })
}

/// `pOrder = lexeme (try pOrderRelationTerm <|> pOrderTerm) `sepBy1` char ','`
pub(crate) fn order(cx: &mut Cx<'_>, st: St) -> PR<Vec<OrderTerm>> {
    sep_by1(
        cx,
        st,
        |cx, st| {
            lexeme(cx, st, |cx, st| {
                alt(cx, st, |cx, st| t(cx, st, order_relation_term), order_term)
            })
        },
        |cx, st| chr(cx, st, ','),
    )
}

// ---------------------------------------------------------------------------------------------
// and= / or=

fn logic_filter(cx: &mut Cx<'_>, st: St) -> PR<Filter> {
    let mut q = Seq::new(st);
    let field = q.step(field(cx, q.st))?;
    q.step(delimiter(cx, q.st))?;
    let (negated, operation) = q.step(op_expr(cx, q.st, logic_single_val))?;
    q.done(Filter {
        field,
        negated,
        operation,
    })
}

fn logic_not(cx: &mut Cx<'_>, st: St) -> PR<bool> {
    let r = alt(
        cx,
        st,
        |cx, st| t(cx, st, |cx, st| map(keyword_dot(cx, st, "not"), |_| true)),
        |_, st| pure(st, false),
    );
    label(r, "negation operator (not)")
}

fn logic_operator(cx: &mut Cx<'_>, st: St) -> PR<LogicOperator> {
    let r = alt(
        cx,
        st,
        |cx, st| {
            t(cx, st, |cx, st| {
                map(string(cx, st, "and"), |_| LogicOperator::And)
            })
        },
        |cx, st| map(string(cx, st, "or"), |_| LogicOperator::Or),
    );
    label(r, "logic operator (and, or)")
}

fn logic_expr(cx: &mut Cx<'_>, st: St) -> PR<LogicTree> {
    let mut q = Seq::new(st);
    let negated = q.step(logic_not(cx, q.st))?;
    let op = q.step(logic_operator(cx, q.st))?;
    q.step(lexeme(cx, q.st, |cx, st| chr(cx, st, '(')))?;
    let children = q.step(sep_by1(
        cx,
        q.st,
        |cx, st| cx.nested(st, logic_tree),
        |cx, st| lexeme(cx, st, |cx, st| chr(cx, st, ',')),
    ))?;
    q.step(lexeme(cx, q.st, |cx, st| chr(cx, st, ')')))?;
    q.done(LogicTree::Expr {
        negated,
        op,
        children,
    })
}

/// `pLogicTree = Stmnt <$> try pLogicFilter <|> Expr <$> pNot <*> pLogicOp <*> (…)`
pub(crate) fn logic_tree(cx: &mut Cx<'_>, st: St) -> PR<LogicTree> {
    alt(
        cx,
        st,
        |cx, st| map(t(cx, st, logic_filter), LogicTree::Stmnt),
        logic_expr,
    )
}

/// `pLogicPath`: embed path (without `not` segments) and the operator (`or`, `not.and`, …).
pub(crate) fn logic_path(cx: &mut Cx<'_>, st: St) -> PR<(EmbedPath, String)> {
    let mut q = Seq::new(st);
    let path = q.step(sep_by1(cx, q.st, field_name, delimiter))?;
    let op = path.last().cloned().unwrap_or_default();
    let negated = path.iter().any(|s| s == "not");
    let embed = path[..path.len().saturating_sub(1)]
        .iter()
        .filter(|s| *s != "not")
        .cloned()
        .collect();
    q.done((embed, if negated { format!("not.{op}") } else { op }))
}

/// `pColumns = pFieldName `sepBy1` lexeme (char ',')`
pub(crate) fn columns(cx: &mut Cx<'_>, st: St) -> PR<Vec<String>> {
    sep_by1(cx, st, field_name, |cx, st| {
        lexeme(cx, st, |cx, st| chr(cx, st, ','))
    })
}

#[cfg(test)]
#[path = "grammar_doctests.rs"]
mod doctests;

/// The fast paths give exactly what the combinators give, on inputs built to sit on their
/// edges (plain names next to aliases, casts, JSON paths, embeds, quantifiers, `not.`, ...).
#[cfg(test)]
mod fast_path_tests {
    use proptest::prelude::*;

    use super::*;
    use crate::parsec::run_with;

    fn same<T: PartialEq + std::fmt::Debug>(input: &str, p: impl Fn(&mut Cx<'_>, St) -> PR<T>) {
        let fast = run_with(input, 32, true, &p);
        let slow = run_with(input, 32, false, &p);
        assert_eq!(fast, slow, "{input:?}");
    }

    fn check_all(input: &str) {
        same(input, field_forest);
        same(input, tree_path);
        same(input, |cx, st| op_expr(cx, st, single_val));
        same(input, |cx, st| op_expr(cx, st, logic_single_val));
        same(input, single_val);
    }

    const PIECES: &[&str] = &[
        "id", "name", "count", "count()", "eq", "neq", "gt", "gte", "like", "ilike", "in", "is",
        "not", "fts", "cs", "any", "all", "null", "*", "...", ".", ",", "(", ")", ":", "::", "->",
        "->>", "-", "!", "!inner", "_", "$", " ", "\t", "\"", "\\", "0", "9", "é", "sum", "avg",
        "text", "a1", "x_y",
    ];

    #[test]
    fn known_inputs() {
        for input in [
            "id,title,slug",
            "*",
            "*,b",
            "a,*",
            "count",
            "count()",
            "a:b",
            "a::text",
            "a->b",
            "a.sum()",
            "a(b)",
            "a!inner(b)",
            "...a(b)",
            "a,b(c,d)",
            "a ,b",
            "a-b",
            "a$",
            "",
            "published",
            "a.b",
            "eq.true",
            "eq.",
            "neq.x",
            "gt.5",
            "gte.5",
            "eq(any).{1}",
            "not.eq.1",
            "in.(1,2)",
            "is.null",
            "fts.x",
            "eqx.1",
            "like.*a*",
            "ilike.a",
            "imatch.a",
            "adj.[1,2]",
            "eq.a\tb",
            "cs.{a}",
            "(a)",
            ",",
            "a,",
            "a,,b",
        ] {
            check_all(input);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        #[test]
        fn random_inputs(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..8)) {
            check_all(&pieces.concat());
        }
    }
}
