//! Chains collapse both ways so a visitor makes one hop; loops are refused, directly, through a
//! chain and by a prefix into itself.
use super::*;

#[tokio::test]
async fn chains_collapse_both_ways_so_a_visitor_makes_one_hop() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    add_rule(&app, &editor, json!({"source_path": "/a", "target": "/b"})).await;
    // /a -> /b, then /b -> /c: the older rule now sends /a straight to /c.
    add_rule(&app, &editor, json!({"source_path": "/b", "target": "/c"})).await;
    assert_eq!(targets(&app).await, [to("/a", "/c"), to("/b", "/c")]);
    // A new rule into the chain points where it ends, keeping its own query and fragment where
    // the end has none (as the server would carry them over).
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/campaign", "target": "/A?utm_source=mail#top"}),
    )
    .await;
    assert_eq!(rule["target"], "/c?utm_source=mail#top");
    // The end moves on: everything that led there follows, a target's own query kept.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/c/", "target": "/d?v=2"}),
    )
    .await;
    assert_eq!(
        targets(&app).await,
        [
            to("/a", "/d?v=2"),
            to("/b", "/d?v=2"),
            to("/c", "/d?v=2"),
            to("/campaign", "/d?v=2#top"),
        ]
    );
    // A 410 ends a chain where it is; a full address is the end.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/gone", "status_code": 410}),
    )
    .await;
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/e", "target": "/gone"}),
    )
    .await;
    assert_eq!(rule["target"], "/gone");
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/d", "target": "https://elsewhere.example/d"}),
    )
    .await;
    assert_eq!(
        targets(&app).await,
        [
            to("/a", "https://elsewhere.example/d?v=2"),
            to("/b", "https://elsewhere.example/d?v=2"),
            to("/c", "https://elsewhere.example/d?v=2"),
            to("/campaign", "https://elsewhere.example/d?v=2#top"),
            to("/d", "https://elsewhere.example/d"),
            to("/e", "/gone"),
            ("/gone".to_owned(), None),
        ]
    );
    // A prefix rule's target is a folder, not a page: an exact rule on that path leaves it be.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/docs", "target": "/manual"}),
    )
    .await;
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/help/", "match_type": "prefix", "target": "/docs/"}),
    )
    .await;
    assert_eq!(rule["target"], "/docs/");
}

#[tokio::test]
async fn loops_are_refused_directly_through_a_chain_and_by_a_prefix_into_itself() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let refused = async |rule: Value, message: &str| {
        let answer = rest_as(&app, Some(&editor)).post("redirects", rule).await;
        assert_error(&answer, 400, "22023", message);
    };
    refused(
        json!({"source_path": "/pricing", "target": "/Pricing/?plan=pro"}),
        "This redirect would loop: /pricing → /Pricing/.",
    )
    .await;
    // Through a chain: /x -> /y -> /z exists (collapsed to /x -> /z, /y -> /z).
    add_rule(&app, &editor, json!({"source_path": "/x", "target": "/y"})).await;
    add_rule(&app, &editor, json!({"source_path": "/y", "target": "/z"})).await;
    refused(
        json!({"source_path": "/z", "target": "/y"}),
        "This redirect would loop: /z → /y → /z.",
    )
    .await;
    refused(
        json!({"source_path": "/z", "target": "/x"}),
        "This redirect would loop: /z → /x → /z.",
    )
    .await;
    // A prefix into itself never ends.
    refused(
        json!({"source_path": "/blog/", "match_type": "prefix", "target": "/blog/archive/"}),
        "This redirect would loop: /blog/archive/ is inside /blog/ itself.",
    )
    .await;
    // Through a prefix: /docs/... -> /manual/..., and one manual page back into /docs/.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/docs/", "match_type": "prefix", "target": "/manual/"}),
    )
    .await;
    refused(
        json!({"source_path": "/manual/intro", "target": "/docs/intro"}),
        "This redirect would loop: /manual/intro → /docs/intro → /manual/intro.",
    )
    .await;
    // And the other way round: the exact rule first, then the prefix that closes the loop.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/guide/start", "target": "/handbook/start"}),
    )
    .await;
    refused(
        json!({"source_path": "/handbook/", "match_type": "prefix", "target": "/guide/"}),
        "This redirect would loop: /handbook/start → /guide/start → /handbook/start.",
    )
    .await;
    // A change that would close a loop is refused as well; the rule stays as it was.
    let (status, body) = rest_as(&app, Some(&editor))
        .patch("redirects?source_path=eq./x", json!({"source_path": "/z"}))
        .await;
    assert_error(
        &(status, body),
        400,
        "22023",
        "This redirect would loop: /z → /z.",
    );
    assert_eq!(
        targets(&app).await,
        [
            to("/docs/", "/manual/"),
            to("/guide/start", "/handbook/start"),
            to("/x", "/z"),
            to("/y", "/z"),
        ]
    );
}
