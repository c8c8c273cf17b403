//! Filters, logic trees, ordering, paging and counts.
use super::*;

#[tokio::test]
async fn comparison_and_pattern_operators_filter_with_the_column_type() {
    let app = fixture_app().await;
    let cases: &[(&str, &[&str])] = &[
        ("username=eq.supabot", &["supabot"]),
        ("username=neq.supabot&status=eq.OFFLINE", &["kiwicopple"]),
        ("username=gt.kiwicopple", &["supabot"]),
        (
            "username=gte.kiwicopple&username=lt.supabot",
            &["kiwicopple"],
        ),
        ("username=lte.awailas", &["awailas"]),
        ("username=like.*bot", &["supabot"]),
        ("username=ilike.*BOT", &["supabot"]),
        ("username=match.^kiwi", &["kiwicopple"]),
        ("username=imatch.^KIWI", &["kiwicopple"]),
        ("username=in.(supabot,awailas)", &["awailas", "supabot"]),
        (
            "username=not.in.(supabot,awailas,kiwicopple)",
            &["dragarcia", "jsonuser"],
        ),
        ("username=in.()", &[]),
        ("data=is.null&username=like.s*", &["supabot"]),
        ("data=not.is.null", &["jsonuser"]),
        (
            "username=isdistinct.supabot&status=eq.OFFLINE",
            &["kiwicopple"],
        ),
        (
            "username=like(any).{sup*,kiwi*}",
            &["kiwicopple", "supabot"],
        ),
        ("username=like(all).{*a*,*s*}", &["awailas", "supabot"]),
        (
            "username=eq(any).{awailas,dragarcia}",
            &["awailas", "dragarcia"],
        ),
        ("status=eq.OFFLINE", &["kiwicopple"]),
        ("age_range=cs.[22,23)", &["dragarcia", "jsonuser"]),
        ("age_range=cd.[0,3)", &["supabot"]),
        ("age_range=ov.[30,31)", &["awailas", "kiwicopple"]),
        ("age_range=sl.[10,20)", &["supabot"]),
        (
            "age_range=sr.[10,20)",
            &["awailas", "dragarcia", "jsonuser", "kiwicopple"],
        ),
        ("age_range=nxr.[0,2)", &["supabot"]),
        ("age_range=nxl.[30,40)", &[]),
        (
            "age_range=adj.[2,25)",
            &["awailas", "kiwicopple", "supabot"],
        ),
        ("catchphrase=fts.cat", &["kiwicopple", "supabot"]),
        ("catchphrase=plfts.fat%20cat", &["supabot"]),
        ("catchphrase=phfts(english).fat%20cat", &["supabot"]),
        ("catchphrase=wfts.rat%20-bat", &["dragarcia"]),
        (
            "catchphrase=not.fts.cat&username=neq.jsonuser",
            &["awailas", "dragarcia"],
        ),
        ("data->>age=eq.25", &["jsonuser"]),
        ("data->age=gt.20", &["jsonuser"]),
        ("data->foo->bar=cs.{\"baz\":1}", &["jsonuser"]),
    ];
    expect_usernames(&app, cases).await;
    let cases = [
        (
            "/fx_cornercase?select=id&array_column=cs.{a}&order=id",
            json!([{"id": 1}, {"id": 3}]),
        ),
        (
            "/fx_cornercase?select=id&array_column=ov.{c,x}",
            json!([{"id": 2}]),
        ),
        (
            "/fx_cornercase?select=id&%22column%20whitespace%22=in.(%22foo%22,bar)&order=id",
            json!([{"id": 1}, {"id": 2}]),
        ),
        (
            "/fx_accounts?select=email&score=not.is.null",
            json!([{"email": "ada@example.com"}]),
        ),
    ];
    expect_reads(&app, &cases).await;
}

#[tokio::test]
async fn or_and_trees_nest_and_negate() {
    let app = fixture_app().await;
    let cases: &[(&str, &[&str])] = &[
        (
            "or=(username.eq.supabot,username.eq.awailas)",
            &["awailas", "supabot"],
        ),
        (
            "or=(status.eq.OFFLINE,and(username.like.s*,status.eq.ONLINE))",
            &["kiwicopple", "supabot"],
        ),
        (
            "not.or=(status.eq.ONLINE,username.eq.nobody)",
            &["kiwicopple"],
        ),
        (
            "and=(username.gte.k,or(status.eq.OFFLINE,username.eq.supabot))",
            &["kiwicopple", "supabot"],
        ),
        (
            "or=(username.in.(supabot,kiwicopple),age_range.adj.\"[25,30)\")",
            &["kiwicopple", "supabot"],
        ),
        (
            "or=(data->>age.eq.25,username.eq.awailas)",
            &["awailas", "jsonuser"],
        ),
        (
            "or=(username.not.eq.supabot)&status=eq.OFFLINE",
            &["kiwicopple"],
        ),
    ];
    expect_usernames(&app, cases).await;
}

#[tokio::test]
async fn order_with_directions_nulls_and_json_paths() {
    let app = fixture_app().await;
    let cases = [
        (
            "/fx_accounts?select=email&order=score.desc.nullslast",
            json!([{"email": "ada@example.com"}, {"email": "grace@example.com"}]),
        ),
        (
            "/fx_accounts?select=email&order=score.desc.nullsfirst",
            json!([{"email": "grace@example.com"}, {"email": "ada@example.com"}]),
        ),
        (
            "/fx_messages?select=id&order=channel_id.desc,id.asc",
            json!([{"id": 2}, {"id": 4}, {"id": 1}, {"id": 3}]),
        ),
    ];
    expect_reads(&app, &cases).await;
    let json_path = get(
        &app,
        "/fx_users?select=username&order=data->>age.asc.nullslast,username&limit=2",
    )
    .await;
    assert_eq!(usernames(&json_path.json()), ["jsonuser", "awailas"]);
}

#[tokio::test]
async fn limits_offsets_and_range_headers_give_content_ranges() {
    let app = fixture_app().await;
    let counted = |path: &str| get(&app, path).header("prefer", "count=exact");
    let page = counted("/fx_users?select=username&order=username&limit=2&offset=1").await;
    page.assert_headers(
        206,
        &[
            ("content-range", "1-2/5"),
            ("preference-applied", "count=exact"),
        ],
    );
    assert_eq!(usernames(&page.json()), ["dragarcia", "jsonuser"]);

    let all = counted("/fx_users?select=username").await;
    all.assert_range(200, "0-4/5");

    let ranged = get(&app, "/fx_users?select=username&order=username")
        .header("range", "1-3")
        .await;
    ranged.assert_range(200, "1-3/*");
    assert_eq!(
        usernames(&ranged.json()),
        ["dragarcia", "jsonuser", "kiwicopple"]
    );

    expect_text_ranges(vec![
        (counted("/fx_users?limit=0"), 206, "[]", "*/5"),
        (counted("/fx_users?username=eq.x"), 200, "[]", "*/0"),
    ])
    .await;

    // PostgREST answers this one from the read path: an error body, the read's headers.
    let past = counted("/fx_users?offset=10").await;
    past.assert_range(416, "*/5");
    let body = past.json();
    assert_eq!(body["code"], "PGRST103");
    assert_eq!(body["message"], "Requested range not satisfiable");
    assert_eq!(
        body["details"],
        "An offset of 10 was requested, but there are only 5 rows."
    );

    get(&app, "/fx_users?limit=-1")
        .await
        .assert_error(416, "PGRST103");
    let bad_range = get(&app, "/fx_users").header("range", "5-2").await;
    let body = bad_range.assert_error(416, "PGRST103");
    assert_eq!(
        body["details"],
        "The lower boundary must be lower than or equal to the upper boundary in the Range header."
    );
}

#[tokio::test]
async fn planned_and_estimated_counts_give_numbers() {
    let app = fixture_app().await;
    app.db.execute("analyze public.fx_users").await;
    for count in ["planned", "estimated"] {
        let reply = get(&app, "/fx_users?select=username&limit=1")
            .header("prefer", &format!("count={count}"))
            .await;
        let range = reply.header("content-range").unwrap().to_owned();
        let total: i64 = range
            .split('/')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{count}: {range}"));
        assert!(total >= 1, "{count}: {range}");
        assert_eq!(
            reply.header("preference-applied"),
            Some(format!("count={count}").as_str())
        );
    }
}
