//! Filters on extension types and domains: the value takes the type the operator wants, as an
//! untyped PostgREST parameter does (`ltree ~ lquery`, `ltree <@ ltree`), and full-text search
//! works on a tsvector domain and on a domain over one.

use serde_json::json;

use super::{depth_app, expect_reads, get};

#[tokio::test]
async fn an_extension_types_operators_take_their_own_operand_types() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            // ltree ~ lquery: the value is an lquery, not an ltree.
            (
                "/dp_categories?select=path&path=match.*.Respiratory.*&order=path",
                json!([
                    {"path": "Equipment.Respiratory"},
                    {"path": "Equipment.Respiratory.CPAP"},
                    {"path": "Equipment.Respiratory.Oxygen"}
                ]),
            ),
            (
                "/dp_categories?select=path&path=match.*.Mobility.*{1}&order=path",
                json!([{"path": "Equipment.Mobility.Wheelchairs"}]),
            ),
            // ltree <@ ltree: an operator whose operand is the column's own type.
            (
                "/dp_categories?select=title&path=cd.Equipment.Mobility&order=path",
                json!([
                    {"title": "Mobility"},
                    {"title": "Wheelchairs"},
                    {"title": "Power wheelchairs"}
                ]),
            ),
            (
                "/dp_categories?select=path&path=eq.Supplies.Diabetic.Strips",
                json!([{"path": "Supplies.Diabetic.Strips"}]),
            ),
            // A computed column using the extension's functions.
            (
                "/dp_categories?select=dp_depth&path=eq.Equipment.Mobility.Wheelchairs.Power",
                json!([{"dp_depth": 4}]),
            ),
            // not. and or= go through the same typing.
            (
                "/dp_categories?select=path&or=(path.match.Supplies.*,path.eq.Equipment)&order=path",
                json!([{"path": "Equipment"}, {"path": "Supplies.Diabetic.Strips"}]),
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_bad_operand_is_the_types_own_error() {
    let app = depth_app().await;
    // An lquery that does not parse: PostgreSQL's 42601 (syntax error), a 400 as PostgREST
    // answers it, naming the type.
    let reply = get(&app, "/dp_categories?path=match.*..{").await;
    let body = reply.assert_error(400, "42601");
    assert!(
        body["message"].as_str().unwrap().contains("lquery"),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn full_text_search_works_on_tsvector_domains() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            (
                "/dp_notes?select=id&search=fts(simple).oxygen",
                json!([{"id": 1}]),
            ),
            (
                "/dp_notes?select=id&search_filled=fts(simple).denied",
                json!([{"id": 2}]),
            ),
            (
                "/dp_notes?select=id&search_filled=wfts(simple).medical%20necessity",
                json!([{"id": 2}]),
            ),
            (
                "/dp_notes?select=id&search=not.plfts(simple).authorization&order=id",
                json!([{"id": 2}]),
            ),
        ],
    )
    .await;
}
