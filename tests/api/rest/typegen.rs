//! `claimbridge gen types`: the TypeScript types of the exposed schemas, in the shape of
//! `supabase gen types typescript`. The frontend's committed types must be what the migrations
//! give (regenerate with `claimbridge gen types --schema public > frontend/src/lib/database.types.ts`).
use cb_rest::{RestSettings, schema_cache, typegen};
use cb_tests::{TestApp, spawn_app};

use super::{depth_app, fixture_app};

/// The TypeScript types of `schemas` (none: every exposed one) as the app's database has them.
async fn types_of(app: &TestApp, schemas: &[String]) -> String {
    let cache = schema_cache::load(&app.db.pool, &RestSettings::default())
        .await
        .unwrap();
    typegen::typescript(&cache, schemas)
}

#[tokio::test]
async fn the_frontends_database_types_are_what_the_migrations_give() {
    let generated = types_of(&spawn_app().await, &["public".into()]).await;
    let committed = include_str!("../../../frontend/src/lib/database.types.ts");
    if generated != committed {
        let first = generated
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "frontend/src/lib/database.types.ts is stale (first difference at line {}): run \
             `claimbridge gen types --schema public > frontend/src/lib/database.types.ts`\n\
             generated: {:?}\ncommitted: {:?}",
            first + 1,
            generated.lines().nth(first),
            committed.lines().nth(first)
        );
    }
}

#[tokio::test]
async fn enums_functions_views_and_relationships_are_typed() {
    let types = types_of(&fixture_app().await, &[]).await;
    for expected in [
        "      fx_user_status: \"ONLINE\" | \"OFFLINE\"",
        "          status: Database[\"public\"][\"Enums\"][\"fx_user_status\"] | null",
        "          username: string",
        "          username?: string",
        "            referencedRelation: \"fx_users\"",
        "    Views: {",
        "    Functions: {",
        "export type Tables<",
        "export const Constants = {",
    ] {
        assert!(
            types.contains(expected),
            "missing {expected:?} in:\n{types}"
        );
    }
    assert!(
        !types.contains("Functions: {\n      [_ in never]: never"),
        "{types}"
    );
}

#[tokio::test]
async fn domains_are_typed_as_their_base_or_their_json_representation() {
    let types = types_of(&depth_app().await, &[]).await;
    // dp_brand_colors.color: a domain over integer shown through `domain -> json`.
    let colors = section(&types, "      dp_brand_colors: {\n        Row: {");
    assert!(colors.contains("          color: Json\n"), "{colors}");
    // dp_notes.search_filled: a domain over a domain over tsvector.
    let notes = section(&types, "      dp_notes: {\n        Row: {");
    assert!(
        notes.contains("          search_filled: string\n"),
        "{notes}"
    );
    // An extension type without a mapping stays unknown, as supabase gen types has it.
    let categories = section(&types, "      dp_categories: {\n        Row: {");
    assert!(
        categories.contains("          path: unknown\n"),
        "{categories}"
    );
}

/// The text of `types` from `start` to the end of that block's `Row`.
fn section<'a>(types: &'a str, start: &str) -> &'a str {
    let from = types
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in:\n{types}"));
    let rest = &types[from..];
    let to = rest.find("        }\n").unwrap_or(rest.len());
    &rest[..to]
}
