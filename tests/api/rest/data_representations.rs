//! Domain representations (PostgREST's "Domain Representations"): implicit casts between a
//! domain and json or text format the column in responses (`domain -> json`), parse filter
//! values (`text -> domain`) and parse body fields (`json -> domain`); without them the
//! stored format works as before.

use serde_json::json;

use super::{depth_app, expect_reads, get, patch, post};

#[tokio::test]
async fn a_domain_is_shown_in_its_json_representation() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            (
                "/dp_brand_colors?select=name,color&order=id",
                json!([
                    {"name": "Claim green", "color": "#00FF00"},
                    {"name": "Denial red", "color": "#FF0000"},
                    {"name": "Navy", "color": "#000080"}
                ]),
            ),
            // `*` is expanded so that the column keeps its format.
            (
                "/dp_brand_colors?id=eq.3",
                json!([{"id": 3, "palette_id": null, "name": "Navy", "color": "#000080"}]),
            ),
            // An alias, and inside an embed.
            (
                "/dp_brand_colors?select=hex:color&id=eq.1",
                json!([{"hex": "#00FF00"}]),
            ),
            (
                "/dp_palettes?select=name,dp_brand_colors(color)&dp_brand_colors.order=id",
                json!([{"name": "Website", "dp_brand_colors": [{"color": "#00FF00"}, {"color": "#FF0000"}]}]),
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn filters_take_values_in_the_text_representation() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            (
                "/dp_brand_colors?select=name&color=eq.%2300FF00",
                json!([{"name": "Claim green"}]),
            ),
            (
                "/dp_brand_colors?select=name&color=in.(%23FF0000,%23000080)&order=id",
                json!([{"name": "Denial red"}, {"name": "Navy"}]),
            ),
            (
                "/dp_brand_colors?select=name&color=gt(any).{%23000080,%2300FF00}&order=id",
                json!([{"name": "Claim green"}, {"name": "Denial red"}]),
            ),
            (
                "/dp_brand_colors?select=name&color=not.eq.%2300FF00&order=id",
                json!([{"name": "Denial red"}, {"name": "Navy"}]),
            ),
        ],
    )
    .await;
    // A value the parser refuses is the parser's own error, as a 400.
    get(&app, "/dp_brand_colors?color=eq.%23GG0000")
        .await
        .assert_error(400, "22P02");
}

#[tokio::test]
async fn writes_take_fields_in_the_json_representation() {
    let app = depth_app().await;
    post(
        &app,
        "/dp_brand_colors",
        &json!({"name": "Teal", "color": "#008080"}),
    )
    .header("prefer", "return=representation")
    .await
    .assert_json(
        201,
        &json!([{"id": 4, "palette_id": null, "name": "Teal", "color": "#008080"}]),
    );
    post(
        &app,
        "/dp_brand_colors?columns=name,color",
        &json!([{"name": "White", "color": "#FFFFFF"}, {"name": "Black", "color": "#000000"}]),
    )
    .await
    .assert_text(201, "");
    patch(
        &app,
        "/dp_brand_colors?name=eq.Navy",
        &json!({"color": "#000099"}),
    )
    .header("prefer", "return=representation")
    .await
    .assert_json(
        200,
        &json!([{"id": 3, "palette_id": null, "name": "Navy", "color": "#000099"}]),
    );
    // Stored in the domain's own format.
    assert_eq!(
        app.db
            .json_rows("select name, color from public.dp_brand_colors where id >= 3 order by id")
            .await,
        [
            json!({"name": "Navy", "color": 153}),
            json!({"name": "Teal", "color": 32896}),
            json!({"name": "White", "color": 16777215}),
            json!({"name": "Black", "color": 0}),
        ]
    );

    // A field the parser refuses, or the domain's check refuses: a 400, nothing stored.
    post(
        &app,
        "/dp_brand_colors",
        &json!({"name": "Bad", "color": "#XYZ"}),
    )
    .await
    .assert_error(400, "22P02");
    post(
        &app,
        "/dp_brand_colors",
        &json!({"name": "Too big", "color": "#1000000"}),
    )
    .await
    .assert_error(400, "23514");
    assert_eq!(
        app.db
            .count("select count(*) from public.dp_brand_colors where name in ('Bad', 'Too big')")
            .await,
        0
    );
}
