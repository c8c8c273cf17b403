//! The site search: ranking, marked words, stemming, the websearch syntax, typos and
//! suggestions, and one result per path.
use super::*;

#[tokio::test]
async fn search_ranks_titles_over_descriptions_over_bodies_and_marks_the_words_found() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "in-body",
                "Field journal",
                "Daily notes.",
                "<p>On the river we saw a <strong>capybara</strong> today &amp; yesterday.</p>",
                "Nature",
                &[],
                "live",
            ),
            (
                "in-description",
                "Animal notes",
                "All about the capybara.",
                "<p>Nothing else.</p>",
                "Nature",
                &[],
                "live",
            ),
            (
                "in-title",
                "Capybara care guide",
                "Plain words.",
                "<p>Feeding and housing.</p>",
                "Nature",
                &[],
                "live",
            ),
        ],
    )
    .await;
    let found = search(&app, "Capybara", None).await;
    assert_eq!(
        (
            found["query"].clone(),
            found["total"].clone(),
            found["page"].clone(),
            found["page_size"].clone()
        ),
        (json!("Capybara"), json!(3), json!(1), json!(10))
    );
    assert_eq!(
        paths(&found),
        ["/blog/in-title", "/blog/in-description", "/blog/in-body"]
    );
    assert_eq!(found["suggestions"], json!([]));
    let body_hit = &found["results"][2];
    assert_eq!(
        (
            body_hit["kind"].clone(),
            body_hit["title"].clone(),
            body_hit["description"].clone()
        ),
        (json!("post"), json!("Field journal"), json!("Daily notes."))
    );
    assert_eq!(
        body_hit["snippet"], "On the river we saw a \u{E000}capybara\u{E001} today & yesterday.",
        "the body's text (no HTML, entities decoded), the word marked"
    );
    assert_eq!(
        found["results"][1]["snippet"], "All about the \u{E000}capybara\u{E001}.",
        "no body match: the description"
    );
    assert_eq!(
        found["results"][0]["snippet"], "Plain words.",
        "a title match: the description as it is"
    );

    // Pages of results: the same order, counted once.
    let second = answer(
        &app,
        "search_site",
        json!({"q": "capybara", "page": 2, "page_size": 2}),
        None,
    )
    .await;
    assert_eq!(
        (paths(&second), second["total"].clone()),
        (vec!["/blog/in-body".to_owned()], json!(3))
    );
    let past = answer(
        &app,
        "search_site",
        json!({"q": "capybara", "page": 3, "page_size": 2}),
        None,
    )
    .await;
    assert_eq!(
        (past["results"].clone(), past["total"].clone()),
        (json!([]), json!(3))
    );
}

#[tokio::test]
async fn search_stems_english_and_reads_the_websearch_syntax() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "billed-twice",
                "Duplicate claims",
                "When a claim goes out again.",
                "<p>The claim was billed twice.</p>",
                "Billing",
                &[],
                "live",
            ),
            (
                "ferret-food",
                "Ferret food",
                "What they eat.",
                "<p>Kibble and raw meat.</p>",
                "Pets",
                &[],
                "live",
            ),
            (
                "ferret-toys",
                "Ferret toys",
                "What they play with.",
                "<p>Balls and tunnels.</p>",
                "Pets",
                &[],
                "live",
            ),
        ],
    )
    .await;
    assert_eq!(
        paths(&search(&app, "billing", None).await),
        ["/blog/billed-twice"],
        "billing finds billed"
    );
    assert_eq!(
        paths(&search(&app, "claims billings", None).await),
        ["/blog/billed-twice"]
    );
    assert_eq!(
        paths(&search(&app, "ferret -toys", None).await),
        ["/blog/ferret-food"],
        "-word"
    );
    assert_eq!(
        paths(&search(&app, "ferret -\"play with\"", None).await),
        ["/blog/ferret-food"],
        "-\"phrase\""
    );
    assert_eq!(
        paths(&search(&app, "\"raw meat\"", None).await),
        ["/blog/ferret-food"],
        "a phrase"
    );
    assert_eq!(
        search(&app, "\"meat raw\"", None).await["total"],
        0,
        "a phrase's words in its order"
    );
    let either = paths(&search(&app, "kibble or tunnels", None).await);
    assert_eq!(either.len(), 2, "or: {either:?}");
    assert_eq!(
        paths(&search(&app, "kibble tunnels", None).await),
        Vec::<String>::new(),
        "all the words"
    );
    // Only stop words, only syntax, blank: nothing, and no error.
    for q in ["the of and", "-", "\"\"", " or ", "   ", ""] {
        let found = search(&app, q, None).await;
        assert_eq!(
            (
                found["total"].clone(),
                found["results"].clone(),
                found["suggestions"].clone()
            ),
            (json!(0), json!([]), json!([])),
            "{q:?}"
        );
        assert_eq!(found["query"], q);
    }
}

#[tokio::test]
async fn search_forgives_typos_in_titles_and_suggests_titles_when_nothing_matches() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "compliance",
                "Compliance Best Practices for DME Providers",
                "Seven elements.",
                "<p>Screen monthly.</p>",
                "Compliance",
                &[],
                "live",
            ),
            (
                "oxygen",
                "Oxygen Billing After the Rental Cap",
                "Months 37 to 60.",
                "<p>Contents billing.</p>",
                "Billing",
                &[],
                "live",
            ),
            (
                "hidden",
                "Compliance Secrets",
                "A draft.",
                "<p>Draft.</p>",
                "Compliance",
                &[],
                "draft",
            ),
        ],
    )
    .await;
    let found = search(&app, "compliace", None).await;
    assert_eq!(
        paths(&found),
        ["/blog/compliance"],
        "a typo in a title's word"
    );
    assert_eq!(
        found["results"][0]["title"],
        "Compliance Best Practices for DME Providers"
    );
    assert_eq!(
        paths(&search(&app, "oxygn biling", None).await),
        ["/blog/oxygen"]
    );
    // A -word holds against a title close to the words too.
    assert_eq!(search(&app, "compliace -screen", None).await["total"], 0);
    // Too short to tell a typo from the start of a word.
    assert_eq!(search(&app, "oxy", None).await["total"], 0);

    let nothing = search(&app, "compliant provision", None).await;
    assert_eq!(
        (nothing["total"].clone(), nothing["results"].clone()),
        (json!(0), json!([]))
    );
    assert_eq!(
        nothing["suggestions"],
        json!([{"title": "Compliance Best Practices for DME Providers", "path": "/blog/compliance"}]),
        "the titles closest to the words, never a draft's"
    );
    assert_eq!(
        search(&app, "zzyzx qwvbk", None).await["suggestions"],
        json!([]),
        "nothing close"
    );
}

#[tokio::test]
async fn search_gives_one_result_per_path_a_post_before_the_page_and_each_whitepaper() {
    let app = app().await;
    add_posts(
        &app,
        &[(
            "wombat-guide",
            "Wombat guide (post)",
            "The post.",
            "<p>Wombat care.</p>",
            "Zoology",
            &[],
            "live",
        )],
    )
    .await;
    let synced = sync_pages(
        &app,
        json!([
            {"path": "/blog/wombat-guide", "kind": "article", "title": "Wombat guide", "description": "The article.", "body": "Wombat wombat wombat care."},
            {"path": "/services", "kind": "page", "title": "Services", "description": "What we do.", "body": "Even for wombat owners."},
        ]),
    )
    .await
    .unwrap();
    assert_eq!(synced, 2);
    app.db
        .execute(
            "insert into public.whitepapers (title, description, category)
             values ('Wombat whitepaper one', 'First.', 'Zoology'), ('Wombat whitepaper two', 'Second.', 'Zoology')",
        )
        .await;
    let found = search(&app, "wombat", None).await;
    let results: Vec<(String, String, String)> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap().into(),
                r["path"].as_str().unwrap().into(),
                r["title"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(found["total"], 4);
    let post = (
        "post".to_owned(),
        "/blog/wombat-guide".to_owned(),
        "Wombat guide (post)".to_owned(),
    );
    assert!(results.contains(&post), "{results:?}");
    assert!(
        results.iter().all(|r| r.2 != "Wombat guide"),
        "the page of the post's path is left out: {results:?}"
    );
    let whitepapers: Vec<&String> = results
        .iter()
        .filter(|r| r.0 == "whitepaper")
        .map(|r| &r.2)
        .collect();
    assert_eq!(
        whitepapers.len(),
        2,
        "each whitepaper, both on /whitepapers: {results:?}"
    );
    assert!(
        results
            .iter()
            .filter(|r| r.0 == "whitepaper")
            .all(|r| r.1 == "/whitepapers")
    );
    assert!(results.contains(&(
        "page".to_owned(),
        "/services".to_owned(),
        "Services".to_owned()
    )));
}
