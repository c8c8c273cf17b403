//! `claimbridge gen types`: the TypeScript types of the exposed schemas, in the shape of
//! `supabase gen types typescript`. The frontend's committed types must be what the migrations
//! give (regenerate with `claimbridge gen types --schema public > frontend/src/lib/database.types.ts`).
use cb_rest::{RestSettings, schema_cache, typegen};
use cb_tests::{TestApp, spawn_app};

use super::fixture_app;

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
