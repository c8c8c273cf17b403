//! Property tests: no input panics, errors are well-formed, and ASTs rendered back to query
//! syntax parse to the same AST.

#[path = "../common/mod.rs"]
mod common;
mod render;
mod strategies;

use cb_postgrest_syntax::{
    LogicOperator, LogicTree, QueryOptions, decode_media_type, parse_accept, parse_prefer,
    parse_query, parse_query_with, parse_range_header,
};
use common::{encode_pairs, form_encode};
use proptest::prelude::*;

use render::*;
use strategies::*;

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
