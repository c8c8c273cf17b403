//! Aggregates inside spread embeds: a to-one spread's aggregate is grouped by the parent's
//! columns and by the other spreads' columns, at any depth, as PostgREST documents; a to-many
//! spread refuses aggregates with PGRST127.

use serde_json::{Value, json};

use super::{depth_app, expect_reads, get};

/// The rows of a JSON array, sorted by their text: for answers whose order the request leaves
/// open (PostgREST orders only by what `order=` names).
fn sorted(rows: &Value) -> Vec<String> {
    let mut rows: Vec<String> = rows
        .as_array()
        .expect("an array")
        .iter()
        .map(Value::to_string)
        .collect();
    rows.sort();
    rows
}

#[tokio::test]
async fn a_spreads_aggregate_is_grouped_by_the_parents_and_the_other_spreads_columns() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            // Only aggregates: one group.
            (
                "/dp_rental_orders?select=...dp_order_costs(total:cost.sum())",
                json!([{"total": 2095.75}]),
            ),
            // Grouped by another spread's column.
            (
                "/dp_rental_orders?select=...dp_order_costs(cost.sum()),...dp_order_categories(name)&order=dp_order_categories(name)",
                json!([{"sum": 1800.00, "name": "Purchase"}, {"sum": 295.75, "name": "Rental"}]),
            ),
            (
                "/dp_rental_orders?select=...dp_order_costs(cost_sum:cost.sum()),...dp_order_categories(category:name)&order=dp_order_categories(category)",
                json!([{"cost_sum": 1800.00, "category": "Purchase"}, {"cost_sum": 295.75, "category": "Rental"}]),
            ),
            // Nested: grouped by the spread parent's own column.
            (
                "/dp_order_reviewers?select=...dp_rental_orders(branch_id,...dp_order_costs(cost.sum()))&order=dp_rental_orders(branch_id).desc",
                json!([{"branch_id": 2, "sum": 3095.25}, {"branch_id": 1, "sum": 500.50}]),
            ),
            // count() without a column, alone and beside columns, and at two levels at once.
            (
                "/dp_order_reviewers?select=reviewer_id,...dp_rental_orders(count())&order=reviewer_id",
                json!([{"reviewer_id": 1, "count": 3}, {"reviewer_id": 2, "count": 3}]),
            ),
            (
                "/dp_order_reviewers?select=...dp_rental_orders(branch:branch_id,orders:count(),...dp_order_costs(costs:count()))&order=dp_rental_orders(branch)",
                json!([{"branch": 1, "orders": 3, "costs": 3}, {"branch": 2, "orders": 3, "costs": 3}]),
            ),
        ],
    )
    .await;
}

#[tokio::test]
async fn nested_spreads_group_by_the_top_parents_columns() {
    let app = depth_app().await;
    let reply = get(
        &app,
        "/dp_order_reviewers?select=reviewer_id,...dp_rental_orders(...dp_order_costs(cost.sum()),...dp_order_categories(name))&order=reviewer_id",
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        sorted(&reply.json()),
        sorted(&json!([
            {"reviewer_id": 1, "sum": 1500.00, "name": "Purchase"},
            {"reviewer_id": 1, "sum": 200.50, "name": "Rental"},
            {"reviewer_id": 2, "sum": 1800.00, "name": "Purchase"},
            {"reviewer_id": 2, "sum": 95.25, "name": "Rental"}
        ])),
        "{}",
        reply.text
    );

    // Nested: grouped by a regular embed beside it.
    let reply = get(
        &app,
        "/dp_order_reviewers?select=...dp_rental_orders(dp_branches(name),...dp_order_costs(cost.sum()))",
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        sorted(&reply.json()),
        sorted(&json!([
            {"dp_branches": {"name": "North"}, "sum": 500.50},
            {"dp_branches": {"name": "South"}, "sum": 3095.25}
        ])),
        "{}",
        reply.text
    );

    // Under a to-many embed: each reviewer's groups, an empty list for none.
    let reply = get(
        &app,
        "/dp_reviewers?select=name,dp_order_reviewers(...dp_rental_orders(...dp_order_costs(cost.sum()),...dp_order_categories(name)))&order=id",
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    let reviewers = reply.json();
    let groups: Vec<(String, Vec<String>)> = reviewers
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                sorted(&r["dp_order_reviewers"]),
            )
        })
        .collect();
    let expected = |name: &str, rows: Value| (name.to_owned(), sorted(&rows));
    assert_eq!(
        groups,
        [
            expected(
                "Dana",
                json!([{"sum": 1500.00, "name": "Purchase"}, {"sum": 200.50, "name": "Rental"}])
            ),
            expected(
                "Eli",
                json!([{"sum": 1800.00, "name": "Purchase"}, {"sum": 95.25, "name": "Rental"}])
            ),
            expected("Fern", json!([])),
        ],
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn a_to_many_spread_refuses_aggregates() {
    let app = depth_app().await;
    get(
        &app,
        "/dp_branches?select=name,...dp_suppliers(name,id.sum())",
    )
    .await
    .assert_error_with(
        400,
        "PGRST127",
        &json!({
            "message": "Feature not implemented",
            "details": "Aggregates are not implemented for one-to-many or many-to-many spreads.",
            "hint": null
        }),
    );
}
