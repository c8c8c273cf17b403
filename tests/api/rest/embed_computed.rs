//! Computed relationships: a function taking a row of one relation and returning rows of
//! another embeds like a relationship named after the function (to-one when not SETOF or
//! `ROWS 1`), also after a write (in writes/inserts.rs), and replaces the foreign keys'
//! relationship when it has the related table's name.

use cb_tests::eventually;
use serde_json::json;

use super::{
    POLL_EVERY, SETTLED_WITHIN, depth_app, expect_fixture_reads, expect_reads, fixture_app, get,
};

#[tokio::test]
async fn functions_of_a_row_embed_like_relationships() {
    expect_fixture_reads(&[
        (
            "/fx_messages?select=id,fx_author(username,status)&id=eq.4",
            json!([{"id": 4, "fx_author": {"username": "awailas", "status": "ONLINE"}}]),
        ),
        (
            "/fx_users?select=username,fx_latest_messages(id),fx_first_message(id)&username=eq.supabot",
            json!([{
                "username": "supabot",
                "fx_latest_messages": [{"id": 3}, {"id": 2}],
                "fx_first_message": {"id": 1}
            }]),
        ),
        // A user without messages: an empty list, a null object.
        (
            "/fx_users?select=username,fx_latest_messages(id),fx_first_message(id)&username=eq.dragarcia",
            json!([{"username": "dragarcia", "fx_latest_messages": [], "fx_first_message": null}]),
        ),
        // !inner, an alias, filters and nesting.
        (
            "/fx_users?select=username,last:fx_latest_messages!inner(id,fx_author(username))&fx_latest_messages.id=eq.4",
            json!([{"username": "awailas", "last": [{"id": 4, "fx_author": {"username": "awailas"}}]}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn a_computed_relationship_named_like_a_table_replaces_the_foreign_key() {
    let app = fixture_app().await;
    app.db.execute(
        "create function public.fx_channels(public.fx_messages) returns setof public.fx_channels rows 1
         language sql stable as $$ select * from public.fx_channels where slug = 'private' $$;
         grant execute on function public.fx_channels(public.fx_messages) to anon;
         notify pgrst, 'reload schema';",
    )
    .await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(&app, "/fx_messages?select=id,fx_channels(slug)&id=eq.1").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        if reply.json() == json!([{"id": 1, "fx_channels": {"slug": "private"}}]) {
            return Ok(());
        }
        Err(format!("never overridden: {}", reply.text))
    })
    .await;
}

#[tokio::test]
async fn every_documented_shape_of_computed_relationship_embeds() {
    let app = depth_app().await;
    expect_reads(
        &app,
        &[
            // To-one without SETOF, and with SETOF ... ROWS 1.
            (
                "/dp_claims?select=name,payer:dp_claim_payer(name)&id=in.(1,3)&order=id",
                json!([
                    {"name": "CPAP rental month 1", "payer": {"name": "Medicare DME MAC Jurisdiction B"}},
                    {"name": "Power wheelchair purchase", "payer": {"name": "Blue Cross Blue Shield"}}
                ]),
            ),
            (
                "/dp_claims?select=name,payer:dp_claim_payer_rows(name)&id=eq.4",
                json!([{"name": "Oxygen concentrator rental", "payer": {"name": "Blue Cross Blue Shield"}}]),
            ),
            // To-many.
            (
                "/dp_payers?select=name,claims:dp_payer_claims(name)&id=eq.1",
                json!([{"name": "Medicare DME MAC Jurisdiction B", "claims": [
                    {"name": "CPAP rental month 1"}, {"name": "CPAP rental month 2"}
                ]}]),
            ),
            // A table joined to itself both ways.
            (
                "/dp_pages?select=name,dp_child_pages(name),dp_parent_page(name)&id=in.(1,2)&order=id",
                json!([
                    {"name": "Home", "dp_child_pages": [{"name": "Services"}, {"name": "About"}], "dp_parent_page": null},
                    {"name": "Services", "dp_child_pages": [{"name": "Billing"}, {"name": "Audits"}], "dp_parent_page": {"name": "Home"}}
                ]),
            ),
            // A function named unlike the table it returns: the nested embeds join on the
            // function's alias, not on the table's name.
            (
                "/dp_patients?select=name,dp_patient_orders(item,dp_order_notes(note))&patient_id=eq.1",
                json!([{"name": "R. Alvarez", "dp_patient_orders": [
                    {"item": "Hospital bed", "dp_order_notes": [{"note": "Delivered and set up"}]}
                ]}]),
            ),
            (
                "/dp_patients?select=name,dp_patient_orders(item,dp_deliveries(delivery_id,dp_patients(name)))&patient_id=eq.2",
                json!([{"name": "J. Chen", "dp_patient_orders": [
                    {"item": "Nebulizer", "dp_deliveries": [{"delivery_id": 1001, "dp_patients": {"name": "J. Chen"}}]}
                ]}]),
            ),
            // After a normal embed, both ways.
            (
                "/dp_suppliers?select=name,dp_branches(name,dp_branch_suppliers(name))&id=eq.2",
                json!([{"name": "Beacon Home Health", "dp_branches": {
                    "name": "North", "dp_branch_suppliers": {"name": "Acme Medical"}
                }}]),
            ),
            (
                "/dp_branches?select=name,dp_suppliers(name,dp_supplier_branch(name))&id=eq.2",
                json!([{"name": "South", "dp_suppliers": [
                    {"name": "Cedar DME", "dp_supplier_branch": {"name": "South"}}
                ]}]),
            ),
            // Overloads on two tables: each table finds its own.
            (
                "/dp_items?select=id,dp_overload(id)&id=eq.1",
                json!([{"id": 1, "dp_overload": [{"id": 1}]}]),
            ),
            (
                "/dp_items_more?select=id,dp_overload(id)&id=eq.1",
                json!([{"id": 1, "dp_overload": [{"id": 1}, {"id": 2}]}]),
            ),
        ],
    )
    .await;
}
